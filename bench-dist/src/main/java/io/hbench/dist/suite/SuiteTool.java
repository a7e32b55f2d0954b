package io.hbench.dist.suite;

import static java.util.Objects.requireNonNull;

import io.hbench.cli.BenchTool;
import io.hbench.cli.CommandLineProgram;
import io.hbench.cli.ExitMapping;
import io.hbench.cli.FlagNames;
import io.hbench.cli.FlagParser;
import io.hbench.cli.FlagValues;
import io.hbench.cli.ProgramMessages;
import io.hbench.embedded.EmbeddedCluster;
import io.hbench.environment.EnvironmentProbe;
import io.hbench.error.ExitStatus;
import io.hbench.findings.LinkCapacities;
import io.hbench.fs.LocalOutput;
import io.hbench.report.compare.Comparer;
import io.hbench.report.compare.ComparisonFlags;
import io.hbench.report.compare.SuiteBaseline;
import io.hbench.report.suite.StepFile;
import io.hbench.report.suite.StepRecord;
import io.hbench.report.suite.SuiteOverview;
import io.hbench.report.suite.SuiteRecord;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.util.GenericOptionsParser;

/**
 * {@code Suite -out DIR [-profile quick|standard|full] [-resume]}: qualifies a cluster with one command, the same way
 * every time ({@link SuiteProfile}). Every step's result and log, {@code suite.json}, the HTML report of all the
 * results and the summary go into DIR. A failed step is recorded and the suite goes on; exit 1 at the end if any
 * step did not pass. The cluster is the configured one ({@code HADOOP_CONF_DIR}, generic options), or the embedded
 * one. Generic options given to the suite are given to every step.
 */
public final class SuiteTool implements CommandLineProgram {
    static final String USAGE = "Suite [genericOptions] -out <dir> [-profile quick|standard|full] [-resume]"
            + " [-baseline <dir>]... [-embeddedDir <dir>] [-embeddedStore] [-linkSpeed <host=rate,...>]";

    private final PrintStream out;
    private final PrintStream err;
    private final SuiteRunner.Launcher launcher;

    /** @param launcher runs the steps' programs: bench.jar's driver, or a fake in tests */
    public SuiteTool(PrintStream out, PrintStream err, SuiteRunner.Launcher launcher) {
        this.out = requireNonNull(out, "out is null");
        this.err = requireNonNull(err, "err is null");
        this.launcher = requireNonNull(launcher, "launcher is null");
    }

    @Override
    public String name() {
        return "Suite";
    }

    @Override
    public String description() {
        return "qualify a cluster: TestDFSIO, NNThroughputBenchmark (FsMetadata on an object store), TPCx-HS, EBB and"
                + " RandBench in one fixed run";
    }

    @Override
    public int runCommandLine(Configuration conf, String[] given) throws InterruptedException {
        ExitMapping exits = new ExitMapping(name(), err, FlagNames.SAME, false);
        try {
            return runSuite(conf, given, exits);
        } catch (IOException e) {
            return exits.inputRefused(e);
        } catch (RuntimeException e) {
            return exits.statusOf(e, false);
        }
    }

    private int runSuite(Configuration conf, String[] given, ExitMapping exits)
            throws IOException, InterruptedException {
        // Generic options (-D, -conf, -fs, ...) come first, as for every program: they shape the suite's view of the
        // cluster and go to every step.
        String[] args = new GenericOptionsParser(conf, given).getRemainingArgs();
        List<String> generic = List.of(given).subList(0, given.length - args.length);
        Options options = new Options();
        options.addOption(FlagParser.valued("out", "dir", "the suite's directory"));
        options.addOption(FlagParser.valued("profile", "quick|standard|full",
                "how large the steps are (default standard)"));
        options.addOption(FlagParser.present("resume", "continue an interrupted suite in -out"));
        options.addOption(FlagParser.valued("baseline", "dir", "an earlier suite of the same definition to hold this"
                + " one to, step by step (repeat it for repetitions)"));
        options.addOption(FlagParser.valued("embeddedDir", "dir",
                "the embedded cluster's storage, when no cluster is configured"));
        options.addOption(FlagParser.present(BenchTool.EMBEDDED_STORE_FLAG, "when no cluster is configured, run on"
                + " an embedded cluster whose file system is an S3 object store rather than HDFS"));
        options.addOption(FlagParser.valued(LinkCapacities.LINK_SPEED_FLAG, "host=rate", "each host's link capacity"
                + " (20Mbit, 1Gbit, 10Gbit), where neither its NIC nor the suite's EBB step tells it; given to every"
                + " step"));
        options.addOption(FlagParser.present("help", "print this help"));
        CommandLine line = FlagParser.parse(options, args, List.of());
        if (line.hasOption("help")) {
            ProgramMessages.printHelp(out, USAGE, options);
            return ExitStatus.SUCCESS.code();
        }
        if (!line.hasOption("out")) {
            return exits.usageError("give the suite's directory: -out <dir>");
        }
        Path dir = Paths.get(line.getOptionValue("out"));
        String linkSpeed = line.getOptionValue(LinkCapacities.LINK_SPEED_FLAG);
        if (linkSpeed != null) {
            FlagValues.hostRates("-" + LinkCapacities.LINK_SPEED_FLAG, linkSpeed);
        }
        SuiteProfile asked = line.hasOption("profile") ? SuiteProfile.parse(line.getOptionValue("profile")) : null;
        SuiteState state;
        SuiteProfile profile;
        if (line.hasOption("resume")) {
            state = SuiteState.read(dir);
            LocalOutput.checkDirectory("-out", dir);
            profile = profileOf(state, dir);
            if (asked != null && asked != profile) {
                return exits.usageError("-resume: " + dir + " holds a suite of profile " + profile.flagValue()
                        + ", not " + asked.flagValue());
            }
        } else {
            profile = asked == null ? SuiteProfile.STANDARD : asked;
            requireNewOrEmpty(dir);
            ClusterShape shape = ClusterShape.of(conf, line.hasOption(BenchTool.EMBEDDED_STORE_FLAG)
                    ? EmbeddedCluster.Storage.S3 : EmbeddedCluster.Storage.HDFS);
            if (!shape.embedded()) {
                requireSpace(conf, profile, shape);
            }
            state = SuiteRunner.fresh(profile.definition(), shape, profile.steps(shape, List.of()));
        }
        List<Path> baselines = baselines(line, state);
        if (!line.hasOption("resume")) {
            Files.createDirectories(dir);
            state.write(dir);
        }
        List<String> flags = new ArrayList<>(generic);
        flags.addAll(List.of("-D", EnvironmentProbe.SUITE_DEFINITION_KEY + "=" + profile.definition()));
        boolean store = state.cluster().embedded() && !state.cluster().hasNameNode();
        if (line.hasOption("resume") && line.hasOption(BenchTool.EMBEDDED_STORE_FLAG) && !store) {
            return exits.usageError("-resume -" + BenchTool.EMBEDDED_STORE_FLAG + ": " + dir + " holds a suite that"
                    + " ran on " + state.cluster() + ", not on the embedded object store");
        }
        if (state.cluster().embedded()) {
            // A resumed suite runs on the storage it started on, whether or not -embeddedStore is given again.
            flags.add(store ? "-" + BenchTool.EMBEDDED_STORE_FLAG : "-embedded");
            if (line.hasOption("embeddedDir")) {
                flags.addAll(List.of("-embeddedDir", line.getOptionValue("embeddedDir")));
            }
        } else {
            for (String embedded : List.of("embeddedDir", BenchTool.EMBEDDED_STORE_FLAG)) {
                if (line.hasOption(embedded)) {
                    return exits.usageError("-" + embedded + ": a cluster is configured; the suite runs on it, not on"
                            + " an embedded one");
                }
            }
        }
        if (linkSpeed != null) {
            // Each step's result records it, so its findings say the same wherever they are read.
            flags.addAll(List.of("-" + LinkCapacities.LINK_SPEED_FLAG, linkSpeed));
        }
        List<SuiteStep> steps = profile.steps(state.cluster(), flags);
        err.println("hbench: Suite: " + profile.definition() + ", " + steps.size() + " steps, sized for "
                + state.cluster() + "; results and logs in " + dir);
        SuiteState end = new SuiteRunner(launcher, err).run(dir, steps, state);
        writeReport(dir, baselines);
        List<String> summary = new ArrayList<>(SuiteOverview.read(dir).lines());
        summary.addAll(againstBaselines(dir, baselines));
        LocalOutput.writeAtomically(dir.resolve("summary.txt"), summary);
        summary.forEach(out::println);
        boolean allPassed = end.steps().stream().allMatch(step -> step.status() == StepRecord.Status.PASSED);
        return allPassed ? ExitStatus.SUCCESS.code() : ExitStatus.FAILURE.code();
    }

    /**
     * The -baseline suites, checked before anything runs: each must be a suite of this one's definition, sized for a
     * cluster of the same shape, or its steps measured something else.
     */
    private static List<Path> baselines(CommandLine line, SuiteState state) throws IOException {
        List<Path> baselines = new ArrayList<>();
        for (String value : line.getOptionValues("baseline") == null ? new String[0] : line.getOptionValues("baseline")) {
            Path baseline = Paths.get(value);
            if (!SuiteRecord.isSuite(baseline)) {
                throw new IOException("-baseline " + value + ": not a suite's directory (no " + SuiteState.FILE + ")");
            }
            SuiteRecord record = SuiteRecord.read(baseline);
            if (!record.definition().equals(state.definition())) {
                throw new IOException("-baseline " + value + ": a suite of definition " + record.definition()
                        + ", and this one runs " + state.definition() + ": they measure different things");
            }
            if (record.concurrentTasks() != state.cluster().concurrentTasks()
                    || record.dataNodes() != state.cluster().dataNodes()) {
                throw new IOException("-baseline " + value + ": sized for " + record.clusterText() + ", and this suite"
                        + " for " + state.cluster() + ": its steps' sizes differ");
            }
            baselines.add(baseline);
        }
        return baselines;
    }

    /** The study's table of this suite against its baselines, or why there is none; nothing without baselines. */
    private static List<String> againstBaselines(Path dir, List<Path> baselines) throws IOException {
        if (baselines.isEmpty()) {
            return List.of();
        }
        List<String> lines = new ArrayList<>(List.of(""));
        try {
            SuiteBaseline baseline = SuiteBaseline.compare(baselines, List.of(dir),
                    new Comparer(ComparisonFlags.DEFAULT_ALPHA, false));
            lines.addAll(baseline.lines());
            lines.add("");
            lines.addAll(baseline.resourceLines());
        } catch (IllegalArgumentException e) {
            lines.add("Not held to the baseline: " + e.getMessage());
        }
        return lines;
    }

    /** The profile whose definition a resumed suite ran; another version's cannot be continued. */
    private static SuiteProfile profileOf(SuiteState state, Path dir) throws IOException {
        for (SuiteProfile profile : SuiteProfile.values()) {
            if (profile.definition().equals(state.definition())) {
                return profile;
            }
        }
        throw new IOException("-resume: " + dir + " holds a suite of definition " + state.definition()
                + ", which this hbench does not run (it runs hbench-suite/" + SuiteProfile.DEFINITION_VERSION
                + "): start a new suite in another directory");
    }

    /**
     * Refuses a suite whose data would leave the cluster's file system less than a fifth free: a benchmark must not
     * fill a cluster that others use.
     */
    private static void requireSpace(Configuration conf, SuiteProfile profile, ClusterShape shape) throws IOException {
        long peak = profile.peakBytes(shape, conf.getInt("dfs.replication", 3));
        long remaining;
        try (FileSystem fs = FileSystem.newInstance(conf)) {
            remaining = fs.getStatus().getRemaining();
        }
        if (peak > remaining / 5 * 4) {
            throw new IOException("the " + profile.flagValue() + " profile keeps up to " + gigabytes(peak)
                    + " GB on " + FileSystem.getDefaultUri(conf) + " at once (replicas included), and it has "
                    + gigabytes(remaining) + " GB free: that would leave less than a fifth free; run a smaller"
                    + " profile or free space");
        }
    }

    private static String gigabytes(long bytes) {
        return String.format(Locale.ROOT, "%.1f", bytes / 1e9);
    }

    /** A new suite's directory: one that can be created, or an empty one that takes files. */
    private static void requireNewOrEmpty(Path dir) throws IOException {
        LocalOutput.checkDirectory("-out", dir);
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> entries = Files.list(dir)) {
            if (entries.findAny().isPresent()) {
                throw new IOException("-out " + dir + " is not empty: name a new or empty directory, or add -resume to"
                        + " continue the suite in it");
            }
        }
    }

    /**
     * report.html of the suite's directory, by Report: the suite's overview, the table against its baselines if it has
     * any, then every step's result; what Report says goes to report.log.
     */
    private void writeReport(Path dir, List<Path> baselines) throws IOException, InterruptedException {
        List<String> args = new ArrayList<>(List.of("Report", "-out", dir.resolve("report.html").toString()));
        if (baselines.isEmpty()) {
            args.add(dir.toString());
        } else {
            baselines.forEach(baseline -> args.add(baseline.toString()));
            args.addAll(List.of("-vs", dir.toString()));
        }
        boolean anyResult;
        try (Stream<Path> files = Files.list(dir)) {
            anyResult = files.anyMatch(file -> StepFile.ofResult(file.getFileName().toString()).isPresent());
        }
        if (!anyResult) {
            err.println("hbench: Suite: no step left a result, so there is no report");
            return;
        }
        ByteArrayOutputStream said = new ByteArrayOutputStream();
        int status;
        try (PrintStream stream = new PrintStream(said, true, StandardCharsets.UTF_8)) {
            status = launcher.run(args, stream, stream);
        } catch (InterruptedException e) {
            throw e;
        } catch (Exception e) {
            status = -1;
            said.writeBytes((e + "\n").getBytes(StandardCharsets.UTF_8));
        }
        String log = said.toString(StandardCharsets.UTF_8);
        LocalOutput.writeAtomically(dir.resolve("report.log"), writer -> writer.write(log));
        err.println(status == 0 ? "hbench: Suite: report in " + dir.resolve("report.html")
                : "hbench: Suite: the report could not be written; " + dir.resolve("report.log") + " says why");
    }
}
