package io.hbench.report.compare;

import io.hbench.error.ExitStatus;
import io.hbench.report.LoadedResult;
import io.hbench.report.ResultFiles;
import io.hbench.report.ResultsCommand;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * {@code Compare BASE... -vs NEW...}: is the difference between two sets of runs real? Exit 1 with {@code -failOn PCT}
 * when a primary metric got significantly worse by more than PCT percent, so a CI pipeline can gate on it.
 */
public final class CompareTool extends ResultsCommand {
    public static final String NAME = "Compare";

    public CompareTool(PrintStream out, PrintStream err) {
        super(out, err);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "Compare two sets of results (files or directories): medians, change and its significance";
    }

    @Override
    protected String usage() {
        return NAME + " BASE... -vs NEW... [-alpha A] [-force] [-failOn PCT] [-json | -csv]";
    }

    @Override
    protected void addOptions(Options options) {
        options.addOption(Option.builder("vs").hasArgs().argName("NEW...").desc("the new results: files, or"
                + " directories of .json files; several are repetitions of one run").build());
        ComparisonFlags.addTo(options);
        options.addOption(Option.builder("failOn").hasArg().argName("PCT").desc("exit 1 when a primary metric got"
                + " significantly worse by more than PCT percent").build());
        options.addOption(Option.builder("json").desc("print the comparison as JSON").build());
        options.addOption(Option.builder("csv").desc("print the comparison as CSV").build());
    }

    @Override
    protected ExitStatus run(CommandLine line) throws IOException {
        List<String> baseNames = line.getArgList();
        String[] nextNames = line.getOptionValues("vs");
        if (baseNames.isEmpty() || nextNames == null) {
            throw new IllegalArgumentException("give both sides: BASE... -vs NEW...");
        }
        if (line.hasOption("json") && line.hasOption("csv")) {
            throw new IllegalArgumentException("-json and -csv exclude each other");
        }
        Comparer comparer = ComparisonFlags.comparer(line);
        Double failOn = line.hasOption("failOn") ? ComparisonFlags.number("-failOn", line.getOptionValue("failOn"))
                : null;
        if (failOn != null && failOn < 0) {
            throw new IllegalArgumentException("-failOn must be a percentage of at least 0, not "
                    + line.getOptionValue("failOn"));
        }
        List<LoadedResult> base = passed(ResultFiles.read(paths(baseNames)));
        List<LoadedResult> next = passed(ResultFiles.read(paths(Arrays.asList(nextNames))));
        Comparison comparison = comparer.compare(base, next);
        ComparisonFormat format = line.hasOption("json") ? new JsonComparisonFormat()
                : line.hasOption("csv") ? new CsvComparisonFormat() : new TextComparisonFormat();
        Writer writer = new OutputStreamWriter(out, StandardCharsets.UTF_8);
        format.write(comparison, writer);
        writer.flush();
        if (failOn != null) {
            List<MetricComparison> worse = comparison.primaryWorseThan(failOn);
            for (MetricComparison metric : worse) {
                err.println(NAME + ": " + metric.key() + " got worse by " + DisplayUnit.fixed(Math.abs(metric.changePercent()), 2)
                        + "% (p=" + DisplayUnit.fixed(metric.significance().pValue(), 3) + "), more than -failOn "
                        + line.getOptionValue("failOn") + "%");
            }
            if (!worse.isEmpty()) {
                return ExitStatus.FAILURE;
            }
        }
        return ExitStatus.SUCCESS;
    }

    /** The runs that passed; a failed run's figures are not compared, and the user is told which were left out. */
    private List<LoadedResult> passed(List<LoadedResult> results) {
        List<LoadedResult> passed = new ArrayList<>();
        for (LoadedResult loaded : results) {
            if (loaded.result().failures().isEmpty()) {
                passed.add(loaded);
            } else {
                err.println(NAME + ": leaving out " + loaded.file() + ": the run failed ("
                        + loaded.result().failures().get(0).lines().findFirst().orElse("") + ")");
            }
        }
        if (passed.isEmpty()) {
            throw new IllegalArgumentException("no passed run on one side: nothing to compare");
        }
        return passed;
    }
}
