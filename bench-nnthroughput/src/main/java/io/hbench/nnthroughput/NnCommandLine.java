package io.hbench.nnthroughput;

import io.hbench.cli.FlagNames;
import io.hbench.cli.FlagParser;
import io.hbench.cli.FlagValues;
import io.hbench.cli.RateFlags;
import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.ObjIntConsumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;

/**
 * NNThroughputBenchmark's workload flags: {@code -op}, and one flag per {@link NnOption}, named as the option but
 * for Hadoop's {@code -UGCacheRefreshCount} and hbench's {@code -noHistograms}. An operation takes the flags of the
 * options it uses, and every message about the workload names flags, not options.
 */
final class NnCommandLine {
    private static final String MIX_EXAMPLE = "create=1,open=8,fileStatus=4";
    private static final Pattern RAMP = Pattern.compile("(\\d+)\\.\\.(\\d+)");

    /** In the order -help lists them. */
    private static final List<Flag> FLAGS = List.of(
            valued("threads", NnOption.THREADS, "T", "worker threads (default 3)",
                    whole(NnOptions.Builder::threads)),
            valued("files", NnOption.FILES, "N", "files: created, opened, ... one operation each (default 10)",
                    whole(NnOptions.Builder::files)),
            valued("filesPerDir", NnOption.FILES_PER_DIR, "P", "files per directory (default 4)",
                    whole(NnOptions.Builder::filesPerDir)),
            valued("dirs", NnOption.DIRS, "N", "mkdirs: directories to create (default 10)",
                    whole(NnOptions.Builder::dirs)),
            valued("dirsPerDir", NnOption.DIRS_PER_DIR, "P", "mkdirs: directories per directory (default 2)",
                    whole(NnOptions.Builder::dirsPerDir)),
            present("close", NnOption.CLOSE, "create: complete each file after creating it (not inside the timed"
                    + " call)", options -> options.close(true)),
            present("useExisting", NnOption.USE_EXISTING, "open, delete, fileStatus, rename, append: use the files"
                    + " an earlier -keepResults run left instead of creating them",
                    options -> options.useExisting(true)),
            present("keepResults", NnOption.KEEP_RESULTS, "keep what the run made (standalone: and save the"
                    + " namespace)", options -> options.keepResults(true)),
            valued("logLevel", NnOption.LOG_LEVEL, "L", "NameNode log level in standalone mode: ERROR (default),"
                    + " WARN, INFO, DEBUG, TRACE",
                    (options, flag, text) -> options.logLevel(text.toUpperCase(Locale.ROOT))),
            valued("UGCacheRefreshCount", NnOption.UG_CACHE_REFRESH_COUNT, "G", "refresh the user-to-groups"
                    + " mappings every G operations of each thread", whole(NnOptions.Builder::ugCacheRefreshCount)),
            valued("baseDirName", NnOption.BASE_DIR_NAME, "D", "base directory (default "
                    + NnOptions.DEFAULT_BASE_DIR_NAME + "); each operation works in D/<op>",
                    (options, flag, text) -> options.baseDirName(text)),
            valued("blockSize", NnOption.BLOCK_SIZE, "S", "block size of created files (default dfs.blocksize)",
                    (options, flag, text) -> options.blockSize(
                            FlagValues.longNumber(flag, text, Long.MIN_VALUE, Long.MAX_VALUE))),
            present("appendNewBlk", NnOption.APPEND_NEW_BLOCK, "append: start a new block (CreateFlag.NEW_BLOCK)",
                    options -> options.appendNewBlk(true)),
            valued("datanodes", NnOption.DATANODES, "T", "blockReport, replication: simulated DataNodes (default 10)",
                    whole(NnOptions.Builder::datanodes)),
            valued("reports", NnOption.REPORTS, "N", "blockReport: block reports to send (default 30)",
                    whole(NnOptions.Builder::reports)),
            valued("blocksPerReport", NnOption.BLOCKS_PER_REPORT, "B", "blockReport: blocks per report (default 100)",
                    whole(NnOptions.Builder::blocksPerReport)),
            valued("blocksPerFile", NnOption.BLOCKS_PER_FILE, "F", "blockReport: blocks per file (default 10)",
                    whole(NnOptions.Builder::blocksPerFile)),
            valued("nodesToDecommission", NnOption.NODES_TO_DECOMMISSION, "D", "replication: DataNodes to"
                    + " decommission (default 1)", whole(NnOptions.Builder::nodesToDecommission)),
            valued("nodeReplicationLimit", NnOption.NODE_REPLICATION_LIMIT, "C", "replication: replication streams"
                    + " per node (default 100)", whole(NnOptions.Builder::nodeReplicationLimit)),
            valued("totalBlocks", NnOption.TOTAL_BLOCKS, "B", "replication: blocks (default 100)",
                    whole(NnOptions.Builder::totalBlocks)),
            valued("replication", NnOption.REPLICATION_FACTOR, "R", "replication: replication factor (default"
                    + " dfs.replication)", (options, flag, text) -> options.replication(
                    (short) FlagValues.wholeNumber(flag, text, Short.MIN_VALUE, Short.MAX_VALUE))),
            present("nonSuperUser", NnOption.NON_SUPER_USER, "make no call that needs a superuser (safe mode, saving"
                    + " the namespace, refreshing user mappings)", options -> options.nonSuperUser(true)),
            valued("duration", NnOption.DURATION, "D", "run for this long (ms, s, m, h; no unit: seconds) instead of"
                    + " the count; reads repeat their inputs, other operations stop when theirs run out",
                    (options, flag, text) -> options.duration(FlagValues.duration(flag, text))),
            valued("warmup", NnOption.WARMUP, "N", "operations each run first and does not count (default 0)",
                    whole(NnOptions.Builder::warmup)),
            valued("mix", NnOption.MIX_WEIGHTS, "op=w,...", "with -op mix: operations and their weights, e.g. " + MIX_EXAMPLE,
                    (options, flag, text) -> options.mix(mix(flag, text))),
            present("readAfterWrite", NnOption.READ_AFTER_WRITE, "with -op mix: after each create and mkdirs, read"
                    + " its path at once (getFileInfo), timed apart: how long a client waits to read its own write",
                    options -> options.readAfterWrite(true)),
            present("noHistograms", NnOption.HISTOGRAMS, "no per-operation latency histograms (to measure their"
                    + " cost)", options -> options.histograms(false)),
            valued("rate", NnOption.RATE, RateFlags.RATE_ARGUMENT, RateFlags.RATE_HELP,
                    (options, flag, text) -> options.rate(RateFlags.rate(flag, text))),
            valued("arrivals", NnOption.ARRIVALS, RateFlags.ARRIVALS_ARGUMENT, "with -rate, -rates or -ramp: evenly"
                    + " spaced (default) or exponential gaps of mean 1/R",
                    (options, flag, text) -> options.arrivals(RateFlags.arrivals(flag, text))),
            valued("seed", NnOption.SEED, RateFlags.SEED_ARGUMENT, RateFlags.SEED_HELP,
                    (options, flag, text) -> options.seed(RateFlags.seed(flag, text))),
            valued("rates", NnOption.RATES, "R1,R2,...", "capacity curve: one open-loop step per rate (ops/s,"
                    + " increasing), each -stepDuration long", (options, flag, text) -> options.rates(rates(flag, text))),
            valued("ramp", NnOption.RAMP, "A..B", "capacity curve: -steps rates from A to B ops/s, each the one before"
                    + " times the same factor", (options, flag, text) -> {
                        long[] ends = ramp(flag, text);
                        options.ramp(ends[0], ends[1]);
                    }),
            valued("steps", NnOption.STEPS, "N", "with -ramp: how many rates, A and B included (2 or more)",
                    whole(NnOptions.Builder::steps)),
            valued("stepDuration", NnOption.STEP_DURATION, "D", "with -rates or -ramp: how long each step lasts (ms,"
                    + " s, m, h; default 30s)", (options, flag, text) -> options.stepDuration(
                            FlagValues.duration(flag, text))),
            valued("slo", NnOption.SLO, "pP=B", "with -rates or -ramp: the latency objective, a percentile of the"
                    + " latency from intended start and its bound in us, ms or s (default p99=10ms)",
                    (options, flag, text) -> options.slo(LatencyObjective.parse(flag, text))),
            present("perSubcluster", NnOption.PER_SUBCLUSTER, "through Routers: run the load in each subcluster of"
                    + " the Router's mount table, one after the other, under <mount point>/<-baseDirName's name>",
                    options -> options.perSubcluster(true)),
            valued("subClusterPath", NnOption.SUB_CLUSTER_PATHS, "p1,p2,...", "through Routers: run the load under"
                    + " each path (one per subcluster, existing), one after the other, in <path>/<-baseDirName's name>",
                    (options, flag, text) -> options.subClusterPaths(Arrays.stream(text.split(",", -1))
                            .map(String::trim).collect(Collectors.toList()))));

    private NnCommandLine() {
    }

    /** Adds {@code -op} and the workload's flags. */
    static void addOptions(Options options) {
        options.addOption(FlagParser.valued("op", "operation", "the operation: " + NnOperation.labels()));
        for (Flag flag : FLAGS) {
            options.addOption(flag.argName == null ? FlagParser.present(flag.name, flag.description)
                    : FlagParser.valued(flag.name, flag.argName, flag.description));
        }
    }

    /** How the command line names each option: by its flag, e.g. -UGCacheRefreshCount for ugCacheRefreshCount. */
    static FlagNames flagNames() {
        FlagNames names = FlagNames.SAME;
        for (Flag flag : FLAGS) {
            names = names.with(flag.option.optionName(), "-" + flag.name);
        }
        return names;
    }

    /**
     * The workload the command line asks for; what it leaves to the cluster (block size, replication) the run
     * resolves, as a library caller's run does ({@link NnOptions#resolve}).
     *
     * @throws BenchException naming the flag, for a flag the operation does not take or a value it cannot read
     * @throws io.hbench.error.InvalidOptionException naming the option, for a value the options refuse
     */
    static NnOptions options(CommandLine line) {
        NnOperation operation = operation(line);
        NnOptions.Builder options = NnOptions.builder(operation);
        for (Flag flag : FLAGS) {
            if (!line.hasOption(flag.name)) {
                continue;
            }
            if (!flag.option.appliesTo(operation)) {
                throw new BenchException(ErrorCode.CONFLICTING_OPTIONS, "-" + flag.name + " does not belong to -op "
                        + operation.label() + "; its options are: " + NnOption.of(operation).stream()
                                .map(option -> flagNames().flagOf(option.optionName()))
                                .collect(Collectors.joining(" ")));
            }
            flag.setter.set(options, "-" + flag.name, line.getOptionValue(flag.name));
        }
        RateFlags.drawnSeed(line, "rates", "ramp").ifPresent(options::seed);
        if (operation == NnOperation.MIX && !line.hasOption("mix")) {
            throw new BenchException(ErrorCode.MISSING_OPTION, "-op mix needs -mix, e.g. -mix " + MIX_EXAMPLE);
        }
        // The builder names its options; the tool names them by their flags (flagNames).
        return options.build();
    }

    private static NnOperation operation(CommandLine line) {
        if (!line.hasOption("op")) {
            throw new BenchException(ErrorCode.MISSING_OPTION, "no -op: give one of " + NnOperation.labels());
        }
        String label = line.getOptionValue("op");
        return NnOperation.byLabel(label).orElseThrow(() -> new BenchException(ErrorCode.INVALID_ARGUMENT,
                "-op " + label + " is not an operation: give one of " + NnOperation.labels()));
    }

    private static Map<NnOperation, Integer> mix(String flag, String text) {
        Map<NnOperation, Integer> weights = new LinkedHashMap<>();
        for (String part : text.split(",", -1)) {
            String[] pair = part.trim().split("=", -1);
            if (pair.length != 2 || pair[0].isBlank()) {
                throw new BenchException(ErrorCode.INVALID_ARGUMENT, flag + " '" + text + "': write each operation"
                        + " as op=weight, separated by commas, e.g. " + MIX_EXAMPLE);
            }
            NnOperation op = NnOperation.byLabel(pair[0].trim()).orElseThrow(() -> new BenchException(
                    ErrorCode.INVALID_ARGUMENT, flag + ": '" + pair[0].trim() + "' is not an operation; it mixes "
                            + NnOperation.MIXABLE.stream().map(NnOperation::label).collect(Collectors.joining(" "))));
            int weight = FlagValues.wholeNumber(flag + " weight of " + op.label(), pair[1]);
            if (weights.put(op, weight) != null) {
                throw new BenchException(ErrorCode.INVALID_ARGUMENT, flag + " names " + op.label() + " twice");
            }
        }
        return weights;
    }

    private static double[] rates(String flag, String text) {
        return Arrays.stream(text.split(",", -1)).mapToDouble(rate -> FlagValues.decimal(flag, rate)).toArray();
    }

    private static long[] ramp(String flag, String text) {
        Matcher matcher = RAMP.matcher(text.trim());
        if (!matcher.matches()) {
            throw new BenchException(ErrorCode.INVALID_ARGUMENT, flag + " '" + text + "' is not a ramp: write A..B"
                    + " in whole operations per second, e.g. 1000..64000");
        }
        return new long[] {FlagValues.longNumber(flag, matcher.group(1), 0, Long.MAX_VALUE),
            FlagValues.longNumber(flag, matcher.group(2), 0, Long.MAX_VALUE)};
    }

    private static Flag valued(String name, NnOption option, String argName, String description, Setter setter) {
        return new Flag(name, option, argName, description, setter);
    }

    /** A flag without a value: giving it is the setting. */
    private static Flag present(String name, NnOption option, String description, Consumer<NnOptions.Builder> set) {
        return new Flag(name, option, null, description, (options, flag, text) -> set.accept(options));
    }

    private static Setter whole(ObjIntConsumer<NnOptions.Builder> set) {
        return (options, flag, text) -> set.accept(options, FlagValues.wholeNumber(flag, text));
    }

    /** Sets an option from the text given to {@code flag}, naming the flag if the text is not a value. */
    @FunctionalInterface
    private interface Setter {
        void set(NnOptions.Builder options, String flag, String text);
    }

    /** A flag, the option it sets and how; a null {@code argName} for a flag that takes no value. */
    private static final class Flag {
        final String name;
        final NnOption option;
        final String argName;
        final String description;
        final Setter setter;

        Flag(String name, NnOption option, String argName, String description, Setter setter) {
            this.name = name;
            this.option = option;
            this.argName = argName;
            this.description = description;
            this.setter = setter;
        }
    }
}
