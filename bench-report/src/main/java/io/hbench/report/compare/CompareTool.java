package io.hbench.report.compare;

import io.hbench.cli.FlagParser;
import io.hbench.cli.FlagValues;
import io.hbench.error.ExitStatus;
import io.hbench.report.ResultsCommand;
import io.hbench.result.format.DisplayUnit;
import io.hbench.result.format.MetricNames;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;

import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * {@code Compare BASE... -vs NEW...}: is the difference between two sets of runs real? Sides of several programs are
 * compared workload by workload ({@link Comparisons}). Exit 1 with {@code -failOn PCT} when a primary metric of any
 * comparison got significantly worse by more than PCT percent, so a CI pipeline can gate on it.
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
        options.addOption(FlagParser.valuedList("vs", "NEW...", "the new results: files, or"
                + " directories of .json files; runs of one program with the same parameters are repetitions, and"
                + " each such workload is compared with the other side's"));
        ComparisonFlags.addTo(options);
        options.addOption(FlagParser.valued("failOn", "PCT", "exit 1 when a primary metric got"
                + " significantly worse by more than PCT percent"));
        options.addOption(FlagParser.present("json", "print the comparison as JSON"));
        options.addOption(FlagParser.present("csv", "print the comparison as CSV"));
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
        Double failOn = line.hasOption("failOn") ? FlagValues.decimal("-failOn", line.getOptionValue("failOn"))
                : null;
        if (failOn != null && failOn < 0) {
            throw new IllegalArgumentException("-failOn must be a percentage of at least 0, not "
                    + line.getOptionValue("failOn"));
        }
        Comparisons comparisons = Comparisons.of(paths(baseNames), paths(Arrays.asList(nextNames)), comparer,
                this::printError);
        ComparisonFormat format = line.hasOption("json") ? new JsonComparisonFormat()
                : line.hasOption("csv") ? new CsvComparisonFormat() : new TextComparisonFormat();
        Writer writer = new OutputStreamWriter(out, StandardCharsets.UTF_8);
        format.write(comparisons, writer);
        writer.flush();
        if (failOn == null) {
            return ExitStatus.SUCCESS;
        }
        boolean worse = false;
        for (Comparisons.Named named : comparisons.all()) {
            for (MetricComparison metric : named.comparison().primaryWorseThan(failOn)) {
                worse = true;
                printError((named.title().isEmpty() ? "" : named.title() + ": ") + MetricNames.of(metric.key())
                        + " got worse by " + DisplayUnit.fixed(Math.abs(metric.changePercent()), 2) + "% (p="
                        + DisplayUnit.fixed(metric.significance().pValue(), 3) + "), more than -failOn "
                        + line.getOptionValue("failOn") + "%");
            }
        }
        return worse ? ExitStatus.FAILURE : ExitStatus.SUCCESS;
    }
}
