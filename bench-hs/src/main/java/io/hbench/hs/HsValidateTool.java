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
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;

/** {@code HSValidate} on the command line: TeraValidate's lines, then a verdict; exit 1 when invalid. */
public final class HsValidateTool extends BenchTool<HsValidateOptions> {
    public static final String NAME = "HSValidate";


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
        return NAME + " [genericOptions] ([-input dir] [-report dir] | inputDir reportDir) [-gen dir] [-rows N] [-json file]";
    }

    @Override
    protected void addOptions(Options options) {
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
        return List.of("input", "report");
    }

    @Override
    protected HsValidateOptions parse(CommandLine line) {
        HsValidateOptions.Builder options = HsValidateOptions.builder()
                .inputDir(Optional.ofNullable(flagOrArgument(line, "input")).orElse(HsValidateOptions.DEFAULT_INPUT))
                .reportDir(Optional.ofNullable(flagOrArgument(line, "report")).orElse(HsValidateOptions.DEFAULT_REPORT))
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
        List<String> failures = result.failures();
        if (!failures.isEmpty()) {
            ProgramMessages.error(err, NAME, result.options().inputDir() + " is NOT valid: " + failures.size()
                    + (failures.size() == 1 ? " error" : " errors") + "; first: " + failures.get(0));
        }
        return status;
    }

    static List<String> lines(HsValidateResult result) {
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
