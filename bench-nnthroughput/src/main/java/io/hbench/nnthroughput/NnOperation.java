package io.hbench.nnthroughput;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/** The operations of NNThroughputBenchmark ({@code -op}), with Hadoop's names. */
public enum NnOperation {
    CREATE("create"),
    MKDIRS("mkdirs"),
    OPEN("open"),
    DELETE("delete"),
    FILE_STATUS("fileStatus"),
    RENAME("rename"),
    APPEND("append"),
    BLOCK_REPORT("blockReport"),
    REPLICATION("replication"),
    CLEAN("clean"),
    /** Every operation above, one after another, each with its own options. */
    ALL("all"),
    /** hbench: several operations at once in given proportions ({@code -mix}). */
    MIX("mix");

    /** The operations {@code -op all} runs, in Hadoop's order. */
    static final List<NnOperation> ALL_IN_ORDER = List.of(CREATE, MKDIRS, OPEN, DELETE, APPEND, FILE_STATUS, RENAME,
            BLOCK_REPORT, REPLICATION, CLEAN);
    /** The operations a {@code -mix} may name. */
    static final List<NnOperation> MIXABLE = List.of(CREATE, MKDIRS, OPEN, DELETE, FILE_STATUS, RENAME, APPEND);
    /** The RPC method of each timed operation's call, by its label, as the NameNode's counters name it. */
    static final Map<String, List<String>> RPC_METHODS = Map.of(
            CREATE.label, List.of("create"),
            MKDIRS.label, List.of("mkdirs"),
            OPEN.label, List.of("getBlockLocations"),
            DELETE.label, List.of("delete"),
            FILE_STATUS.label, List.of("getFileInfo"),
            RENAME.label, List.of("rename", "rename2"),
            APPEND.label, List.of("append"));

    private final String label;

    NnOperation(String label) {
        this.label = label;
    }

    /** The name on the command line and in the result lines. */
    public String label() {
        return label;
    }

    /** The operation named exactly {@code label} (Hadoop's names are case-sensitive). */
    public static Optional<NnOperation> byLabel(String label) {
        return Arrays.stream(values()).filter(op -> op.label.equals(label)).findFirst();
    }

    static String labels() {
        return Arrays.stream(values()).map(NnOperation::label).collect(Collectors.joining(" "));
    }
}
