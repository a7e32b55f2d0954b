package io.hbench.metadata;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/** The operations of FsMetadata ({@code -op}), named as NNThroughputBenchmark names them where it has them. */
public enum FsOperation {
    /** {@code create} of an empty file and {@code close} of its stream: on an object store the upload is at close. */
    CREATE("create"),
    MKDIRS("mkdirs"),
    /** {@code open} and {@code close}, reading nothing. */
    OPEN("open"),
    FILE_STATUS("fileStatus"),
    /** {@code listStatus} of each directory that holds files; NNThroughputBenchmark has no such operation. */
    LIST("list"),
    RENAME("rename"),
    DELETE("delete"),
    /** Every operation above, one after another. */
    ALL("all");

    /** The operations {@code -op all} runs, in this order: the writes that make a namespace, the reads, then the rest. */
    static final List<FsOperation> ALL_IN_ORDER = List.of(CREATE, MKDIRS, OPEN, FILE_STATUS, LIST, RENAME, DELETE);
    /**
     * On HDFS, the RPC methods of each operation's timed call through DistributedFileSystem, by its label, as the
     * NameNode's counters name them: create's close completes the file, open asks for the blocks' locations.
     */
    static final Map<String, List<String>> RPC_METHODS = Map.of(
            CREATE.label, List.of("create", "complete"),
            MKDIRS.label, List.of("mkdirs"),
            OPEN.label, List.of("getBlockLocations"),
            FILE_STATUS.label, List.of("getFileInfo"),
            LIST.label, List.of("getListing"),
            RENAME.label, List.of("rename"),
            DELETE.label, List.of("delete"));

    private final String label;

    FsOperation(String label) {
        this.label = label;
    }

    /** The name on the command line and in the result lines. */
    public String label() {
        return label;
    }

    /** The operation named exactly {@code label}, as NNThroughputBenchmark's names are case-sensitive. */
    public static Optional<FsOperation> byLabel(String label) {
        return Arrays.stream(values()).filter(op -> op.label.equals(label)).findFirst();
    }

    /** Every operation's label, joined by {@code separator}. */
    static String labels(String separator) {
        return Arrays.stream(values()).map(FsOperation::label).collect(Collectors.joining(separator));
    }
}
