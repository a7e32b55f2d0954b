package io.hbench.hs;

import static io.hbench.cli.FlagParser.present;
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
import java.util.function.UnaryOperator;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;

/** {@code HSGen} on the command line. */
public final class HsGenTool extends BenchTool<HsGenOptions> {
    public static final String NAME = "HSGen";
    /** The classic usage line, after "Usage: "; HSGen's on every engine. */
    /** What HSGen's positional arguments stand for, TeraGen's {@code <rows> <output dir>}. */
    public static final List<String> POSITIONAL_FLAGS = List.of("rows", "output");
    public static final String USAGE = NAME + " [genericOptions] (-rows N [-output dir] | N [dir]) [-maps N]"
            + " [-replication R] [-skew] [-json file]";

    public HsGenTool(PrintStream out, PrintStream err) {
        super(out, err);
    }

    public static void main(String[] args) throws Exception {
        System.exit(new HsGenTool(System.out, System.err).runCommandLine(new Configuration(), args));
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "TPCx-HS data generator: 100-byte records, the same bytes as TeraGen, with a checksum";
    }

    @Override
    protected String usage() {
        return USAGE;
    }

    @Override
    protected void addOptions(Options options) {
        addFlags(options);
    }

    /** HSGen's own flags, the same on every engine. */
    public static void addFlags(Options options) {
        options.addOption(valued("rows", "N", "records to generate (100 bytes each); k, m, b, t multiply by 10^3,"
                + " 10^6, 10^9, 10^12"));
        options.addOption(valued("output", "dir", "output directory (default " + HsGenOptions.DEFAULT_OUTPUT
                + "); replaced if hbench made it, refused otherwise"));
        options.addOption(valued("maps", "N", "map tasks, rows split evenly (default one per "
                + HsGenOptions.ROWS_PER_MAP + " rows)"));
        options.addOption(valued("replication", "R", "replication of the data files (default "
                + HsGenOptions.DEFAULT_REPLICATION + ")"));
        options.addOption(present("skew", "skewed keys: half of the records share four hot keys"
                + " (not valid for a TPCx-HS metric)"));
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
    protected HsGenOptions parse(CommandLine line) {
        return parseFlags(line, flag -> flagOrArgument(line, flag));
    }

    /**
     * HSGen's options from its flags ({@link #addFlags}), the same on every engine.
     *
     * @param flagOrArgument a flag's value, given as the flag or as its positional argument (rows, output); null if
     *        neither
     */
    public static HsGenOptions parseFlags(CommandLine line, UnaryOperator<String> flagOrArgument) {
        String rows = flagOrArgument.apply("rows");
        if (rows == null) {
            throw new BenchException(ErrorCode.MISSING_OPTION, "-rows is required: -rows <N>, or <N> as the first"
                    + " argument as TeraGen takes it");
        }
        String output = flagOrArgument.apply("output");
        HsGenOptions.Builder options = HsGenOptions.builder(RowCount.parse("-rows", rows))
                .outputDir(output != null ? output : HsGenOptions.DEFAULT_OUTPUT)
                .skew(line.hasOption("skew") ? KeySkew.HOT_KEYS : KeySkew.NONE);
        if (line.hasOption("maps")) {
            options.maps(FlagValues.wholeNumber("-maps", line.getOptionValue("maps")));
        }
        if (line.hasOption("replication")) {
            options.replication(FlagValues.wholeNumber("-replication", line.getOptionValue("replication")));
        }
        return options.build();
    }

    @Override
    protected ExitStatus run(HsGenOptions options, ClusterSession session) throws Exception {
        OutputCommitters.copyNote(NAME, session.configuration(), options.outputDir()).ifPresent(err::println);
        HsGenResult result = new HsGen(session.configuration(), err).run(options);
        return report(session, lines(result), result);
    }

    /** The lines HSGen prints for its result, on every engine. */
    public static List<String> lines(HsGenResult result) {
        List<String> lines = new ArrayList<>(List.of(
                "HSGen: generated " + result.rows() + " rows (" + result.bytes() + " bytes) in "
                        + result.options().maps() + (result.options().maps() == 1 ? " map" : " maps") + " to "
                        + result.options().outputDir(),
                "checksum\t" + Checksum.format(result.checksum()),
                "HSGen time " + HsReport.timeUnit("job_time") + ": " + HsReport.time("job_time", result.jobTime()),
                "HSGen throughput " + HsReport.throughputUnit() + ": "
                        + HsReport.throughput(result.bytes(), result.jobTime())));
        lines.addAll(HsReport.dataNodeLines("HSGen", result.dataNodeBlocks()));
        return lines;
    }
}
