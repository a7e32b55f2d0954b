package io.hbench.hs;

import static io.hbench.cli.FlagParser.valued;

import io.hbench.cli.BenchTool;
import io.hbench.cli.ClusterSession;
import io.hbench.cli.FlagNames;
import io.hbench.cli.ProgramMessages;
import io.hbench.error.ExitStatus;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;

/** {@code HSValidate} on the command line: TeraValidate's lines, then a verdict; exit 1 when invalid. */
public final class HsValidateTool extends BenchTool<HsValidateOptions> {
    public static final String NAME = "HSValidate";
    /** The classic usage line, after "Usage: "; HSValidate's on every engine. */
    public static final String USAGE = NAME + " [genericOptions] ([-input dir] [-report dir] | inputDir reportDir)"
            + " [-gen dir] [-rows N] [-json file]";
    /** What HSValidate's positional arguments stand for. */
    public static final List<String> POSITIONAL_FLAGS = List.of("input", "report");

    public HsValidateTool(PrintStream out, PrintStream err) {
        super(out, err);
    }

    public static void main(String[] args) throws Exception {
        System.exit(new HsValidateTool(System.out, System.err).runCommandLine(new Configuration(), args));
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "TPCx-HS validation: sort order in and across files, record count and checksum against HSGen's";
    }

    @Override
    protected String usage() {
        return USAGE;
    }

    @Override
    protected void addOptions(Options options) {
        addFlags(options);
    }

    /** HSValidate's own flags, the same on every engine. */
    public static void addFlags(Options options) {
        options.addOption(valued("input", "dir", "sorted data (default " + HsValidateOptions.DEFAULT_INPUT
                + ")"));
        options.addOption(valued("report", "dir", "report directory (default "
                + HsValidateOptions.DEFAULT_REPORT + "); replaced if hbench made it, refused otherwise"));
        options.addOption(valued("gen", "dir", "HSGen's output, whose row count and checksum to compare"
                + " with (default: the summary HSSort carried into -input)"));
        options.addOption(valued("rows", "N", "the record count to expect (default HSGen's)"));
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
    protected HsValidateOptions parse(CommandLine line) {
        return parseFlags(line, flag -> flagOrArgument(line, flag));
    }

    /**
     * HSValidate's options from its flags ({@link #addFlags}), the same on every engine.
     *
     * @param flagOrArgument a flag's value, given as the flag or as its positional argument (input, report); null if
     *        neither
     */
    public static HsValidateOptions parseFlags(CommandLine line, UnaryOperator<String> flagOrArgument) {
        HsValidateOptions.Builder options = HsValidateOptions.builder()
                .inputDir(Optional.ofNullable(flagOrArgument.apply("input")).orElse(HsValidateOptions.DEFAULT_INPUT))
                .reportDir(Optional.ofNullable(flagOrArgument.apply("report")).orElse(HsValidateOptions.DEFAULT_REPORT))
                .genDir(line.getOptionValue("gen"));
        if (line.hasOption("rows")) {
            options.expectedRows(RowCount.parse("-rows", line.getOptionValue("rows")));
        }
        return options.build();
    }

    @Override
    protected ExitStatus run(HsValidateOptions options, ClusterSession session) throws Exception {
        HsValidateResult result = new HsValidate(session.configuration(), err).run(options);
        ExitStatus status = report(session, lines(result), result);
        verdict(result).ifPresent(message -> ProgramMessages.error(err, NAME, message));
        return status;
    }

    /** What HSValidate says on stderr of data that is not valid, on every engine; empty when they are. */
    public static Optional<String> verdict(HsValidateResult result) {
        List<String> failures = result.failures();
        if (failures.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(result.options().inputDir() + " is NOT valid: " + failures.size()
                + (failures.size() == 1 ? " error" : " errors") + "; first: " + failures.get(0));
    }

    /** The lines HSValidate prints for its result, on every engine. */
    public static List<String> lines(HsValidateResult result) {
        List<String> lines = new ArrayList<>();
        lines.add("checksum\t" + Checksum.format(result.checksum()));
        lines.addAll(result.errors());
        lines.add("HSValidate: " + result.rows() + " rows in " + result.files() + (result.files() == 1 ? " file" : " files")
                + "; record count " + (result.expectedRows().isEmpty() ? "not checked (no HSGen summary)"
                        : result.rows() == result.expectedRows().get() ? "matches" : "DIFFERS")
                + "; checksum " + (result.expectedChecksum().isEmpty() ? "not checked (no HSGen summary)"
                        : result.checksum().equals(result.expectedChecksum().get()) ? "matches HSGen's" : "DIFFERS"));
        lines.add("HSValidate time " + HsReport.timeUnit("job_time") + ": "
                + HsReport.time("job_time", result.jobTime()));
        lines.addAll(HsReport.dataNodeLines("HSValidate", result.dataNodeBlocks()));
        lines.add("HSValidate: " + (result.failures().isEmpty() ? "PASSED" : "FAILED"));
        return lines;
    }
}
