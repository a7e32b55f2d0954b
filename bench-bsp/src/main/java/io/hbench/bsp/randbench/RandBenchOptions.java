package io.hbench.bsp.randbench;

import static java.util.Objects.requireNonNull;

import io.hbench.error.InvalidOptionException;
import io.hbench.bsp.BspJobSpec;
import io.hbench.bsp.BspPeer;
import io.hbench.bsp.benchbase.BenchSettings;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;

/** An immutable RandBench workload: message size, messages per superstep, supersteps, warmup, destinations. */
public final class RandBenchOptions {
    /** One message is one array in memory on both ends: 64 MiB keeps a superstep's buffers modest. */
    public static final int MAX_MESSAGE_SIZE = BspPeer.MAX_MESSAGE_BYTES;

    private final int messageSize;
    private final int messagesPerSuperstep;
    private final int supersteps;
    private final int warmup;
    private final boolean noSelf;
    private final BenchSettings settings;

    private RandBenchOptions(Builder builder) {
        this.messageSize = (int) builder.messageSize;
        this.messagesPerSuperstep = builder.messagesPerSuperstep;
        this.supersteps = builder.supersteps;
        this.warmup = builder.warmup;
        this.noSelf = builder.noSelf;
        this.settings = builder.settings;
    }

    /** Hama's three arguments: {@code <msgSize> <msgsPerSuperstep> <supersteps>}. */
    public static Builder builder(long messageSize, int messagesPerSuperstep, int supersteps) {
        return new Builder(messageSize, messagesPerSuperstep, supersteps);
    }

    /** Payload bytes of every message. */
    public int messageSize() {
        return messageSize;
    }

    /** Messages every peer sends in every superstep. */
    public int messagesPerSuperstep() {
        return messagesPerSuperstep;
    }

    /** Supersteps measured, after the warmup. */
    public int supersteps() {
        return supersteps;
    }

    /** Supersteps run before the measured ones, with the same messages, and not counted. */
    public int warmup() {
        return warmup;
    }

    /** Whether a peer leaves itself out of its random destinations (Hama's RandBench does not). */
    public boolean noSelf() {
        return noSelf;
    }

    public BenchSettings settings() {
        return settings;
    }

    /** Payload bytes the measured supersteps send, over the network and local together. */
    public long measuredBytes() {
        return (long) settings.peers() * messagesPerSuperstep * messageSize * supersteps;
    }

    @Override
    public boolean equals(Object obj) {
        if (!(obj instanceof RandBenchOptions)) {
            return false;
        }
        RandBenchOptions that = (RandBenchOptions) obj;
        return messageSize == that.messageSize && messagesPerSuperstep == that.messagesPerSuperstep
                && supersteps == that.supersteps && warmup == that.warmup && noSelf == that.noSelf
                && settings.equals(that.settings);
    }

    @Override
    public int hashCode() {
        return Objects.hash(messageSize, messagesPerSuperstep, supersteps, warmup, noSelf, settings);
    }

    @Override
    public String toString() {
        return "RandBenchOptions{messageSize=" + messageSize + ", messagesPerSuperstep=" + messagesPerSuperstep
                + ", supersteps=" + supersteps + ", warmup=" + warmup + ", noSelf=" + noSelf + ", " + settings + "}";
    }

    public static final class Builder {
        private final long messageSize;
        private final int messagesPerSuperstep;
        private final int supersteps;
        private int warmup;
        private boolean noSelf;
        private BenchSettings settings;

        private Builder(long messageSize, int messagesPerSuperstep, int supersteps) {
            this.messageSize = messageSize;
            this.messagesPerSuperstep = messagesPerSuperstep;
            this.supersteps = supersteps;
        }

        public Builder warmup(int warmup) {
            this.warmup = warmup;
            return this;
        }

        public Builder noSelf(boolean noSelf) {
            this.noSelf = noSelf;
            return this;
        }

        /** Peers, seed, failure timeout, listen address; by default 4 peers, a random seed, 60 s, a job. */
        public Builder settings(BenchSettings settings) {
            this.settings = requireNonNull(settings, "settings is null");
            return this;
        }

        public RandBenchOptions build() {
            if (messageSize < 1 || messageSize > MAX_MESSAGE_SIZE) {
                throw new InvalidOptionException("{} must be from 1 to " + MAX_MESSAGE_SIZE + " bytes, got "
                        + messageSize, "messageSize");
            }
            if (messagesPerSuperstep < 1) {
                throw new InvalidOptionException("{} must be at least 1, got " + messagesPerSuperstep,
                        "messagesPerSuperstep");
            }
            if (supersteps < 1) {
                throw new InvalidOptionException("{} must be at least 1, got " + supersteps, "supersteps");
            }
            if (warmup < 0) {
                throw new InvalidOptionException("{} must be at least 0, got " + warmup, "warmup");
            }
            if ((long) supersteps + warmup > Integer.MAX_VALUE - 1) {
                throw new InvalidOptionException("{} and {} together must stay below " + Integer.MAX_VALUE,
                        "supersteps", "warmup");
            }
            if (settings == null) {
                settings = new BenchSettings(BenchSettings.DEFAULT_PEERS, ThreadLocalRandom.current().nextLong(),
                        BspJobSpec.DEFAULT_FAILURE_TIMEOUT);
            }
            try {
                Math.multiplyExact(Math.multiplyExact(Math.multiplyExact((long) settings.peers(),
                        messagesPerSuperstep), messageSize), (long) supersteps + warmup);
            } catch (ArithmeticException e) {
                throw new IllegalArgumentException("the run would send more than " + Long.MAX_VALUE
                        + " bytes: fewer messages, smaller ones or fewer supersteps");
            }
            return new RandBenchOptions(this);
        }
    }
}
