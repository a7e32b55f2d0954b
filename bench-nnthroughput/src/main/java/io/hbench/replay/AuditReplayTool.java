package io.hbench.replay;

import static java.util.Objects.requireNonNull;

import io.hbench.bsp.BspRunner;
import io.hbench.bsp.runners.MapReduceBspRunner;
import io.hbench.cli.BenchTool;
import io.hbench.cli.ClusterSession;
import io.hbench.cli.FlagParser;
import io.hbench.cli.FlagValues;
import io.hbench.cli.ProgramMessages;
import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.error.ExitStatus;
import io.hbench.fs.LocalOutput;
import io.hbench.namenode.FailoverFlag;
import io.hbench.namenode.NameserviceRecord;
import io.hbench.namenode.NameserviceWatch;
import java.io.PrintStream;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * {@code AuditReplay} on the command line: reads the logs, replays them under the prefix (from this process, or from
 * {@code -clients N} map tasks) and prints the answer first, then the figures per command. It exits 0 when the
 * commands were replayed, even where some failed (those are counted by cause: the log's namespace differs from the
 * prefix's); 1 when every command failed, as the figures are then of refusals; 2 on bad usage or a log with nothing to
 * replay. With {@code -synthesize} it writes a log in the audit format instead, for a user without one (and tests).
 */
public final class AuditReplayTool extends BenchTool<AuditReplayTool.Command> {
    public static final String NAME = "AuditReplay";
    /** A log {@code -synthesize} wrote, known by its first line, which a later run may replace. */
    static final LocalOutput.Kind SYNTHESIZED_LOG = LocalOutput.Kind.appendedLines("an audit log AuditReplay"
            + " -synthesize wrote", Pattern.compile("\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d,\\d{3} INFO"
            + " FSNamesystem\\.audit: allowed=true\tugi=user\\d+ \\(auth:SIMPLE\\)\tip=/10\\.\\d+\\.\\d+\\.\\d+\tcmd=.*"));
    private static final String[] SYNTHESIS_FLAGS = {SynthesisSpec.MIX, SynthesisSpec.RATE, SynthesisSpec.DURATION,
        SynthesisSpec.SEED, SynthesisSpec.SOURCES, "out"};
    private static final String[] REPLAY_FLAGS = {"log", ReplayWindow.FROM, ReplayWindow.TO, "rateFactor", "threads",
        "prefix", "prepareFileSize", "keep", "impersonate", "clients", "split", FailoverFlag.NAME};

    /** How the tool reads the logs the options name: {@link AuditLogs}, refusing a log with nothing to replay. */
    static final AuditReplay.LogReader LOGS = (conf, options) -> AuditLogs.requireReplayable(
            new AuditLogs(conf).read(options.logs(), options.window()));

    /** The parsed command line: a replay, or a log to synthesize. */
    static final class Command {
        final Optional<AuditReplayOptions> replay;
        final Optional<SynthesisSpec> synthesis;
        final Optional<LocalOutput> out;
        final Optional<Duration> failoverAt;

        private Command(Optional<AuditReplayOptions> replay, Optional<SynthesisSpec> synthesis,
                Optional<LocalOutput> out, Optional<Duration> failoverAt) {
            this.replay = replay;
            this.synthesis = synthesis;
            this.out = out;
            this.failoverAt = failoverAt;
        }
    }

    private final AuditReplay.LogReader logs;
    private final Function<Configuration, BspRunner> clientRunners;

    public AuditReplayTool(PrintStream out, PrintStream err) {
        this(out, err, conf -> new MapReduceBspRunner(conf, err));
    }

    /** A tool whose -clients run where {@code clientRunners} puts them, e.g. as threads of this process. */
    public AuditReplayTool(PrintStream out, PrintStream err, Function<Configuration, BspRunner> clientRunners) {
        this(out, err, LOGS, clientRunners);
    }

    /** A tool that reads its logs with {@code logs} and runs -clients where {@code clientRunners} puts them (tests). */
    AuditReplayTool(PrintStream out, PrintStream err, AuditReplay.LogReader logs,
            Function<Configuration, BspRunner> clientRunners) {
        super(out, err);
        this.logs = requireNonNull(logs, "logs is null");
        this.clientRunners = requireNonNull(clientRunners, "clientRunners is null");
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
        return NAME + " [genericOptions] -log file|dir[,...] [-from time] [-to time] [-rateFactor F] [-threads T]"
                + " [-prefix dir] [-prepareFileSize size] [-keep] [-impersonate] [-clients N [-split ip|path]] "
                + FailoverFlag.USAGE + " [-json file]\n   or: " + NAME + " -synthesize -mix " + SynthesisSpec.MIX_EXAMPLE + " -rate R"
                + " -duration D [-seed S] [-sources N] -out file";
    }

    @Override
    protected void addOptions(Options options) {
        options.addOption(FlagParser.valued("log", "file|dir", "audit log to replay: a file (plain or .gz) or a"
                + " directory of them, on any file system; several comma-separated or with -log again"));
        options.addOption(FlagParser.valued(ReplayWindow.FROM, "time", "replay the lines logged from this time on ("
                + ReplayWindow.TIME_FORMAT + ")"));
        options.addOption(FlagParser.valued(ReplayWindow.TO, "time", "replay the lines logged before this time"));
        options.addOption(FlagParser.valued("rateFactor", "F", "replay F times faster than logged: each command at"
                + " its logged offset divided by F (default 1)"));
        options.addOption(FlagParser.valued("threads", "T", "workers issuing the commands, in each client (default "
                + AuditReplayOptions.DEFAULT_THREADS + ")"));
        options.addOption(FlagParser.valued("prefix", "dir", "where the logged paths are replayed, a path on the"
                + " default file system or a URI (default " + AuditReplayOptions.DEFAULT_PREFIX_PARENT + "/<run id>);"
                + " nothing outside it is touched"));
        options.addOption(FlagParser.valued("prepareFileSize", "size", "bytes of each file the prepare pass creates"
                + " (default 0; at least 1 where the log truncates or concatenates it); KB, MB, ... allowed"));
        options.addOption(FlagParser.present("keep", "keep the replay's tree under the prefix"));
        options.addOption(FlagParser.present("impersonate", "replay each line as its logged user, through Hadoop"
                + " proxy users (hadoop.proxyuser.<you>.hosts and .groups)"));
        options.addOption(FlagParser.valued("clients", "N", "replay from N map tasks on the cluster, each a share of"
                + " the log from one common start; the log must be on a file system every host reads"));
        options.addOption(FlagParser.valued("split", "ip|path", "with -clients: share the log by source address,"
                + " keeping each source's order (default), or by path"));
        FailoverFlag.addTo(options);
        options.addOption(FlagParser.present("synthesize", "write a log in the audit format rather than replay one"));
        options.addOption(FlagParser.valued(SynthesisSpec.MIX, "cmd=w,...", "with -synthesize: the commands and their"
                + " weights, e.g. " + SynthesisSpec.MIX_EXAMPLE));
        options.addOption(FlagParser.valued(SynthesisSpec.RATE, "R", "with -synthesize: commands per second"));
        options.addOption(FlagParser.valued(SynthesisSpec.DURATION, "D", "with -synthesize: how long the log covers,"
                + " e.g. 10m"));
        options.addOption(FlagParser.valued(SynthesisSpec.SEED, "S", "with -synthesize: the seed of its choices"
                + " (default " + SynthesisSpec.DEFAULT_SEED + ")"));
        options.addOption(FlagParser.valued(SynthesisSpec.SOURCES, "N", "with -synthesize: client addresses and"
                + " users (default " + SynthesisSpec.DEFAULT_SOURCES + ")"));
        options.addOption(FlagParser.valued("out", "file", "with -synthesize: the log to write, a local file"));
    }

    @Override
    protected Command parse(CommandLine line) {
        if (line.hasOption("synthesize")) {
            refuseWith(line, "-synthesize", REPLAY_FLAGS);
            return new Command(Optional.empty(), Optional.of(synthesis(line)), Optional.of(FlagValues.outputFile(
                    "-out", required(line, "out", "the log to write"), SYNTHESIZED_LOG,
                    line.hasOption(LocalOutput.OVERWRITE_FLAG))), Optional.empty());
        }
        refuseWith(line, "a replay (without -synthesize)", SYNTHESIS_FLAGS);
        if (!line.hasOption("log")) {
            throw new BenchException(ErrorCode.MISSING_OPTION, "no -log: give the audit log to replay, or"
                    + " -synthesize one");
        }
        List<String> logFiles = new ArrayList<>();
        for (String value : line.getOptionValues("log")) {
            for (String log : value.split(",")) {
                logFiles.add(log.trim());
            }
        }
        AuditReplayOptions.Builder options = AuditReplayOptions.builder().logs(logFiles)
                .window(ReplayWindow.parse(Optional.ofNullable(line.getOptionValue(ReplayWindow.FROM)),
                        Optional.ofNullable(line.getOptionValue(ReplayWindow.TO))))
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
        if (line.hasOption("clients")) {
            options.clients(FlagValues.wholeNumber("-clients", line.getOptionValue("clients"), 1, Integer.MAX_VALUE));
        }
        if (line.hasOption("split")) {
            String split = line.getOptionValue("split");
            options.split(LogSplit.byLabel(split).orElseThrow(() -> new BenchException(ErrorCode.INVALID_ARGUMENT,
                    "-split " + split + ": give ip or path")));
        }
        AuditReplayOptions replay = options.build();
        Optional<Duration> failoverAt = FailoverFlag.failoverAt(line);
        NameserviceWatch.check(NameserviceWatch.fileSystem(replay.prefix().orElse(
                AuditReplayOptions.DEFAULT_PREFIX_PARENT), getConf()), getConf(), failoverAt);
        return new Command(Optional.of(replay), Optional.empty(), Optional.empty(), failoverAt);
    }

    private static SynthesisSpec synthesis(CommandLine line) {
        SynthesisSpec.Builder spec = SynthesisSpec.builder()
                .mix(required(line, SynthesisSpec.MIX, "the commands and their weights, e.g. "
                        + SynthesisSpec.MIX_EXAMPLE))
                .rate(FlagValues.decimal("-rate", required(line, SynthesisSpec.RATE, "how many commands a second the"
                        + " log holds")))
                .duration(FlagValues.duration("-duration", required(line, SynthesisSpec.DURATION, "how long a time"
                        + " the log covers")));
        if (line.hasOption(SynthesisSpec.SEED)) {
            spec.seed(FlagValues.seed("-seed", line.getOptionValue(SynthesisSpec.SEED)));
        }
        if (line.hasOption(SynthesisSpec.SOURCES)) {
            spec.sources(FlagValues.wholeNumber("-sources", line.getOptionValue(SynthesisSpec.SOURCES)));
        }
        return spec.build();
    }

    private static String required(CommandLine line, String flag, String what) {
        if (!line.hasOption(flag)) {
            throw new BenchException(ErrorCode.MISSING_OPTION, "no -" + flag + ": give " + what);
        }
        return line.getOptionValue(flag);
    }

    /** Refuses any of {@code flags} on a command line that is {@code what}: they belong to the other mode. */
    private static void refuseWith(CommandLine line, String what, String... flags) {
        for (String flag : flags) {
            if (line.hasOption(flag)) {
                throw new BenchException(ErrorCode.CONFLICTING_OPTIONS, "-" + flag + " has no place in " + what);
            }
        }
    }

    /** A {@code -prefix} URI names the file system to replay on: no embedded cluster stands in for it. */
    @Override
    protected boolean startsEmbeddedClusterWhenNoneIsConfigured(Command command) {
        return command.replay.map(options -> options.prefix().map(prefix -> new Path(prefix).toUri().getScheme()
                == null).orElse(true)).orElse(false);
    }

    /** Writing a log calls no cluster. */
    @Override
    protected boolean callsTheCluster(Command command) {
        return command.replay.isPresent();
    }

    @Override
    protected boolean samplesCluster(Command command) {
        return command.replay.isPresent();
    }

    @Override
    protected ExitStatus run(Command command, ClusterSession session) throws Exception {
        if (command.synthesis.isPresent()) {
            SynthesisSpec spec = command.synthesis.get();
            command.out.orElseThrow().write(writer -> new AuditLogSynthesizer().write(spec, writer));
            out.println(NAME + ": wrote " + String.format(Locale.ROOT, "%,d", spec.commands()) + " commands of "
                    + spec.mix().entrySet().stream().map(weight -> weight.getKey().label() + "=" + weight.getValue())
                            .collect(Collectors.joining(",")) + " at " + new DecimalFormat("0.###",
                            DecimalFormatSymbols.getInstance(Locale.ROOT)).format(spec.rate()) + " commands/s for "
                    + spec.duration().toMillis() / 1000.0 + " s from " + spec.sources() + " sources (seed "
                    + spec.seed() + ")");
            return ExitStatus.SUCCESS;
        }
        AuditReplayOptions options = command.replay.orElseThrow();
        Configuration conf = session.configuration();
        ReplayLog log = logs.read(conf, options);
        AuditReplayResult result;
        try (NameserviceWatch watch = NameserviceWatch.start(NameserviceWatch.fileSystem(options.prefix().orElse(
                AuditReplayOptions.DEFAULT_PREFIX_PARENT), conf), conf, command.failoverAt)) {
            AuditReplayResult run = options.clients() > 0
                    ? new ReplayClients(conf, clientRunners.apply(conf)).run(options, log)
                    : new AuditReplay(conf).run(options, log);
            Optional<NameserviceRecord> nameservice = watch.finish();
            result = nameservice.map(run::withNameservice).orElse(run);
        }
        List<String> lines = new ArrayList<>(AuditReplayReport.lines(result));
        result.nameservice().ifPresent(record -> lines.addAll(record.lines()));
        ExitStatus status = report(session, lines, result);
        result.failure().ifPresent(failure -> ProgramMessages.error(err, NAME, failure));
        return status;
    }
}
