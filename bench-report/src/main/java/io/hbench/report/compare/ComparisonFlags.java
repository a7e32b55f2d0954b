package io.hbench.report.compare;

import io.hbench.cli.FlagParser;
import io.hbench.cli.FlagValues;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;

/** The flags that set a comparison up, the same for Compare and Report: {@code -alpha} and {@code -force}. */
public final class ComparisonFlags {
    public static final double DEFAULT_ALPHA = 0.05;

    private ComparisonFlags() {}

    public static void addTo(Options options) {
        options.addOption(FlagParser.valued("alpha", "A", "significance level of the Mann-Whitney U"
                + " test (default " + DEFAULT_ALPHA + ")"));
        options.addOption(FlagParser.present("force", "compare although parameters differ: a side's one workload"
                + " with the other's whatever they ran, or each program's one unpaired workload on each side"));
    }

    /**
     * @throws io.hbench.error.BenchException naming the flag, if -alpha is no number
     * @throws IllegalArgumentException naming the flag, if -alpha is not in (0, 1)
     */
    public static Comparer comparer(CommandLine line) {
        double alpha = line.hasOption("alpha") ? FlagValues.decimal("-alpha", line.getOptionValue("alpha"))
                : DEFAULT_ALPHA;
        return new Comparer(alpha, line.hasOption("force"));
    }
}
