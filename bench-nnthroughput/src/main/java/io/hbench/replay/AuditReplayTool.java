package io.hbench.replay;

import static java.util.Objects.requireNonNull;

import io.hbench.cli.BenchTool;
import io.hbench.cli.ClusterSession;
import io.hbench.cli.FlagParser;
import io.hbench.cli.FlagValues;
import io.hbench.cli.ProgramMessages;
import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.error.ExitStatus;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * {@code AuditReplay} on the command line: reads the logs, replays them under the prefix and prints the answer first,
 * then the figures per command. It exits 0 when the commands were replayed, even where some failed (those are
 * counted by cause: the log's namespace differs from the prefix's); 1 when every command failed, as the figures are
 * then of refusals; 2 on bad usage or a log with nothing to replay.
 */
public final class AuditReplayTool extends BenchTool<AuditReplayOptions> {
    public static final String NAME = "AuditReplay";

    /**
     * How the tool reads the logs the options name: the one call site of the log reader, which the reader's class
     * replaces; until then a run is refused in one line.
     */
    static final AuditReplay.LogReader LOGS = (conf, options) -> {
        throw new BenchException(ErrorCode.UNSUPPORTED_CONFIGURATION, "this build cannot read audit logs");
    };

    private final AuditReplay.LogReader logs;

    public AuditReplayTool(PrintStream out, PrintStream err) {
        this(out, err, LOGS);
    }

    /** A tool that reads its logs with {@code logs} (tests). */
    AuditReplayTool(PrintStream out, PrintStream err, AuditReplay.LogReader logs) {
        super(out, err);
        this.logs = requireNonNull(logs, "logs is null");
    }

    public static void main(String[] args) throws Exception {
        System.exit(new AuditReplayTool(System.out, System.err).runCommandLine(new Configuration(), args));
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "replays a NameNode's audit log at its logged rate or faster, open loop, with latency percentiles per"
                + " command";
    }

    @Override
    protected String usage() {
        return NAME + " [genericOptions] -log file|dir[,...] [-rateFactor F] [-threads T] [-prefix dir]"
                + " [-prepareFileSize size] [-keep] [-impersonate] [-json file]";
    }

    @Override
    protected void addOptions(Options options) {
        options.addOption(FlagParser.valued("log", "file|dir", "audit log to replay: a file (plain or .gz) or a"
                + " directory of them, on any file system; several comma-separated or with -log again"));
        options.addOption(FlagParser.valued("rateFactor", "F", "replay F times faster than logged: each command at"
                + " its logged offset divided by F (default 1)"));
        options.addOption(FlagParser.valued("threads", "T", "workers issuing the commands (default "
                + AuditReplayOptions.DEFAULT_THREADS + ")"));
        options.addOption(FlagParser.valued("prefix", "dir", "where the logged paths are replayed, a path on the"
                + " default file system or a URI (default " + AuditReplayOptions.DEFAULT_PREFIX_PARENT + "/<run id>);"
                + " nothing outside it is touched"));
        options.addOption(FlagParser.valued("prepareFileSize", "size", "bytes of each file the prepare pass creates"
                + " (default 0; at least 1 where the log truncates or concatenates it); KB, MB, ... allowed"));
        options.addOption(FlagParser.present("keep", "keep the replay's tree under the prefix"));
        options.addOption(FlagParser.present("impersonate", "replay each line as its logged user, through Hadoop"
                + " proxy users (hadoop.proxyuser.<you>.hosts and .groups)"));
        // The reader's window (-from, -to) and -synthesize go here.
    }

    @Override
    protected AuditReplayOptions parse(CommandLine line) {
        if (!line.hasOption("log")) {
            throw new BenchException(ErrorCode.MISSING_OPTION, "no -log: give the audit log to replay");
        }
        List<String> logFiles = new ArrayList<>();
        for (String value : line.getOptionValues("log")) {
            for (String log : value.split(",")) {
                logFiles.add(log.trim());
            }
        }
        AuditReplayOptions.Builder options = AuditReplayOptions.builder().logs(logFiles)
                .keep(line.hasOption("keep"))
                .impersonate(line.hasOption("impersonate"));
        if (line.hasOption("rateFactor")) {
            options.rateFactor(FlagValues.decimal("-rateFactor", line.getOptionValue("rateFactor")));
        }
        if (line.hasOption("threads")) {
            options.threads(FlagValues.wholeNumber("-threads", line.getOptionValue("threads")));
        }
        if (line.hasOption("prefix")) {
            options.prefix(line.getOptionValue("prefix"));
        }
        if (line.hasOption("prepareFileSize")) {
            options.prepareFileSize(FlagValues.bytes("-prepareFileSize", line.getOptionValue("prepareFileSize")));
        }
        return options.build();
    }

    /** A {@code -prefix} URI names the file system to replay on: no embedded cluster stands in for it. */
    @Override
    protected boolean startsEmbeddedClusterWhenNoneIsConfigured(AuditReplayOptions options) {
        return options.prefix().map(prefix -> new Path(prefix).toUri().getScheme() == null).orElse(true);
    }

    @Override
    protected ExitStatus run(AuditReplayOptions options, ClusterSession session) throws Exception {
        ReplayLog log = logs.read(session.configuration(), options);
        AuditReplayResult result = new AuditReplay(session.configuration()).run(options, log);
        ExitStatus status = report(session, AuditReplayReport.lines(result), result);
        result.failure().ifPresent(failure -> ProgramMessages.error(err, NAME, failure));
        return status;
    }
}
