package io.hbench.dfsio;

/** What a TestDFSIO run does to its files. */
public enum DfsioOperation {
    WRITE("write", "io_write"),
    READ("read", "io_read"),
    RANDOM_READ("random read", "io_random_read"),
    BACKWARD_READ("backward read", "io_random_read"),
    SKIP_READ("skip read", "io_random_read"),
    APPEND("append", "io_append"),
    TRUNCATE("truncate", "io_truncate");

    private final String label;
    private final String outputDirName;

    DfsioOperation(String label, String outputDirName) {
        this.label = label;
        this.outputDirName = outputDirName;
    }

    /** The name TestDFSIO prints in "----- TestDFSIO ----- : <label>". */
    public String label() {
        return label;
    }

    /** The directory under the base directory that holds the job's reduce output. */
    public String outputDirName() {
        return outputDirName;
    }

    public boolean isRead() {
        return this == READ || isPositionalRead();
    }

    /** Reads at chosen offsets ({@code -random}, {@code -backward}, {@code -skip}) rather than streaming. */
    public boolean isPositionalRead() {
        return this == RANDOM_READ || this == BACKWARD_READ || this == SKIP_READ;
    }

    /** Needs the files a write made. */
    public boolean needsExistingFiles() {
        return this != WRITE;
    }
}
