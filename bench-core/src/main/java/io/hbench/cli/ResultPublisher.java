package io.hbench.cli;

import static java.util.Objects.requireNonNull;

import io.hbench.environment.StoreSettings;
import io.hbench.error.ExitStatus;
import io.hbench.findings.Finding;
import io.hbench.findings.Findings;
import io.hbench.findings.LinkCapacities;
import io.hbench.fs.Leftover;
import io.hbench.fs.LocalOutput;
import io.hbench.fs.RunLeftovers;
import io.hbench.fs.StoreCheck;
import io.hbench.resources.ClusterSampling;
import io.hbench.result.BenchResult;
import io.hbench.result.Environment;
import io.hbench.result.Outcome;
import io.hbench.result.Phase;
import io.hbench.result.ProgramResult;
import io.hbench.result.ResourceUsage;
import io.hbench.result.format.JsonResultFormat;
import io.hbench.result.format.ResourceSummaryFormat;
import io.hbench.undo.RunUndo;
import java.io.IOException;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where a program's result goes: its classic lines on the console and appended to the {@code -resFile} file, the hosts'
 * resource summary and the run's findings on the console (scripts parse the file's lines), the whole result as JSON to
 * the {@code -json} file. What the run's removals left ({@link RunLeftovers}) goes into the result, and so into its
 * findings. The outputs were checked before the run started.
 */
public final class ResultPublisher {
    /** The line before a run's findings on the console. */
    public static final String FINDINGS_HEADER = "----- Findings -----";

    private final PrintStream out;
    private final PrintStream err;
    private final List<String> commandLine;
    private final Optional<LocalOutput> resultFile;
    private final Optional<LocalOutput> jsonFile;
    /** The run's sampling of every host; stopped by the first result, whose window it closes. */
    private Optional<ClusterSampling> clusterSampling;

    /**
     * @param commandLine the program's name and its arguments as given, secrets redacted, for the result's environment
     */
    ResultPublisher(PrintStream out, PrintStream err, List<String> commandLine, Optional<LocalOutput> resultFile,
            Optional<LocalOutput> jsonFile, Optional<ClusterSampling> clusterSampling) {
        this.out = requireNonNull(out, "out is null");
        this.err = requireNonNull(err, "err is null");
        this.commandLine = List.copyOf(commandLine);
        this.resultFile = requireNonNull(resultFile, "resultFile is null");
        this.jsonFile = requireNonNull(jsonFile, "jsonFile is null");
        this.clusterSampling = requireNonNull(clusterSampling, "clusterSampling is null");
    }

    /** Publishes {@code result}, whose classic lines are {@code lines}; returns the exit status its outcome gives. */
    ExitStatus publish(ClusterSession session, List<String> lines, ProgramResult result)
            throws IOException, InterruptedException {
        lines.forEach(out::println);
        if (resultFile.isPresent()) {
            resultFile.get().append(lines);
        }
        Environment environment = session.environment(commandLine);
        BenchResult benchResult = result.toBenchResult(environment);
        Environment withStore = StoreSettings.record(environment, session.configuration(),
                benchResult.locations().values());
        if (!withStore.equals(environment)) {
            benchResult = result.toBenchResult(withStore);
        }
        if (!StoreCheck.enabled(session.configuration())) {
            benchResult = benchResult.withOutputs(Map.of(StoreCheck.OUTPUT, StoreCheck.SKIPPED));
        }
        if (clusterSampling.isPresent()) {
            // The run's jobs have ended: the window closes here, and what it saw replaces the tasks' own sampling.
            List<Phase> phases = benchResult.resources().map(ResourceUsage::phases).orElse(List.of());
            try {
                benchResult = benchResult.withResources(clusterSampling.get().stop(phases, benchResult.taskHosts()
                        .keySet())).withOutputs(clusterSampling.get().hdfsSlowNodeReports());
            } catch (IOException e) {
                if (!RunUndo.stopping()) {
                    err.println("hbench: resource sampler: lost what it sampled (" + e.getMessage() + "); the figures"
                            + " are the run's tasks' own");
                }
            }
            clusterSampling = Optional.empty();
        }
        // After the sampler's stop, which removes its directory.
        benchResult = benchResult.withOutputs(Leftover.outputs(RunLeftovers.take()));
        BenchResult printed = benchResult;
        printed.resources().ifPresent(usage -> ResourceSummaryFormat.lines(usage, printed.start(), printed.end())
                .forEach(out::println));
        List<Finding> findings = Findings.of(benchResult, LinkCapacities.none());
        if (!findings.isEmpty()) {
            out.println();
            out.println(FINDINGS_HEADER);
            findings.forEach(out::println);
        }
        if (jsonFile.isPresent()) {
            BenchResult written = benchResult;
            jsonFile.get().write(writer -> new JsonResultFormat().write(written, writer));
        }
        return benchResult.outcome() == Outcome.PASSED ? ExitStatus.SUCCESS : ExitStatus.FAILURE;
    }
}
