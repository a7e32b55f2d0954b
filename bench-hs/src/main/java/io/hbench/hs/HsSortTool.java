package io.hbench.hs;

import static io.hbench.cli.FlagParser.valued;

import io.hbench.cli.BenchTool;
import io.hbench.cli.ClusterSession;
import io.hbench.cli.FlagNames;
import io.hbench.cli.FlagValues;
import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.error.ExitStatus;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;

/** {@code HSSort} on the command line. */
public final class HsSortTool extends BenchTool<HsSortOptions> {
    public static final String NAME = "HSSort";
    /** The classic usage line, after "Usage: "; HSSort's on every engine. */
    public static final String USAGE = NAME + " [genericOptions] ([-input dir] [-output dir] | inputDir outputDir)"
            + " [-reduces N] [-replication R] [-sampler balanced|classic] [-json file]";
    /** The flags that may be given as positional arguments, in order. */
    public static final List<String> POSITIONAL_FLAGS = List.of("input", "output");

    public HsSortTool(PrintStream out, PrintStream err) {
        super(out, err);
    }

    public static void main(String[] args) throws Exception {
        System.exit(new HsSortTool(System.out, System.err).runCommandLine(new Configuration(), args));
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "TPCx-HS sort: total order with split points sampled from every input split";
    }

    @Override
    protected String usage() {
        return USAGE;
    }

    @Override
    protected void addOptions(Options options) {
        addFlags(options);
    }

    /** HSSort's own flags, the same on every engine. */
    public static void addFlags(Options options) {
        options.addOption(valued("input", "dir", "HSGen's output (default " + HsGenOptions.DEFAULT_OUTPUT
                + ")"));
        options.addOption(valued("output", "dir", "sorted output (default " + HsSortOptions.DEFAULT_OUTPUT
                + "); replaced if hbench made it, refused otherwise"));
        options.addOption(valued("reduces", "N", "reducers (default one per 512 MiB of input)"));
        options.addOption(valued("replication", "R", "replication of the sorted files (default "
                + HsGenOptions.DEFAULT_REPLICATION + ")"));
        options.addOption(valued("sampler", "name", "balanced (default: spreads hot keys over reducers)"
                + " or classic (each key to one reducer, as TeraSort)"));
    }

    @Override
    protected FlagNames flagNames() {
        return HsFlags.NAMES;
    }

    @Override
    protected List<String> positionalFlags() {
        return POSITIONAL_FLAGS;
    }

    @Override
    protected HsSortOptions parse(CommandLine line) {
        return parseFlags(line, flag -> flagOrArgument(line, flag));
    }

    /**
     * HSSort's options from its flags ({@link #addFlags}), the same on every engine.
     *
     * @param flagOrArgument a flag's value, given as the flag or as its positional argument (input, output); null if
     *        neither
     */
    public static HsSortOptions parseFlags(CommandLine line, UnaryOperator<String> flagOrArgument) {
        HsSortOptions.Builder options = HsSortOptions.builder()
                .inputDir(Optional.ofNullable(flagOrArgument.apply("input")).orElse(HsGenOptions.DEFAULT_OUTPUT))
                .outputDir(Optional.ofNullable(flagOrArgument.apply("output")).orElse(HsSortOptions.DEFAULT_OUTPUT));
        if (line.hasOption("reduces")) {
            options.reduces(FlagValues.wholeNumber("-reduces", line.getOptionValue("reduces")));
        }
        if (line.hasOption("replication")) {
            options.replication(FlagValues.wholeNumber("-replication", line.getOptionValue("replication")));
        }
        if (line.hasOption("sampler")) {
            String name = line.getOptionValue("sampler");
            try {
                options.sampler(Sampler.valueOf(name.trim().toUpperCase(Locale.ROOT)));
            } catch (IllegalArgumentException e) {
                throw new BenchException(ErrorCode.INVALID_ARGUMENT, "-sampler '" + name
                        + "' is not a sampler: use balanced or classic");
            }
        }
        return options.build();
    }

    @Override
    protected ExitStatus run(HsSortOptions options, ClusterSession session) throws Exception {
        OutputCommitters.copyNote(NAME, session.configuration(), options.outputDir()).ifPresent(err::println);
        HsSortResult result = new HsSort(session.configuration(), err).run(options);
        return report(session, lines(result), result);
    }

    /** The lines HSSort prints for its result, on every engine. */
    public static List<String> lines(HsSortResult result) {
        List<String> lines = new ArrayList<>(List.of(
                "HSSort: sorted " + result.rows() + " rows (" + result.bytes() + " bytes) from "
                        + result.options().inputDir() + " to " + result.options().outputDir() + " with "
                        + result.maps() + (result.maps() == 1 ? " map and " : " maps and ")
                        + result.reducerBytes().size() + (result.reducerBytes().size() == 1 ? " reducer" : " reducers"),
                "HSSort time " + HsReport.timeUnit("total_time") + ": "
                        + HsReport.time("total_time", result.totalTime()) + " (sampling " + HsReport.time("sampling_time", result.samplingTime()) + " "
                        + HsReport.timeUnit("sampling_time") + ", " + result.sampledKeys() + " keys; job "
                        + HsReport.time("job_time", result.jobTime()) + " " + HsReport.timeUnit("job_time") + ")",
                "HSSort throughput " + HsReport.throughputUnit() + ": "
                        + HsReport.throughput(result.bytes(), result.totalTime()),
                "HSSort reducer input bytes: largest " + result.largestReducerBytes() + ", smallest "
                        + result.smallestReducerBytes() + " (" + result.options().sampler().name().toLowerCase(Locale.ROOT)
                        + " sampler)"));
        lines.addAll(HsReport.dataNodeLines("HSSort", result.dataNodeBlocks()));
        return lines;
    }
}
