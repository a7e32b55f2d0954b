package io.hbench.nnthroughput;

import static java.util.Objects.requireNonNull;

import io.hbench.bsp.BspRunner;
import io.hbench.bsp.runners.MapReduceBspRunner;
import io.hbench.cli.BenchTool;
import io.hbench.cli.ClusterSession;
import io.hbench.cli.FlagNames;
import io.hbench.cli.FlagParser;
import io.hbench.cli.FlagValues;
import io.hbench.cli.RateFlags;
import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.error.ExitStatus;
import io.hbench.fs.LocalOutput;
import io.hbench.namenode.FailoverFlag;
import io.hbench.namenode.NameserviceRecord;
import io.hbench.namenode.NameserviceWatch;
import java.io.PrintStream;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

/**
 * {@code NNThroughputBenchmark} on the command line: Hadoop's {@code -op} and options, its result
 * lines, then hbench's. With no NameNode configured (no {@code -fs}, fs.defaultFS file:///) it starts
 * one in this process (standalone mode) rather than an embedded cluster; {@code -fs hdfs://host:port}
 * measures that NameNode over RPC, and {@code -embedded} an embedded cluster's NameNode over RPC.
 */
public final class NnThroughputTool extends BenchTool<NnThroughputTool.Command> {
    /** A file of the lines a run appends: each operation's block starts with its inputs' heading. */
    private static final LocalOutput.Kind RESULT_LINES = LocalOutput.Kind.appendedLines(
            "an NNThroughputBenchmark result log", Pattern.compile("--- \\S+ inputs ---"));
    public static final String NAME = "NNThroughputBenchmark";

    /**
     * The parsed command line: the workload, where a NameNode started in this process keeps its storage, and with
     * -clients how many map tasks offer the load (0: this process) and the workload flags they are given, and when
     * to fail the nameservice over (-failoverAt).
     */
    static final class Command {
        final NnOptions options;
        final Path standaloneDir;
        final int clients;
        final List<String> workload;
        final Optional<Duration> failoverAt;

        Command(NnOptions options, Path standaloneDir, int clients, List<String> workload,
                Optional<Duration> failoverAt) {
            this.options = options;
            this.standaloneDir = standaloneDir;
            this.clients = clients;
            this.workload = List.copyOf(workload);
            this.failoverAt = failoverAt;
        }
    }

    private final Function<Configuration, BspRunner> clientRunners;

    public NnThroughputTool(PrintStream out, PrintStream err) {
        this(out, err, conf -> new MapReduceBspRunner(conf, err));
    }

    /** A tool whose -clients run where {@code clientRunners} puts them (tests: threads of this process). */
    NnThroughputTool(PrintStream out, PrintStream err, Function<Configuration, BspRunner> clientRunners) {
        super(out, err);
        this.clientRunners = requireNonNull(clientRunners, "clientRunners is null");
    }

    public static void main(String[] args) throws Exception {
        System.exit(new NnThroughputTool(System.out, System.err).runCommandLine(new Configuration(), args));
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "NameNode metadata throughput and latency (create, open, ...), in this process or against -fs";
    }

    @Override
    protected String usage() {
        return NAME + " [genericOptions] -op " + Arrays.stream(NnOperation.values()).map(NnOperation::label)
                .collect(Collectors.joining("|")) + " [options of the op] [-keepResults] [-logLevel L]"
                + " [-UGCacheRefreshCount G] [-nonSuperUser] [-duration D] [-warmup N] [-noHistograms]"
                + " " + RateFlags.USAGE + " [-clients N] [-rates R1,R2,...|-ramp A..B -steps N"
                + " [-stepDuration D] [-slo pP=B]] " + FailoverFlag.USAGE + " [-resFile file] [-json file]";
    }

    @Override
    protected void addOptions(Options options) {
        NnCommandLine.addOptions(options);
        options.addOption(FlagParser.valued("standaloneDir", "dir", "name directory of the standalone NameNode"
                + " (default " + StandaloneNameNode.defaultDirectory() + ")"));
        options.addOption(FlagParser.valued("clients", "N", "with -rate and -fs: offer the load from N map tasks on"
                + " YARN, on different hosts where there is room, each at R/N from one common start"));
        FailoverFlag.addTo(options);
    }

    @Override
    protected FlagNames flagNames() {
        return NnCommandLine.flagNames();
    }

    @Override
    protected Optional<LocalOutput.Kind> resultFileKind() {
        return Optional.of(RESULT_LINES);
    }

    @Override
    protected Command parse(CommandLine line) {
        NnOptions options = NnCommandLine.options(line);
        boolean remote = !NnThroughput.isStandalone(getConf()) || line.hasOption("embedded");
        if (options.operation() == NnOperation.REPLICATION && remote) {
            throw NnThroughput.replicationRefusal(getConf());
        }
        Path standaloneDir = line.hasOption("standaloneDir") ? Paths.get(line.getOptionValue("standaloneDir"))
                : StandaloneNameNode.defaultDirectory();
        Optional<Duration> failoverAt = FailoverFlag.failoverAt(line);
        NameserviceWatch.check(FileSystem.getDefaultUri(getConf()), getConf(), failoverAt);
        if (!line.hasOption("clients")) {
            return new Command(options, standaloneDir, 0, List.of(), failoverAt);
        }
        int clients = FlagValues.wholeNumber("-clients", line.getOptionValue("clients"), 1, Integer.MAX_VALUE);
        if (options.subclusters().isPresent()) {
            throw new BenchException(ErrorCode.CONFLICTING_OPTIONS, "-clients offers one schedule from map tasks;"
                    + " -perSubcluster and -subClusterPath run one subcluster after the other from this process");
        }
        if (!remote) {
            throw new BenchException(ErrorCode.CONFLICTING_OPTIONS, "-clients runs the load from map tasks against a"
                    + " NameNode they reach: give -fs hdfs://<namenode>; standalone mode (no -fs) is one process");
        }
        if (options.rate().isEmpty()) {
            throw new BenchException(ErrorCode.MISSING_OPTION, "-clients needs -rate: the clients share the rate of one"
                    + " schedule, R/N each");
        }
        if (line.hasOption("rates") || line.hasOption("ramp")) {
            throw new BenchException(ErrorCode.CONFLICTING_OPTIONS, "-clients offers one -rate; the capacity curve"
                    + " (-rates, -ramp) runs from this process");
        }
        Optional<String> refusal = ClientShare.refusal(options, clients);
        if (refusal.isPresent()) {
            throw new BenchException(ErrorCode.CONFLICTING_OPTIONS, refusal.get());
        }
        return new Command(options, standaloneDir, clients, ClientProgram.workloadFlags(line, options), failoverAt);
    }

    /** With no NameNode configured, a standalone NameNode in this process, not a whole embedded cluster. */
    @Override
    protected boolean startsEmbeddedClusterWhenNoneIsConfigured(Command command) {
        return false;
    }

    @Override
    protected ExitStatus run(Command command, ClusterSession session) throws Exception {
        Configuration conf = session.configuration();
        try (NameserviceWatch watch = NameserviceWatch.start(FileSystem.getDefaultUri(conf), conf,
                command.failoverAt)) {
            if (command.clients > 0) {
                ClientsResult run = new Clients(conf, clientRunners.apply(conf)).run(command.options,
                        command.workload, command.clients);
                Optional<NameserviceRecord> nameservice = watch.finish();
                ClientsResult result = nameservice.map(run::withNameservice).orElse(run);
                List<String> lines = new ArrayList<>(NnReport.classicLines(result.merged()));
                lines.addAll(NnReport.hbenchLines(result.merged()));
                lines.addAll(result.lines());
                nameservice.ifPresent(record -> lines.addAll(record.lines()));
                return report(session, lines, result);
            }
            NnThroughput benchmark = new NnThroughput(conf, command.standaloneDir, err);
            if (command.options.subclusters().isPresent()) {
                SubclustersResult result = benchmark.runPerSubcluster(command.options);
                return report(session, result.lines(), result);
            }
            NnResult run = benchmark.run(command.options);
            Optional<NameserviceRecord> nameservice = watch.finish();
            NnResult result = nameservice.map(run::withNameservice).orElse(run);
            List<String> lines = new ArrayList<>(NnReport.classicLines(result));
            lines.addAll(NnReport.hbenchLines(result));
            nameservice.ifPresent(record -> lines.addAll(record.lines()));
            return report(session, lines, result);
        }
    }
}
