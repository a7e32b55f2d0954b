package io.hbench.bsp.ebb;

import static java.util.Objects.requireNonNull;

import io.hbench.error.InvalidOptionException;
import io.hbench.bsp.BspJobSpec;
import io.hbench.bsp.benchbase.BenchSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;

/** An immutable EBB workload: pattern, exchange sizes, rounds, histogram buckets, and whether to run a baseline. */
public final class EbbOptions {
    public static final long MAX_SIZE = 1L << 30;
    public static final int DEFAULT_ROUNDS = 10;

    private final EbbPattern pattern;
    private final long minSize;
    private final long maxSize;
    private final int rounds;
    private final int buckets;
    private final boolean relative;
    private final BenchSettings settings;

    private EbbOptions(Builder builder) {
        this.pattern = builder.pattern;
        this.minSize = builder.minSize;
        this.maxSize = builder.maxSize;
        this.rounds = builder.rounds;
        this.buckets = builder.buckets;
        this.relative = builder.relative;
        this.settings = builder.settings;
    }

    /** Exchanges of {@code minSize} bytes, then doubling while not above {@code maxSize}. */
    public static Builder builder(long minSize, long maxSize) {
        return new Builder(minSize, maxSize);
    }

    public EbbPattern pattern() {
        return pattern;
    }

    public long minSize() {
        return minSize;
    }

    public long maxSize() {
        return maxSize;
    }

    /** The sizes measured: minSize, 2 minSize, 4 minSize, ... up to maxSize. */
    public List<Long> sizes() {
        List<Long> sizes = new ArrayList<>();
        for (long size = minSize; size <= maxSize; size *= 2) {
            sizes.add(size);
        }
        return sizes;
    }

    public int rounds() {
        return rounds;
    }

    /** Buckets of the per-connection bandwidth histogram; 0 for none. */
    public int buckets() {
        return buckets;
    }

    /** Whether a 2-peer baseline runs too, with the same sizes and rounds. */
    public boolean relative() {
        return relative;
    }

    public BenchSettings settings() {
        return settings;
    }

    @Override
    public boolean equals(Object obj) {
        if (!(obj instanceof EbbOptions)) {
            return false;
        }
        EbbOptions that = (EbbOptions) obj;
        return pattern == that.pattern && minSize == that.minSize && maxSize == that.maxSize && rounds == that.rounds
                && buckets == that.buckets && relative == that.relative && settings.equals(that.settings);
    }

    @Override
    public int hashCode() {
        return Objects.hash(pattern, minSize, maxSize, rounds, buckets, relative, settings);
    }

    @Override
    public String toString() {
        return "EbbOptions{pattern=" + pattern + ", sizes=" + minSize + "-" + maxSize + ", rounds=" + rounds
                + ", buckets=" + buckets + ", relative=" + relative + ", " + settings + "}";
    }

    public static final class Builder {
        private final long minSize;
        private final long maxSize;
        private EbbPattern pattern = EbbPattern.EBB;
        private int rounds = DEFAULT_ROUNDS;
        private int buckets;
        private boolean relative;
        private BenchSettings settings;

        private Builder(long minSize, long maxSize) {
            this.minSize = minSize;
            this.maxSize = maxSize;
        }

        public Builder pattern(EbbPattern pattern) {
            this.pattern = requireNonNull(pattern, "pattern is null");
            return this;
        }

        public Builder rounds(int rounds) {
            this.rounds = rounds;
            return this;
        }

        public Builder buckets(int buckets) {
            this.buckets = buckets;
            return this;
        }

        public Builder relative(boolean relative) {
            this.relative = relative;
            return this;
        }

        /** Peers, seed, failure timeout, listen address; by default 4 peers, a random seed, 60 s, a job. */
        public Builder settings(BenchSettings settings) {
            this.settings = requireNonNull(settings, "settings is null");
            return this;
        }

        public EbbOptions build() {
            checkSize(minSize);
            checkSize(maxSize);
            if (minSize > maxSize) {
                throw new InvalidOptionException("{} " + minSize + "-" + maxSize + ": the first size is larger than"
                        + " the second", "sizes");
            }
            if (rounds < 1) {
                throw new InvalidOptionException("{} must be at least 1, got " + rounds, "rounds");
            }
            if (buckets < 0) {
                throw new InvalidOptionException("{} must be at least 1, got " + buckets, "buckets");
            }
            if (settings == null) {
                settings = new BenchSettings(BenchSettings.DEFAULT_PEERS, ThreadLocalRandom.current().nextLong(),
                        BspJobSpec.DEFAULT_FAILURE_TIMEOUT);
            }
            if (pattern == EbbPattern.EBB && settings.peers() % 2 != 0) {
                throw new InvalidOptionException("{} " + settings.peers() + " is odd: the ebb pattern pairs every"
                        + " peer with another; give an even number (or {} ring or alltoall)", "peers", "pattern");
            }
            if (relative && settings.listen().isPresent()) {
                throw new InvalidOptionException("{} runs a second job of 2 peers, which {} cannot: run the baseline"
                        + " by hand with {} 2", "relative", "listen", "peers");
            }
            return new EbbOptions(this);
        }

        private static void checkSize(long size) {
            if (size < 1 || size > MAX_SIZE) {
                throw new InvalidOptionException("{} must be from 1 to " + MAX_SIZE + " bytes, got " + size, "sizes");
            }
        }
    }
}
