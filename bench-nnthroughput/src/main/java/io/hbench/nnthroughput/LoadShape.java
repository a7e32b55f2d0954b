package io.hbench.nnthroughput;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * How a run loads the NameNode: its threads, a duration instead of a count, the warm-up, whether it keeps latency
 * histograms, the weights of a mix and whether the mix reads what each write made at once. Immutable; {@link NnOptions.Builder} checks the values and names the flags.
 */
final class LoadShape {
    /** Hadoop's default threads: 3 (each block report thread is a DataNode, and -datanodes counts those). */
    static final LoadShape DEFAULT = new LoadShape(3, null, 0, true, Map.of(), false);

    private final int threads;
    private final Duration duration;
    private final int warmup;
    private final boolean histograms;
    private final Map<NnOperation, Integer> mix;
    private final boolean readAfterWrite;

    /** @param duration how long to run instead of a count; null: run the count */
    LoadShape(int threads, Duration duration, int warmup, boolean histograms, Map<NnOperation, Integer> mix,
            boolean readAfterWrite) {
        if (threads < 1 || warmup < 0 || (duration != null && (duration.isNegative() || duration.isZero()))) {
            throw new IllegalArgumentException("a load has a thread at least, no negative warm-up and a duration"
                    + " more than 0, got " + threads + ", " + warmup + " and " + duration);
        }
        this.threads = threads;
        this.duration = duration;
        this.warmup = warmup;
        this.histograms = histograms;
        this.mix = Collections.unmodifiableMap(new LinkedHashMap<>(requireNonNull(mix, "mix is null")));
        this.readAfterWrite = readAfterWrite;
    }

    /** These values where {@code own} names the option, the defaults elsewhere. */
    LoadShape keeping(Set<NnOption> own) {
        return new LoadShape(own.contains(NnOption.THREADS) ? threads : DEFAULT.threads,
                own.contains(NnOption.DURATION) ? duration : DEFAULT.duration,
                own.contains(NnOption.WARMUP) ? warmup : DEFAULT.warmup,
                own.contains(NnOption.HISTOGRAMS) ? histograms : DEFAULT.histograms,
                own.contains(NnOption.MIX_WEIGHTS) ? mix : DEFAULT.mix,
                own.contains(NnOption.READ_AFTER_WRITE) ? readAfterWrite : DEFAULT.readAfterWrite);
    }

    int threads() {
        return threads;
    }

    Optional<Duration> duration() {
        return Optional.ofNullable(duration);
    }

    int warmup() {
        return warmup;
    }

    boolean histograms() {
        return histograms;
    }

    /** The weights of the operations a mix mixes, in the order given. */
    Map<NnOperation, Integer> mix() {
        return mix;
    }

    /** Whether each create and mkdirs of a mix is followed at once by a read of its path, timed apart. */
    boolean readAfterWrite() {
        return readAfterWrite;
    }
}
