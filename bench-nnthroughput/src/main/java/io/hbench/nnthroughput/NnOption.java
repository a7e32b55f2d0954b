package io.hbench.nnthroughput;

import io.hbench.load.RateOptions;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static io.hbench.nnthroughput.NnOperation.APPEND;
import static io.hbench.nnthroughput.NnOperation.BLOCK_REPORT;
import static io.hbench.nnthroughput.NnOperation.CREATE;
import static io.hbench.nnthroughput.NnOperation.DELETE;
import static io.hbench.nnthroughput.NnOperation.FILE_STATUS;
import static io.hbench.nnthroughput.NnOperation.MIX;
import static io.hbench.nnthroughput.NnOperation.MKDIRS;
import static io.hbench.nnthroughput.NnOperation.OPEN;
import static io.hbench.nnthroughput.NnOperation.RENAME;
import static io.hbench.nnthroughput.NnOperation.REPLICATION;

/**
 * The options of a workload, each with the operations it shapes: {@code dirs} means something to mkdirs only,
 * {@code threads} to every operation that runs client threads. {@link NnOperation#ALL} runs each operation with the
 * options that shape it. {@link #optionName()} is how the builder, its messages and results name the option; the
 * command line's flags are {@code NnCommandLine}'s business.
 */
public enum NnOption {
    THREADS("threads", threaded()),
    FILES("files", fileOperations()),
    FILES_PER_DIR("filesPerDir", fileOperations()),
    DIRS("dirs", EnumSet.of(MKDIRS)),
    DIRS_PER_DIR("dirsPerDir", EnumSet.of(MKDIRS)),
    CLOSE("close", EnumSet.of(CREATE)),
    USE_EXISTING("useExisting", EnumSet.of(OPEN, DELETE, FILE_STATUS, RENAME, APPEND)),
    APPEND_NEW_BLOCK("appendNewBlk", EnumSet.of(APPEND)),
    BLOCK_SIZE("blockSize", blockSized()),
    BASE_DIR_NAME("baseDirName", every()),
    DATANODES("datanodes", EnumSet.of(BLOCK_REPORT, REPLICATION)),
    REPORTS("reports", EnumSet.of(BLOCK_REPORT)),
    BLOCKS_PER_REPORT("blocksPerReport", EnumSet.of(BLOCK_REPORT)),
    BLOCKS_PER_FILE("blocksPerFile", EnumSet.of(BLOCK_REPORT)),
    NODES_TO_DECOMMISSION("nodesToDecommission", EnumSet.of(REPLICATION)),
    NODE_REPLICATION_LIMIT("nodeReplicationLimit", EnumSet.of(REPLICATION)),
    TOTAL_BLOCKS("totalBlocks", EnumSet.of(REPLICATION)),
    REPLICATION_FACTOR("replication", EnumSet.of(REPLICATION)),
    KEEP_RESULTS("keepResults", every()),
    LOG_LEVEL("logLevel", every()),
    UG_CACHE_REFRESH_COUNT("ugCacheRefreshCount", every()),
    NON_SUPER_USER("nonSuperUser", every()),
    DURATION("duration", timed()),
    WARMUP("warmup", timed()),
    HISTOGRAMS("histograms", timed()),
    MIX_WEIGHTS("mix", EnumSet.of(MIX)),
    READ_AFTER_WRITE("readAfterWrite", EnumSet.of(MIX)),
    RATE(RateOptions.RATE, threaded()),
    ARRIVALS(RateOptions.ARRIVALS, threaded()),
    SEED(RateOptions.SEED, threaded()),
    RATES("rates", threaded()),
    RAMP("ramp", threaded()),
    STEPS("steps", threaded()),
    STEP_DURATION("stepDuration", threaded()),
    SLO("slo", threaded()),
    PER_SUBCLUSTER("perSubcluster", threaded()),
    SUB_CLUSTER_PATHS("subClusterPaths", threaded());

    private final String optionName;
    private final Set<NnOperation> operations;

    NnOption(String optionName, Set<NnOperation> operations) {
        this.optionName = optionName;
        this.operations = operations;
    }

    /** The name of the option's accessor and builder method, e.g. filesPerDir. */
    public String optionName() {
        return optionName;
    }

    /**
     * Whether this option shapes {@code operation}. {@link NnOperation#ALL} takes the options of every operation it
     * runs and hands each on.
     */
    public boolean appliesTo(NnOperation operation) {
        if (operation == NnOperation.ALL) {
            return NnOperation.ALL_IN_ORDER.stream().anyMatch(operations::contains);
        }
        return operations.contains(operation);
    }

    /** The options that shape {@code operation}, in declaration order. */
    public static List<NnOption> of(NnOperation operation) {
        return Arrays.stream(values()).filter(option -> option.appliesTo(operation)).collect(Collectors.toList());
    }

    private static Set<NnOperation> fileOperations() {
        return EnumSet.of(CREATE, OPEN, DELETE, FILE_STATUS, RENAME, APPEND, MIX);
    }

    private static Set<NnOperation> threaded() {
        return EnumSet.of(CREATE, MKDIRS, OPEN, DELETE, FILE_STATUS, RENAME, APPEND, MIX);
    }

    private static Set<NnOperation> timed() {
        Set<NnOperation> timed = threaded();
        timed.add(BLOCK_REPORT);
        return timed;
    }

    private static Set<NnOperation> blockSized() {
        Set<NnOperation> blockSized = fileOperations();
        blockSized.add(BLOCK_REPORT);
        blockSized.add(REPLICATION);
        return blockSized;
    }

    private static Set<NnOperation> every() {
        return EnumSet.complementOf(EnumSet.of(NnOperation.ALL));
    }
}
