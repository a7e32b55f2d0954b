package io.hbench.hs;

import static io.hbench.cli.FlagParser.valued;

import io.hbench.cli.BenchTool;
import io.hbench.cli.ClusterSession;
import io.hbench.cli.FlagNames;
import io.hbench.cli.FlagValues;
import io.hbench.cli.ProgramMessages;
import io.hbench.error.ExitStatus;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;

/** {@code HSDataCheck} on the command line; exit 1 when a check fails. */
public final class HsDataCheckTool extends BenchTool<HsDataCheckOptions> {
    public static final String NAME = "HSDataCheck";


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
        return NAME + " [genericOptions] ([-dir dir] | dir) [-rows N] [-replication R] [-json file]";
    }

    @Override
    protected void addOptions(Options options) {
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
        return List.of("dir");
    }

    @Override
    protected HsDataCheckOptions parse(CommandLine line) {
        HsDataCheckOptions.Builder options = HsDataCheckOptions.builder(
                Optional.ofNullable(flagOrArgument(line, "dir")).orElse(HsGenOptions.DEFAULT_OUTPUT));
        if (line.hasOption("rows")) {
            options.expectedRows(RowCount.parse("-rows", line.getOptionValue("rows")));
        }
        if (line.hasOption("replication")) {
            options.replication(FlagValues.wholeNumber("-replication", line.getOptionValue("replication")));
        }
        return options.build();
    }

    @Override
    protected ExitStatus run(HsDataCheckOptions given, ClusterSession session) throws Exception {
        HsDataCheckOptions options = given;
        if (options.expectedRows().isEmpty()) {
            org.apache.hadoop.fs.Path dir = new org.apache.hadoop.fs.Path(options.dir());
            GenSummary summary = GenSummary.read(dir.getFileSystem(session.configuration()), dir);
            if (summary != null) {
                options = HsDataCheckOptions.builder(options.dir()).replication(options.replication())
                        .expectedRows(summary.rows()).build();
            }
        }
        HsDataCheckResult result = new HsDataCheck(session.configuration()).run(options);
        ExitStatus status = report(session, lines(result), result);
        if (!result.failures().isEmpty()) {
            ProgramMessages.error(err, NAME, options.dir() + " FAILED: " + result.failures().get(0));
        }
        return status;
    }

    static List<String> lines(HsDataCheckResult result) {
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
