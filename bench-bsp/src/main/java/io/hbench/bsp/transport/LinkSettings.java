package io.hbench.bsp.transport;

import static java.util.Objects.requireNonNull;

import io.hbench.bsp.BspSettings;
import org.apache.hadoop.conf.Configuration;

/** How a job's peers use their data links: the bytes bundled per destination, and how a superstep ends. */
public final class LinkSettings {
    private final int bundleSize;
    private final Barrier barrier;

    public LinkSettings(int bundleSize, Barrier barrier) {
        this.bundleSize = bundleSize;
        this.barrier = requireNonNull(barrier, "barrier is null");
    }

    /** From {@link BspSettings#BUNDLE_SIZE_KEY} and {@link BspSettings#BARRIER_KEY}. */
    public static LinkSettings from(Configuration conf) {
        return new LinkSettings(BspSettings.bundleSize(conf), BspSettings.barrier(conf));
    }

    public int bundleSize() {
        return bundleSize;
    }

    public Barrier barrier() {
        return barrier;
    }
}
