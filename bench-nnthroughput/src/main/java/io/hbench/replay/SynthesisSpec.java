package io.hbench.replay;

import static java.util.Objects.requireNonNull;

import io.hbench.error.InvalidOptionException;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What {@code AuditReplay -synthesize} writes: commands of {@code mix}, drawn by weight, {@code rate} a second for
 * {@code duration}, evenly spaced from {@link #START}, issued from {@code sources} client addresses by as many users,
 * drawn with {@code seed}; the same spec gives the same log, byte for byte. Immutable, built by {@link Builder}.
 */
public final class SynthesisSpec {
    public static final String MIX = "mix";
    public static final String RATE = "rate";
    public static final String DURATION = "duration";
    public static final String SEED = "seed";
    public static final String SOURCES = "sources";
    /** An example of {@code mix} for messages and help. */
    public static final String MIX_EXAMPLE = "create=1,open=8,getfileinfo=4";
    /** The time of the first line, so that a log is the same whenever it is written: 2026-01-01 00:00:00,000 UTC. */
    public static final long START = 1_767_225_600_000L;
    public static final int DEFAULT_SOURCES = 4;
    public static final long DEFAULT_SEED = 0;
    /** Addresses 10.0.0.1 on are numbered in the three low bytes, from 1. */
    public static final int MAX_SOURCES = 65_536;
    /** More lines than any test or rehearsal needs, and fewer than a day of a busy NameNode's log. */
    public static final long MAX_COMMANDS = 1_000_000_000L;

    private final Map<AuditCommand, Integer> mix;
    private final double rate;
    private final Duration duration;
    private final long seed;
    private final int sources;
    private final long commands;

    private SynthesisSpec(Builder b) {
        this.mix = Collections.unmodifiableMap(new LinkedHashMap<>(b.mix));
        this.rate = b.rate;
        this.duration = b.duration;
        this.seed = b.seed;
        this.sources = b.sources;
        this.commands = commands(rate, duration);
    }

    /**
     * The weights of {@code text}, {@code create=1,open=8,...}: each command by its name in the log and its weight.
     *
     * @throws InvalidOptionException naming {@code mix}, for text not so written, a command not replayed, a command
     *         named twice or a weight that is not a whole number of at least 1
     */
    public static Map<AuditCommand, Integer> parseMix(String text) {
        requireNonNull(text, "text is null");
        Map<AuditCommand, Integer> weights = new LinkedHashMap<>();
        for (String part : text.split(",", -1)) {
            String[] pair = part.trim().split("=", -1);
            if (pair.length != 2 || pair[0].isBlank()) {
                throw new InvalidOptionException("{} '" + text + "': write each command as command=weight, separated"
                        + " by commas, e.g. " + MIX_EXAMPLE, MIX);
            }
            String name = pair[0].trim();
            AuditCommand command = AuditCommand.byLogName(name).orElseThrow(() -> new InvalidOptionException(
                    "{}: '" + name + "' is not a command it writes; give any of " + AuditCommand.labels(" "), MIX));
            if (weights.put(command, weight(command, pair[1].trim())) != null) {
                throw new InvalidOptionException("{} names " + command.label() + " twice", MIX);
            }
        }
        return weights;
    }

    private static int weight(AuditCommand command, String text) {
        try {
            int weight = Integer.parseInt(text);
            if (weight >= 1) {
                return weight;
            }
        } catch (NumberFormatException e) {
            // Said below, as a weight below 1 is.
        }
        throw new InvalidOptionException("{} weight of " + command.label() + " must be a whole number of at least 1,"
                + " got '" + text + "'", MIX);
    }

    /** {@code rate} times {@code duration}, a command begun within the duration counting whole. */
    private static long commands(double rate, Duration duration) {
        return (long) Math.ceil(rate * duration.toMillis() / 1000.0);
    }

    /** The weight of each command, in the order given. */
    public Map<AuditCommand, Integer> mix() {
        return mix;
    }

    /** Commands a second. */
    public double rate() {
        return rate;
    }

    public Duration duration() {
        return duration;
    }

    public long seed() {
        return seed;
    }

    /** How many client addresses (and users) issue the commands. */
    public int sources() {
        return sources;
    }

    /** How many lines the log has: {@code rate} times {@code duration}, rounded up. */
    public long commands() {
        return commands;
    }

    /** When the {@code index}th line (from 0) is logged: {@link #START} and {@code index / rate} seconds. */
    public long timeMillis(long index) {
        return START + (long) Math.floor(index * 1000.0 / rate);
    }

    @Override
    public String toString() {
        return "SynthesisSpec[mix=" + mix + ", rate=" + rate + ", duration=" + duration + ", seed=" + seed
                + ", sources=" + sources + "]";
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Collects a spec's values; {@link #build} checks them. */
    public static final class Builder {
        private final Map<AuditCommand, Integer> mix = new LinkedHashMap<>();
        private double rate = Double.NaN;
        private Duration duration;
        private long seed = DEFAULT_SEED;
        private int sources = DEFAULT_SOURCES;

        private Builder() {
        }

        /** The weight of each command, in the order commands are listed in messages. */
        public Builder mix(Map<AuditCommand, Integer> weights) {
            requireNonNull(weights, "weights is null");
            mix.clear();
            mix.putAll(weights);
            return this;
        }

        /** The weights as {@code -mix} writes them: {@code create=1,open=8}; see {@link #parseMix}. */
        public Builder mix(String text) {
            return mix(parseMix(text));
        }

        public Builder rate(double commandsPerSecond) {
            this.rate = commandsPerSecond;
            return this;
        }

        public Builder duration(Duration duration) {
            this.duration = requireNonNull(duration, "duration is null");
            return this;
        }

        public Builder seed(long seed) {
            this.seed = seed;
            return this;
        }

        public Builder sources(int sources) {
            this.sources = sources;
            return this;
        }

        /**
         * @throws InvalidOptionException naming the option whose value is missing or out of range: {@code mix},
         *         {@code rate}, {@code duration}, {@code sources}
         */
        public SynthesisSpec build() {
            if (mix.isEmpty()) {
                throw new InvalidOptionException("{} names no command: give the commands to write and their weights,"
                        + " e.g. " + MIX_EXAMPLE, MIX);
            }
            mix.forEach((command, weight) -> {
                if (requireNonNull(weight, "a weight is null") < 1) {
                    throw new InvalidOptionException("{} weight of " + command.label() + " must be at least 1, got "
                            + weight, MIX);
                }
            });
            if (mix.values().stream().mapToLong(Integer::longValue).sum() > Integer.MAX_VALUE) {
                throw new InvalidOptionException("{} weights add up to more than " + Integer.MAX_VALUE, MIX);
            }
            if (Double.isNaN(rate)) {
                throw new InvalidOptionException("give {}: how many commands a second the log holds", RATE);
            }
            if (!(rate > 0) || Double.isInfinite(rate)) {
                throw new InvalidOptionException("{} must be more than 0 commands per second, got " + rate, RATE);
            }
            if (duration == null) {
                throw new InvalidOptionException("give {}: how long a time the log covers", DURATION);
            }
            if (duration.toMillis() < 1) {
                throw new InvalidOptionException("{} must be at least 1 ms, got " + duration.toMillis() + " ms",
                        DURATION);
            }
            long commands = commands(rate, duration);
            if (commands > MAX_COMMANDS) {
                throw new InvalidOptionException("{} " + rate + " for {} " + duration.toMillis() + " ms makes "
                        + commands + " commands, more than " + MAX_COMMANDS, RATE, DURATION);
            }
            if (sources < 1 || sources > MAX_SOURCES) {
                throw new InvalidOptionException("{} must be from 1 to " + MAX_SOURCES + ", got " + sources, SOURCES);
            }
            return new SynthesisSpec(this);
        }
    }
}
