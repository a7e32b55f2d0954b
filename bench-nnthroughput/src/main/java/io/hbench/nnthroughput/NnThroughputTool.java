package io.hbench.nnthroughput;

import io.hbench.cli.BenchTool;
import io.hbench.cli.ClusterSession;
import io.hbench.cli.FlagNames;
import io.hbench.cli.FlagParser;
import io.hbench.error.ExitStatus;
import io.hbench.fs.LocalOutput;
import java.io.PrintStream;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;

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

    /** The parsed command line: the workload, and where a NameNode started in this process keeps its storage. */
    static final class Command {
        final NnOptions options;
        final Path standaloneDir;

        Command(NnOptions options, Path standaloneDir) {
            this.options = options;
            this.standaloneDir = standaloneDir;
        }
    }

    public NnThroughputTool(PrintStream out, PrintStream err) {
        super(out, err);
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
                + " [-rate R [-arrivals fixed|poisson] [-seed N]] [-rates R1,R2,...|-ramp A..B -steps N"
                + " [-stepDuration D] [-slo pP=B]] [-resFile file] [-json file]";
    }

    @Override
    protected void addOptions(Options options) {
        NnCommandLine.addOptions(options);
        options.addOption(FlagParser.valued("standaloneDir", "dir", "name directory of the standalone NameNode"
                + " (default " + StandaloneNameNode.defaultDirectory() + ")"));
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
            throw NnThroughput.replicationNeedsStandalone();
        }
        Path standaloneDir = line.hasOption("standaloneDir") ? Paths.get(line.getOptionValue("standaloneDir"))
                : StandaloneNameNode.defaultDirectory();
        return new Command(options, standaloneDir);
    }

    /** With no NameNode configured, a standalone NameNode in this process, not a whole embedded cluster. */
    @Override
    protected boolean startsEmbeddedClusterWhenNoneIsConfigured(Command command) {
        return false;
    }

    @Override
    protected ExitStatus run(Command command, ClusterSession session) throws Exception {
        NnThroughput benchmark = new NnThroughput(session.configuration(), command.standaloneDir, err);
        NnResult result = benchmark.run(command.options);
        List<String> lines = new ArrayList<>(NnReport.classicLines(result));
        lines.addAll(NnReport.hbenchLines(result));
        return report(session, lines, result);
    }
}
