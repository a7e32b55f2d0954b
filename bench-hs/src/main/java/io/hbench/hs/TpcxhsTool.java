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
import java.math.BigDecimal;
import java.util.Optional;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;

/** {@code TPCx-HS}: the whole benchmark, both runs, the report block and the phase table. */
public final class TpcxhsTool extends BenchTool<TpcxhsOptions> {
    public static final String NAME = "TPCx-HS";
    public static final String USAGE = NAME + " [genericOptions] -sf <scale factor> | -rows N [-baseDir dir] [-maps N]"
            + " [-reduces N] [-replication R] [-price amount] [-json file]";

    public TpcxhsTool(PrintStream out, PrintStream err) {
        super(out, err);
    }

    public static void main(String[] args) throws Exception {
        System.exit(new TpcxhsTool(System.out, System.err).runCommandLine(new Configuration(), args));
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "TPCx-HS benchmark: HSGen, HSDataCheck, HSSort, HSDataCheck, HSValidate twice; HSph@SF";
    }

    @Override
    protected String usage() {
        return USAGE;
    }

    @Override
    protected FlagNames flagNames() {
        return HsFlags.NAMES;
    }

    @Override
    protected void addOptions(Options options) {
        addFlags(options);
    }

    /** TPCx-HS's flags, on any engine. */
    public static void addFlags(Options options) {
        options.addOption(valued("sf", "scale factor", "terabytes: 1, 3, 10, 30, 100, 300, 1000, 3000 or"
                + " 10000; below 1 (e.g. 0.0001) for a test run"));
        options.addOption(valued("rows", "N", "records instead of -sf (10^10 records = scale factor 1)"));
        options.addOption(valued("baseDir", "dir", "base directory (default " + TpcxhsOptions.DEFAULT_BASE_DIR
                + "); emptied before each run if hbench made it, refused otherwise"));
        options.addOption(valued("maps", "N", "HSGen map tasks (default one per "
                + HsGenOptions.ROWS_PER_MAP + " rows)"));
        options.addOption(valued("reduces", "N", "HSSort reducers (default one per 512 MiB)"));
        options.addOption(valued("replication", "R", "replication of generated and sorted data (default "
                + HsGenOptions.DEFAULT_REPLICATION + "; lower is not compliant)"));
        options.addOption(valued("price", "amount", "the system's total price, for $/HSph@SF"));
    }

    @Override
    protected TpcxhsOptions parse(CommandLine line) {
        return parseFlags(line);
    }

    /** TPCx-HS's options from its flags, on any engine. */
    public static TpcxhsOptions parseFlags(CommandLine line) {
        if (line.hasOption("sf") == line.hasOption("rows")) {
            throw new BenchException(line.hasOption("sf") ? ErrorCode.CONFLICTING_OPTIONS : ErrorCode.MISSING_OPTION,
                    line.hasOption("sf") ? "-sf and -rows both size the data: give one"
                            : "give the data size: -sf <scale factor> or -rows <N>");
        }
        ScaleFactor scaleFactor = line.hasOption("sf") ? ScaleFactor.parse(line.getOptionValue("sf"))
                : ScaleFactor.ofRows(RowCount.parse("-rows", line.getOptionValue("rows")));
        TpcxhsOptions.Builder options = TpcxhsOptions.builder(scaleFactor)
                .baseDir(line.getOptionValue("baseDir", TpcxhsOptions.DEFAULT_BASE_DIR));
        if (line.hasOption("maps")) {
            options.maps(FlagValues.wholeNumber("-maps", line.getOptionValue("maps")));
        }
        if (line.hasOption("reduces")) {
            options.reduces(FlagValues.wholeNumber("-reduces", line.getOptionValue("reduces")));
        }
        if (line.hasOption("replication")) {
            options.replication(FlagValues.wholeNumber("-replication", line.getOptionValue("replication")));
        }
        if (line.hasOption("price")) {
            String text = line.getOptionValue("price");
            try {
                options.price(new BigDecimal(text.trim()));
            } catch (NumberFormatException e) {
                throw new BenchException(ErrorCode.INVALID_ARGUMENT, "-price '" + text + "' is not an amount");
            }
        }
        return options.build();
    }

    @Override
    protected ExitStatus run(TpcxhsOptions options, ClusterSession session) throws Exception {
        OutputCommitters.copyNote(NAME, session.configuration(), options.baseDir()).ifPresent(err::println);
        TpcxhsResult result = new Tpcxhs(session.configuration(), err).run(options);
        ExitStatus status = report(session, TpcxhsReport.lines(result), result);
        verdict(result).ifPresent(err::println);
        return status;
    }

    /** The line for stderr of a benchmark that has no metric; empty where it has one. */
    public static Optional<String> verdict(TpcxhsResult result) {
        return result.failures().isEmpty() ? Optional.empty()
                : Optional.of(NAME + ": no metric: " + TpcxhsReport.failure(result));
    }
}
