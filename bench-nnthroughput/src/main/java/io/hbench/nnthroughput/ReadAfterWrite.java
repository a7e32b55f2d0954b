package io.hbench.nnthroughput;

import io.hbench.result.Distribution;
import io.hbench.result.Unit;
import io.hbench.stats.Histograms;
import java.io.IOException;
import org.HdrHistogram.Histogram;
import org.apache.hadoop.hdfs.protocol.ClientProtocol;

/**
 * {@code -readAfterWrite}: after each create and mkdirs of a mix, the same thread reads the path at once
 * (getFileInfo) and the read's latency goes to a distribution of its own, outside the mix's figures. With Observer
 * reads it is the observer-read lag as a client sees it: the Observer holds the read until it has caught up with the
 * state the client's write left, and a read that finds nothing is an error, as a client would take it.
 */
final class ReadAfterWrite {
    static final String NOTE = "with -readAfterWrite each create and mkdirs is followed at once by a getFileInfo of its"
            + " path from the same thread, timed apart: it is not in the mix's counts, but it takes part of the run's"
            + " elapsed time";

    private final ClientProtocol client;
    /** One per thread: each thread records into its own. */
    private final Histogram[] latency;

    ReadAfterWrite(ClientProtocol client, int threads) {
        this.client = client;
        this.latency = new Histogram[threads];
        for (int t = 0; t < threads; t++) {
            latency[t] = Histograms.newHistogram();
        }
    }

    /** Reads {@code path}, which thread {@code thread} has just made; records the latency when {@code counted}. */
    void read(int thread, String path, boolean counted) throws IOException {
        long start = System.nanoTime();
        if (client.getFileInfo(path) == null) {
            throw new IOException("read after write: the NameNode does not know the path just made (an Observer"
                    + " serves reads after writes only with dfs.namenode.state.context.enabled=true on the NameNodes)");
        }
        long nanos = System.nanoTime() - start;
        if (counted) {
            latency[thread].recordValue(nanos);
        }
    }

    /** The reads' latency, {@code read_after_write_latency}; empty when histograms are off. */
    Distribution latency(NnOptions options) {
        Histogram all = Histograms.newHistogram();
        if (options.histograms()) {
            for (Histogram histogram : latency) {
                all.add(histogram);
            }
        }
        return Histograms.toDistribution("read_after_write_latency", Unit.SECONDS, all, 1e9);
    }
}
