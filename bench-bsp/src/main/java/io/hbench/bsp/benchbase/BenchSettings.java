package io.hbench.bsp.benchbase;

import static java.util.Objects.requireNonNull;

import io.hbench.error.InvalidOptionException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * What every BSP benchmark asks of its job: peers, the seed of its random choices, the failure timeout, and for peers
 * started by hand where to listen and the file that holds the run's secret.
 */
public final class BenchSettings {
    /**
     * Four peers: the embedded cluster runs at least four map tasks at once, and four is the smallest count
     * that has more than one pairing for EBB and more than one destination besides itself for RandBench.
     */
    public static final int DEFAULT_PEERS = 4;
    /** The most peers a job may ask for; far beyond any cluster's map slots, it only keeps arithmetic in range. */
    public static final int MAX_PEERS = 100_000;

    private final int peers;
    private final long seed;
    private final Duration failureTimeout;
    private final Optional<ListenAddress> listen;
    private final Optional<Path> secretFile;

    /** Settings for a submitted job, whose peers get the run's secret in the job's credentials. */
    public BenchSettings(int peers, long seed, Duration failureTimeout) {
        this(peers, seed, failureTimeout, Optional.empty(), Optional.empty());
    }

    public BenchSettings(int peers, long seed, Duration failureTimeout, Optional<ListenAddress> listen,
            Optional<Path> secretFile) {
        if (peers < 2 || peers > MAX_PEERS) {
            throw new InvalidOptionException("{} must be from 2 to " + MAX_PEERS + ", got " + peers
                    + ": messages need a peer to go to", "peers");
        }
        requireNonNull(failureTimeout, "failureTimeout is null");
        if (failureTimeout.compareTo(Duration.ofSeconds(1)) < 0) {
            throw new InvalidOptionException("{} must be at least 1 second, got " + failureTimeout.toSeconds(),
                    "failureTimeout");
        }
        this.peers = peers;
        this.seed = seed;
        this.failureTimeout = failureTimeout;
        this.listen = requireNonNull(listen, "listen is null");
        this.secretFile = requireNonNull(secretFile, "secretFile is null");
        if (listen.isPresent() && secretFile.isEmpty()) {
            throw new InvalidOptionException("{} needs {}: the peers started by hand prove that they know the secret"
                    + " in it (made if it does not exist, readable by its owner alone)", "listen", "secretFile");
        }
        if (listen.isEmpty() && secretFile.isPresent()) {
            throw new InvalidOptionException("{} is for {}: the peers of a submitted job get the run's secret in the"
                    + " job's credentials", "secretFile", "listen");
        }
    }

    public int peers() {
        return peers;
    }

    /** Seeds every random choice of the run (destinations, matchings, payload bytes): the same seed, the same run. */
    public long seed() {
        return seed;
    }

    /** How long a peer may stay silent before the job fails. */
    public Duration failureTimeout() {
        return failureTimeout;
    }

    /** Where to wait for peers started by hand; empty to submit a job. It reads, and is recorded, as host:port. */
    public Optional<ListenAddress> listen() {
        return listen;
    }

    /** The file of the secret that peers started by hand prove they know; present exactly when {@link #listen} is. */
    public Optional<Path> secretFile() {
        return secretFile;
    }

    @Override
    public boolean equals(Object obj) {
        if (!(obj instanceof BenchSettings)) {
            return false;
        }
        BenchSettings that = (BenchSettings) obj;
        return peers == that.peers && seed == that.seed && failureTimeout.equals(that.failureTimeout)
                && listen.equals(that.listen) && secretFile.equals(that.secretFile);
    }

    @Override
    public int hashCode() {
        return Objects.hash(peers, seed, failureTimeout, listen, secretFile);
    }

    @Override
    public String toString() {
        return "peers=" + peers + ", seed=" + seed + ", failureTimeout=" + failureTimeout + ", listen=" + listen + ", secretFile=" + secretFile;
    }
}
