package io.hbench.nnthroughput;

import static java.util.Objects.requireNonNull;

import io.hbench.load.Schedule;
import io.hbench.load.Workers;
import java.util.Optional;

/**
 * What client {@code i} of a run from {@code N} clients ({@code -clients N}) does of it: its share of the files,
 * directories and warm-up, R/N of the rate with the run's {@code -threads} as its pool, a seed of its own drawn from
 * the run's (so Poisson gaps differ per client), and a base directory of its own, {@code <baseDirName>/w<i>}, so no
 * two clients touch one name. Every client starts its schedule from one instant the clients agree on; with fixed
 * arrivals client i starts i/R after it, so the clients' operations interleave evenly at 1/R, as one process's do.
 */
final class ClientShare {
    /** Spreads the clients' seeds over the whole range (the golden ratio's 64-bit fraction, as SplittableRandom). */
    private static final long SEED_GAMMA = 0x9E3779B97F4A7C15L;

    private final int client;
    private final NnOptions options;
    private final long startOffsetNanos;

    /** @param run the run's options, with a -rate */
    ClientShare(NnOptions run, int client, int clients) {
        requireNonNull(run, "run is null");
        if (clients < 1 || client < 0 || client >= clients) {
            throw new IllegalArgumentException("client " + client + " of " + clients);
        }
        double rate = run.rate().orElseThrow(() -> new IllegalArgumentException("a run from clients has a -rate"));
        this.client = client;
        NnOptions.Builder share = run.toBuilder()
                .rate(rate / clients)
                .seed(seed(run.seed(), client))
                .baseDirName(baseDirName(run, client));
        if (NnOption.FILES.appliesTo(run.operation())) {
            share.files(Workers.divide(run.files(), clients)[client]);
        }
        if (NnOption.DIRS.appliesTo(run.operation())) {
            share.dirs(Workers.divide(run.dirs(), clients)[client]);
        }
        if (run.given().contains(NnOption.WARMUP)) {
            share.warmup(Workers.divide(run.warmup(), clients)[client]);
        }
        this.options = share.build();
        this.startOffsetNanos = run.arrivals() == Schedule.Arrivals.FIXED ? Math.round(client * 1e9 / rate) : 0;
    }

    /** How results and messages name client {@code client}: w0, w1, ... */
    static String name(int client) {
        return "w" + client;
    }

    /** The base directory of client {@code client}: {@code <baseDirName>/w<client>}. */
    static String baseDirName(NnOptions run, int client) {
        String base = run.baseDirName();
        return (base.endsWith("/") ? base : base + "/") + name(client);
    }

    /** Client {@code client}'s seed: the run's, moved by a step that differs per client. */
    static long seed(long runSeed, int client) {
        return runSeed + SEED_GAMMA * (client + 1);
    }

    /**
     * Why {@code run} cannot be shared among {@code clients} clients, in one line naming the flags; empty if it can.
     * Each client needs one operation at least, and runs one operation: -op all's steps each clean up after
     * themselves, which clients in directories of their own cannot do for the run.
     */
    static Optional<String> refusal(NnOptions run, int clients) {
        if (run.operation() == NnOperation.ALL) {
            return Optional.of("-clients runs one operation: give -op create, mkdirs, open, delete, fileStatus,"
                    + " rename, append or mix rather than all");
        }
        if (NnOption.FILES.appliesTo(run.operation()) && run.files() < clients) {
            return Optional.of("-clients " + clients + " needs -files " + clients + " or more: one operation per"
                    + " client at least, got " + run.files());
        }
        if (NnOption.DIRS.appliesTo(run.operation()) && run.dirs() < clients) {
            return Optional.of("-clients " + clients + " needs -dirs " + clients + " or more: one operation per"
                    + " client at least, got " + run.dirs());
        }
        return Optional.empty();
    }

    int client() {
        return client;
    }

    /** The client's options: its share of the run's. */
    NnOptions options() {
        return options;
    }

    /** How long after the clients' common start this client's schedule starts. */
    long startOffsetNanos() {
        return startOffsetNanos;
    }
}
