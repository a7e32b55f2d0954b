package io.hbench.bsp;

import static java.util.Objects.requireNonNull;

import org.apache.hadoop.conf.Configuration;

/** How a job's peers use their data links: the bytes bundled per destination, and how a superstep ends. */
final class LinkSettings {
    private final int bundleSize;
    private final Barrier barrier;

    LinkSettings(int bundleSize, Barrier barrier) {
        this.bundleSize = bundleSize;
        this.barrier = requireNonNull(barrier, "barrier is null");
    }

    /** From {@link BspSettings#BUNDLE_SIZE_KEY} and {@link BspSettings#BARRIER_KEY}. */
    static LinkSettings from(Configuration conf) {
        return new LinkSettings(BspSettings.bundleSize(conf), BspSettings.barrier(conf));
    }

    int bundleSize() {
        return bundleSize;
    }

    Barrier barrier() {
        return barrier;
    }
}
