package io.hbench.bsp;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.Optional;

/**
 * An immutable description of one BSP job: which program every peer runs, with which arguments, on
 * how many peers, and how long the runtime waits for a silent peer before it fails the job.
 * Where peers run (map tasks, threads, processes started by hand) is the {@link BspRunner}'s business.
 */
public final class BspJobSpec {
    public static final Duration DEFAULT_FAILURE_TIMEOUT = Duration.ofSeconds(60);

    private final String name;
    private final Class<? extends BspProgram> program;
    private final byte[] arguments;
    private final int peers;
    private final Duration failureTimeout;
    private final Optional<Duration> resourceInterval;

    private BspJobSpec(Builder builder) {
        this.name = requireNonNull(builder.name, "name is null");
        this.program = requireNonNull(builder.program, "program is null");
        this.arguments = requireNonNull(builder.arguments, "arguments is null").clone();
        if (builder.peers < 1) {
            throw new IllegalArgumentException("a BSP job needs at least 1 peer, not " + builder.peers);
        }
        this.peers = builder.peers;
        this.failureTimeout = requireNonNull(builder.failureTimeout, "failureTimeout is null");
        this.resourceInterval = requireNonNull(builder.resourceInterval, "resourceInterval is null");
        if (failureTimeout.isNegative() || failureTimeout.isZero()) {
            throw new IllegalArgumentException("the failure timeout must be positive, not " + failureTimeout);
        }
    }

    public static Builder builder(String name, Class<? extends BspProgram> program) {
        return new Builder(name, program);
    }

    /** The job's name, as shown by the cluster (e.g. "RandBench"). */
    public String name() {
        return name;
    }

    public Class<? extends BspProgram> program() {
        return program;
    }

    /** The bytes every peer's {@link BspProgram#run} receives. */
    public byte[] arguments() {
        return arguments.clone();
    }

    public int peers() {
        return peers;
    }

    /** How long a peer may stay silent (not connect, not reach a barrier, not acknowledge) before the job fails. */
    public Duration failureTimeout() {
        return failureTimeout;
    }

    /**
     * This job, with peers that sample their hosts every {@code interval} while the program runs (empty: they do not,
     * the default). Runners set it from their configuration ({@link io.hbench.resources.ResourceSampling}).
     */
    public BspJobSpec withResourceInterval(Optional<Duration> interval) {
        Builder builder = new Builder(name, program).arguments(arguments).peers(peers).failureTimeout(failureTimeout);
        builder.resourceInterval = requireNonNull(interval, "interval is null");
        return builder.build();
    }

    /** How often peers sample their hosts' resources; empty: they do not. */
    public Optional<Duration> resourceInterval() {
        return resourceInterval;
    }

    public static final class Builder {
        private final String name;
        private final Class<? extends BspProgram> program;
        private byte[] arguments = new byte[0];
        private int peers = 2;
        private Duration failureTimeout = DEFAULT_FAILURE_TIMEOUT;
        private Optional<Duration> resourceInterval = Optional.empty();

        private Builder(String name, Class<? extends BspProgram> program) {
            this.name = name;
            this.program = program;
        }

        public Builder arguments(byte[] arguments) {
            this.arguments = requireNonNull(arguments, "arguments is null").clone();
            return this;
        }

        public Builder peers(int peers) {
            this.peers = peers;
            return this;
        }

        public Builder failureTimeout(Duration failureTimeout) {
            this.failureTimeout = failureTimeout;
            return this;
        }

        public BspJobSpec build() {
            return new BspJobSpec(this);
        }
    }
}
