package io.hbench.dfsio;

/** Job counters TestDFSIO's tasks keep, for progress while the job runs. */
public enum DfsioCounter {
    /** Bytes written, read or cut so far. */
    BYTES
}
