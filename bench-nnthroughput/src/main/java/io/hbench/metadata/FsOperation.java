package io.hbench.metadata;

import java.util.Arrays;
import java.util.List;
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
