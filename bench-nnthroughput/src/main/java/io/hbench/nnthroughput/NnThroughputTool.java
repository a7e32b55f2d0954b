package io.hbench.nnthroughput;

import io.hbench.cli.BenchTool;
import io.hbench.cli.ClusterSession;
import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.error.ExitStatus;
import java.io.PrintStream;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DFSConfigKeys;


/**
 * {@code NNThroughputBenchmark} on the command line: Hadoop's {@code -op} and options, its result
 * lines, then hbench's. With no NameNode configured (no {@code -fs}, fs.defaultFS file:///) it starts
 * one in this process (standalone mode) rather than an embedded cluster; {@code -fs hdfs://host:port}
 * measures that NameNode over RPC, and {@code -embedded} an embedded cluster's NameNode over RPC.
 */
public final class NnThroughputTool extends BenchTool<NnThroughputTool.Command> {
    public static final String NAME = "NNThroughputBenchmark";

    private static final String[] FLAGS = {"close", "useExisting", "keepResults", "appendNewBlk", "nonSuperUser",
        "noHistograms"};
    private static final Pattern DURATION = Pattern.compile("([0-9]+)\\s*(ms|s|m|h)?");

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
        return NAME + " [genericOptions] -op " + String.join("|", labels()) + " [options of the op]"
                + " [-keepResults] [-logLevel L] [-UGCacheRefreshCount G] [-nonSuperUser] [-duration D] [-warmup N]"
                + " [-noHistograms] [-resFile file] [-json file]";
    }

    private static List<String> labels() {
        List<String> labels = new ArrayList<>();
        for (NnOperation op : NnOperation.values()) {
            labels.add(op.label());
        }
        return labels;
    }

    @Override
    protected void addOptions(Options options) {
        options.addOption(valued("op", "operation", "the operation: " + String.join(" ", labels())));
        options.addOption(valued("threads", "T", "worker threads (default 3)"));
        options.addOption(valued("files", "N", "files: created, opened, ... one operation each (default 10)"));
        options.addOption(valued("filesPerDir", "P", "files per directory (default 4)"));
        options.addOption(valued("dirs", "N", "mkdirs: directories to create (default 10)"));
        options.addOption(valued("dirsPerDir", "P", "mkdirs: directories per directory (default 2)"));
        options.addOption(flag("close", "create: complete each file after creating it (not inside the timed call)"));
        options.addOption(flag("useExisting", "open, delete, fileStatus, rename, append: use the files an earlier"
                + " -keepResults run left instead of creating them"));
        options.addOption(flag("keepResults", "keep what the run made (standalone: and save the namespace)"));
        options.addOption(valued("logLevel", "L", "NameNode log level in standalone mode: ERROR (default), WARN,"
                + " INFO, DEBUG, TRACE"));
        options.addOption(valued("UGCacheRefreshCount", "G", "refresh the user-to-groups mappings every G"
                + " operations of each thread"));
        options.addOption(valued("baseDirName", "D", "base directory (default " + NnOptions.DEFAULT_BASE_DIR_NAME
                + "); each operation works in D/<op>"));
        options.addOption(valued("blockSize", "S", "block size of created files (default dfs.blocksize)"));
        options.addOption(flag("appendNewBlk", "append: start a new block (CreateFlag.NEW_BLOCK)"));
        options.addOption(valued("datanodes", "T", "blockReport, replication: simulated DataNodes (default 10)"));
        options.addOption(valued("reports", "N", "blockReport: block reports to send (default 30)"));
        options.addOption(valued("blocksPerReport", "B", "blockReport: blocks per report (default 100)"));
        options.addOption(valued("blocksPerFile", "F", "blockReport: blocks per file (default 10)"));
        options.addOption(valued("nodesToDecommission", "D", "replication: DataNodes to decommission (default 1)"));
        options.addOption(valued("nodeReplicationLimit", "C", "replication: replication streams per node"
                + " (default 100)"));
        options.addOption(valued("totalBlocks", "B", "replication: blocks (default 100)"));
        options.addOption(valued("replication", "R", "replication: replication factor (default dfs.replication)"));
        options.addOption(flag("nonSuperUser", "make no call that needs a superuser (safe mode, saving the"
                + " namespace, refreshing user mappings)"));
        options.addOption(valued("duration", "D", "run for this long (ms, s, m, h; no unit: seconds) instead of the"
                + " count; reads repeat their inputs, other operations stop when theirs run out"));
        options.addOption(valued("warmup", "N", "operations each run first and does not count (default 0)"));
        options.addOption(valued("mix", "op=w,...", "with -op mix: operations and their weights, e.g."
                + " create=1,open=8,fileStatus=4"));
        options.addOption(flag("noHistograms", "no per-operation latency histograms (to measure their cost)"));
        options.addOption(valued("standaloneDir", "dir", "name directory of the standalone NameNode (default "
                + StandaloneNameNode.defaultDirectory() + ")"));
    }

    private static Option flag(String name, String description) {
        return Option.builder(name).desc(description).build();
    }

    private static Option valued(String name, String argName, String description) {
        return Option.builder(name).hasArg().argName(argName).desc(description).build();
    }

    @Override
    protected boolean takesResultFile() {
        return true;
    }

    @Override
    protected Command parse(CommandLine line) {
        if (!line.hasOption("op")) {
            throw new BenchException(ErrorCode.MISSING_OPTION, "no -op: give one of " + String.join(" ", labels()));
        }
        String label = line.getOptionValue("op");
        NnOperation op = NnOperation.byLabel(label).orElseThrow(() -> new BenchException(ErrorCode.INVALID_ARGUMENT,
                "-op " + label + " is not an operation: give one of " + String.join(" ", labels())));
        NnOptions.Builder b = NnOptions.builder(op);
        Configuration conf = getConf();
        b.defaultBlockSize(conf.getLongBytes(DFSConfigKeys.DFS_BLOCK_SIZE_KEY, DFSConfigKeys.DFS_BLOCK_SIZE_DEFAULT));
        b.defaultReplication((short) Math.max(1, Math.min(Short.MAX_VALUE,
                conf.getInt(DFSConfigKeys.DFS_REPLICATION_KEY, 3))));
        intOption(line, "threads").ifPresent(b::threads);
        intOption(line, "files").ifPresent(b::files);
        intOption(line, "filesPerDir").ifPresent(b::filesPerDir);
        intOption(line, "dirs").ifPresent(b::dirs);
        intOption(line, "dirsPerDir").ifPresent(b::dirsPerDir);
        intOption(line, "UGCacheRefreshCount").ifPresent(b::ugCacheRefreshCount);
        intOption(line, "datanodes").ifPresent(b::datanodes);
        intOption(line, "reports").ifPresent(b::reports);
        intOption(line, "blocksPerReport").ifPresent(b::blocksPerReport);
        intOption(line, "blocksPerFile").ifPresent(b::blocksPerFile);
        intOption(line, "nodesToDecommission").ifPresent(b::nodesToDecommission);
        intOption(line, "nodeReplicationLimit").ifPresent(b::nodeReplicationLimit);
        intOption(line, "totalBlocks").ifPresent(b::totalBlocks);
        intOption(line, "warmup").ifPresent(b::warmup);
        if (line.hasOption("replication")) {
            int replication = intOption(line, "replication").orElseThrow();
            if (replication > Short.MAX_VALUE) {
                throw new BenchException(ErrorCode.INVALID_ARGUMENT, "-replication must be at most " + Short.MAX_VALUE
                        + ", got " + replication);
            }
            b.replication((short) replication);
        }
        if (line.hasOption("blockSize")) {
            b.blockSize(longOption(line, "blockSize"));
        }
        if (line.hasOption("logLevel")) {
            b.logLevel(line.getOptionValue("logLevel").toUpperCase(Locale.ROOT));
        }
        if (line.hasOption("baseDirName")) {
            b.baseDirName(line.getOptionValue("baseDirName"));
        }
        if (line.hasOption("duration")) {
            b.duration(duration(line.getOptionValue("duration")));
        }
        if (line.hasOption("mix")) {
            b.mix(mix(line.getOptionValue("mix")));
        }
        for (String flag : FLAGS) {
            if (line.hasOption(flag)) {
                switch (flag) {
                    case "close":
                        b.close(true);
                        break;
                    case "useExisting":
                        b.useExisting(true);
                        break;
                    case "keepResults":
                        b.keepResults(true);
                        break;
                    case "appendNewBlk":
                        b.appendNewBlk(true);
                        break;
                    case "nonSuperUser":
                        b.nonSuperUser(true);
                        break;
                    default:
                        b.histograms(false);
                        break;
                }
            }
        }
        checkFlagsBelongTo(op, line);
        NnOptions options = b.build();
        boolean remote = !NnThroughput.isStandalone(conf) || line.hasOption("embedded");
        if (op == NnOperation.REPLICATION && remote) {
            throw NnThroughput.replicationNeedsStandalone();
        }
        Path standaloneDir = line.hasOption("standaloneDir") ? Paths.get(line.getOptionValue("standaloneDir"))
                : StandaloneNameNode.defaultDirectory();
        return new Command(options, standaloneDir);
    }

    /**
     * Refuses a flag that means nothing to the operation, listing the operation's flags. Each workload option has the
     * flag of its name ({@link NnOption#optionName()}), as in Hadoop's tool; {@code -op all} takes them all.
     */
    private static void checkFlagsBelongTo(NnOperation op, CommandLine line) {
        for (NnOption option : NnOption.values()) {
            if (line.hasOption(option.optionName()) && !option.appliesTo(op)) {
                throw new IllegalArgumentException("-" + option.optionName() + " does not belong to -op " + op.label()
                        + "; its options are: " + Arrays.stream(NnOption.values()).filter(o -> o.appliesTo(op))
                        .map(o -> "-" + o.optionName()).collect(Collectors.joining(" ")));
            }
        }
    }

    private static Optional<Integer> intOption(CommandLine line, String flag) {
        if (!line.hasOption(flag)) {
            return Optional.empty();
        }
        String text = line.getOptionValue(flag);
        try {
            return Optional.of(Integer.parseInt(text.trim()));
        } catch (NumberFormatException e) {
            throw new BenchException(ErrorCode.INVALID_ARGUMENT, "-" + flag + " '" + text + "' is not a whole number");
        }
    }

    private static long longOption(CommandLine line, String flag) {
        String text = line.getOptionValue(flag);
        try {
            return Long.parseLong(text.trim());
        } catch (NumberFormatException e) {
            throw new BenchException(ErrorCode.INVALID_ARGUMENT, "-" + flag + " '" + text + "' is not a whole number");
        }
    }

    static Duration duration(String text) {
        Matcher m = DURATION.matcher(text.trim());
        if (!m.matches()) {
            throw new BenchException(ErrorCode.INVALID_ARGUMENT, "-duration '" + text + "' is not a duration: use a"
                    + " whole number and ms, s, m or h (no unit means seconds), e.g. 30s");
        }
        long value;
        try {
            value = Long.parseLong(m.group(1));
        } catch (NumberFormatException e) {
            throw new BenchException(ErrorCode.INVALID_ARGUMENT, "-duration '" + text + "' is too long");
        }
        String unit = m.group(2) == null ? "s" : m.group(2);
        switch (unit) {
            case "ms":
                return Duration.ofMillis(value);
            case "m":
                return Duration.ofMinutes(value);
            case "h":
                return Duration.ofHours(value);
            default:
                return Duration.ofSeconds(value);
        }
    }

    static Map<NnOperation, Integer> mix(String text) {
        Map<NnOperation, Integer> weights = new LinkedHashMap<>();
        for (String part : text.split(",", -1)) {
            String[] pair = part.trim().split("=", -1);
            if (pair.length != 2 || pair[0].isBlank()) {
                throw new BenchException(ErrorCode.INVALID_ARGUMENT, "-mix '" + text + "': write each operation as"
                        + " op=weight, separated by commas, e.g. create=1,open=8,fileStatus=4");
            }
            NnOperation op = NnOperation.byLabel(pair[0].trim()).orElseThrow(() -> new BenchException(
                    ErrorCode.INVALID_ARGUMENT, "-mix: '" + pair[0].trim() + "' is not an operation; it mixes "
                            + mixable()));
            int weight;
            try {
                weight = Integer.parseInt(pair[1].trim());
            } catch (NumberFormatException e) {
                throw new BenchException(ErrorCode.INVALID_ARGUMENT, "-mix: the weight of " + op.label() + " '"
                        + pair[1].trim() + "' is not a whole number");
            }
            if (weights.put(op, weight) != null) {
                throw new BenchException(ErrorCode.INVALID_ARGUMENT, "-mix names " + op.label() + " twice");
            }
        }
        return weights;
    }

    private static String mixable() {
        List<String> labels = new ArrayList<>();
        NnOperation.MIXABLE.forEach(op -> labels.add(op.label()));
        return String.join(" ", labels);
    }

    /** With no NameNode configured, a standalone NameNode in this process, not a whole embedded cluster. */
    @Override
    protected boolean startsEmbeddedClusterWhenNoneIsConfigured(NnThroughputTool.Command options) {
        return false;
    }

    @Override
    protected ExitStatus run(Command command, ClusterSession session) throws Exception {
        NnThroughput benchmark = new NnThroughput(session.configuration(), command.standaloneDir, err);
        NnResult result = benchmark.run(command.options);
        List<String> lines = new ArrayList<>(NnReport.classicLines(result));
        lines.addAll(NnReport.hbenchLines(result));
        report(session, lines, result::toBenchResult);
        return ExitStatus.SUCCESS;
    }
}
