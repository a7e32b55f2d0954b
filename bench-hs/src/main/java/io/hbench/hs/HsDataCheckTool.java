package io.hbench.hs;

import static io.hbench.cli.FlagParser.valued;

import io.hbench.cli.BenchTool;
import io.hbench.cli.ClusterSession;
import io.hbench.cli.FlagNames;
import io.hbench.cli.FlagValues;
import io.hbench.cli.ProgramMessages;
import io.hbench.error.ExitStatus;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;

/** {@code HSDataCheck} on the command line; exit 1 when a check fails. */
public final class HsDataCheckTool extends BenchTool<HsDataCheckOptions> {
    public static final String NAME = "HSDataCheck";
    /** The classic usage line, after "Usage: "; HSDataCheck's on every engine. */
    public static final String USAGE = NAME + " [genericOptions] ([-dir dir] | dir) [-rows N] [-replication R]"
            + " [-json file]";
    /** What HSDataCheck's positional argument stands for. */
    public static final List<String> POSITIONAL_FLAGS = List.of("dir");

    public HsDataCheckTool(PrintStream out, PrintStream err) {
        super(out, err);
    }

    public static void main(String[] args) throws Exception {
        System.exit(new HsDataCheckTool(System.out, System.err).runCommandLine(new Configuration(), args));
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "TPCx-HS data check: record count, total size and replication of every file";
    }

    @Override
    protected String usage() {
        return USAGE;
    }

    @Override
    protected void addOptions(Options options) {
        addFlags(options);
    }

    /** HSDataCheck's own flags, the same on every engine. */
    public static void addFlags(Options options) {
        options.addOption(valued("dir", "dir", "directory to check (default " + HsGenOptions.DEFAULT_OUTPUT
                + ")"));
        options.addOption(valued("rows", "N", "the record count to expect (default: HSGen's, if the"
                + " directory has its summary)"));
        options.addOption(valued("replication", "R", "least replication of every file (default "
                + HsDataCheckOptions.COMPLIANT_REPLICATION + "; lower is marked not compliant)"));
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
    protected HsDataCheckOptions parse(CommandLine line) {
        return parseFlags(line, flag -> flagOrArgument(line, flag));
    }

    /**
     * HSDataCheck's options from its flags ({@link #addFlags}), the same on every engine.
     *
     * @param flagOrArgument a flag's value, given as the flag or as its positional argument (dir); null if neither
     */
    public static HsDataCheckOptions parseFlags(CommandLine line, UnaryOperator<String> flagOrArgument) {
        HsDataCheckOptions.Builder options = HsDataCheckOptions.builder(
                Optional.ofNullable(flagOrArgument.apply("dir")).orElse(HsGenOptions.DEFAULT_OUTPUT));
        if (line.hasOption("rows")) {
            options.expectedRows(RowCount.parse("-rows", line.getOptionValue("rows")));
        }
        if (line.hasOption("replication")) {
            options.replication(FlagValues.wholeNumber("-replication", line.getOptionValue("replication")));
        }
        return options.build();
    }

    @Override
    protected ExitStatus run(HsDataCheckOptions options, ClusterSession session) throws Exception {
        HsDataCheckResult result = check(session.configuration(), options);
        ExitStatus status = report(session, lines(result), result);
        verdict(result).ifPresent(message -> ProgramMessages.error(err, NAME, message));
        return status;
    }

    /** HSDataCheck as its command line runs it, on every engine: without -rows, the count HSGen's summary gives. */
    public static HsDataCheckResult check(Configuration conf, HsDataCheckOptions given) throws IOException {
        HsDataCheckOptions options = given;
        if (options.expectedRows().isEmpty()) {
            org.apache.hadoop.fs.Path dir = new org.apache.hadoop.fs.Path(options.dir());
            GenSummary summary = GenSummary.read(dir.getFileSystem(conf), dir);
            if (summary != null) {
                options = HsDataCheckOptions.builder(options.dir()).replication(options.replication())
                        .expectedRows(summary.rows()).build();
            }
        }
        return new HsDataCheck(conf).run(options);
    }

    /** What HSDataCheck says on stderr of data that fail a check, on every engine; empty when they pass. */
    public static Optional<String> verdict(HsDataCheckResult result) {
        if (result.failures().isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(result.options().dir() + " FAILED: " + result.failures().get(0));
    }

    /** The lines HSDataCheck prints for its result, on every engine. */
    public static List<String> lines(HsDataCheckResult result) {
        HsDataCheckOptions options = result.options();
        List<String> lines = new ArrayList<>();
        lines.add("HSDataCheck: " + options.dir() + ": " + result.files() + (result.files() == 1 ? " file, " : " files, ")
                + result.bytes() + " bytes, " + result.rows() + " records");
        lines.add("HSDataCheck: record count " + (options.expectedRows().isEmpty() ? "not checked (no expected count)"
                : result.rows() == options.expectedRows().get() ? "matches the " + options.expectedRows().get()
                        + " expected" : "DIFFERS from the " + options.expectedRows().get() + " expected"));
        lines.add("HSDataCheck: replication " + result.lowestReplication().map(lowest -> "at least "
                + options.replication() + " required, lowest found " + lowest)
                .orElse("not checked: the file system keeps no replicas to report (an object store, or local files)")
                + (options.compliant() ? "" : "; NOT COMPLIANT: TPCx-HS requires "
                        + HsDataCheckOptions.COMPLIANT_REPLICATION));
        for (String problem : result.failures()) {
            lines.add("HSDataCheck: FAILURE: " + problem);
        }
        lines.add("HSDataCheck time " + HsReport.timeUnit("check_time") + ": "
                + HsReport.time("check_time", result.time()));
        lines.add("HSDataCheck: " + (result.failures().isEmpty() ? "PASSED" : "FAILED"));
        return lines;
    }
}
