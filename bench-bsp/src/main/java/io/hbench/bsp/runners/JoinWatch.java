package io.hbench.bsp.runners;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * How long a BSP job on YARN waits for its peers to join, and what it says meanwhile. A loaded cluster can take minutes
 * to start every container, so the wait goes on as long as YARN makes progress; it ends in one line only when
 *
 * <ul>
 * <li>a peer's container started {@code timeout} ago and fewer peers have joined than containers started that long
 * ago (the peer cannot reach the coordinator, or its task is stuck), or
 * <li>some peers still wait for a container and YARN has made no progress for {@code timeout}: it started no container
 * (the ApplicationMaster's included) and no peer joined, since the job was submitted or since the last that did (YARN
 * cannot place them: the queue has no room, or the ApplicationMaster itself waits for a container).
 * </ul>
 *
 * <p>An ApplicationMaster whose container YARN has started is progress until it begins the job: YARN bounds its start
 * itself ({@code yarn.am.liveness-monitor.expiry-interval-ms}) and fails the job, which its runner sees.
 *
 * <p>Peers join in any order, and a task's peer is known only once it joins, so the first rule counts: it holds when
 * at least as many peers have joined as containers started {@code timeout} ago. When a container started is seen by
 * this client, as it polls, on its own monotonic clock: no clock of another host is compared.
 *
 * <p>Meanwhile it gives a line such as "2 of 4 peers joined; YARN is starting 2 more" no sooner than
 * {@link #PROGRESS_GAP} after the previous one (or the submission), and only when it changed or
 * {@link #PROGRESS_REPEAT} has passed. Not thread-safe: one polling thread calls it.
 */
final class JoinWatch {
    static final Duration PROGRESS_GAP = Duration.ofSeconds(3);
    static final Duration PROGRESS_REPEAT = Duration.ofSeconds(10);

    private final String coordinator;
    private final int peers;
    private final Duration timeout;
    /** When each container this client saw started was first seen, in nanoseconds, earliest first. */
    private final List<Long> starts = new ArrayList<>();
    private long lastProgress;
    private ApplicationMaster applicationMaster = ApplicationMaster.WAITING;
    private int joined;
    private String lastLine = "";
    private long lastLineAt;

    /**
     * @param coordinator where the peers join, host:port
     * @param submittedNanos when the job was submitted, on the clock {@link #observe} is given
     */
    JoinWatch(String coordinator, int peers, Duration timeout, long submittedNanos) {
        this.coordinator = requireNonNull(coordinator, "coordinator is null");
        if (peers < 1) {
            throw new IllegalArgumentException("a job has at least 1 peer");
        }
        this.peers = peers;
        this.timeout = requireNonNull(timeout, "timeout is null");
        this.lastProgress = submittedNanos;
        this.lastLineAt = submittedNanos;
    }

    /** Where the job's ApplicationMaster is, in the order it gets there. */
    enum ApplicationMaster {
        /** YARN has not given it a container yet. */
        WAITING,
        /** Its container is allocated, and it has not begun the job. */
        STARTING,
        /** It runs the job, and asks for the peers' containers. */
        RUNNING
    }

    /** What YARN said of the job's containers at one poll. */
    static final class Containers {
        private final ApplicationMaster applicationMaster;
        private final int started;
        private final String diagnostics;

        /**
         * @param started the peers' map tasks whose container YARN has started (or that have ended since)
         * @param diagnostics what YARN says of the job, such as why it is not placed; "" if nothing
         */
        Containers(ApplicationMaster applicationMaster, int started, String diagnostics) {
            if (started < 0) {
                throw new IllegalArgumentException("started is negative");
            }
            this.applicationMaster = requireNonNull(applicationMaster, "applicationMaster is null");
            this.started = started;
            this.diagnostics = requireNonNull(diagnostics, "diagnostics is null").trim();
        }
    }

    /** What to do after one poll: a line to print, and whether the wait is over, with the line that fails the job. */
    static final class Verdict {
        private final Optional<String> progress;
        private final Optional<String> failure;

        Verdict(Optional<String> progress, Optional<String> failure) {
            this.progress = requireNonNull(progress, "progress is null");
            this.failure = requireNonNull(failure, "failure is null");
        }

        Optional<String> progress() {
            return progress;
        }

        Optional<String> failure() {
            return failure;
        }
    }

    /**
     * Takes one poll's view at {@code nowNanos}.
     *
     * @param joinedPeers the indices of the peers that have joined the coordinator
     */
    Verdict observe(long nowNanos, Set<Integer> joinedPeers, Containers containers) {
        requireNonNull(joinedPeers, "joinedPeers is null");
        requireNonNull(containers, "containers is null");
        if (containers.applicationMaster.compareTo(applicationMaster) > 0) {
            applicationMaster = containers.applicationMaster;
            lastProgress = nowNanos;
        }
        // A container that ended before its peer joined fails the job on its own; the count never goes back.
        int started = Math.min(peers, Math.max(containers.started, joinedPeers.size()));
        while (starts.size() < started) {
            starts.add(nowNanos);
            lastProgress = nowNanos;
        }
        if (joinedPeers.size() > joined) {
            joined = joinedPeers.size();
            lastProgress = nowNanos;
        }
        return new Verdict(progress(nowNanos), failure(nowNanos, joinedPeers, containers));
    }

    private Optional<String> failure(long nowNanos, Set<Integer> joinedPeers, Containers containers) {
        long timeoutNanos = timeout.toNanos();
        long startedLongAgo = starts.stream().filter(start -> nowNanos - start >= timeoutNanos).count();
        String only = "only " + joined + " of " + peers + " peers joined the BSP coordinator at " + coordinator + ": ";
        if (joined < startedLongAgo) {
            return Optional.of(only + "YARN started " + startedLongAgo + " of their containers " + seconds()
                    + " ago or more" + missing(joinedPeers));
        }
        int waiting = peers - starts.size();
        if (waiting > 0 && applicationMaster != ApplicationMaster.STARTING && nowNanos - lastProgress >= timeoutNanos) {
            return Optional.of(only + stuck(waiting)
                    + (containers.diagnostics.isEmpty() ? "" : " (YARN: " + containers.diagnostics + ")")
                    + missing(joinedPeers));
        }
        return Optional.empty();
    }

    /** What has not moved for the timeout, as the failure says it. */
    private String stuck(int waiting) {
        if (applicationMaster == ApplicationMaster.WAITING) {
            return "the job's ApplicationMaster still waits for a container, and YARN has started none in " + seconds();
        }
        return count(waiting, "peer") + " still " + (waiting == 1 ? "waits" : "wait") + " for a container, and YARN"
                + " has started none in " + seconds();
    }

    /** The line to print now, if it changed and the last is old enough, or if the last is old. */
    private Optional<String> progress(long nowNanos) {
        long since = nowNanos - lastLineAt;
        if (joined == peers || since < PROGRESS_GAP.toNanos()) {
            return Optional.empty();
        }
        String line = line();
        if (line.equals(lastLine) && since < PROGRESS_REPEAT.toNanos()) {
            return Optional.empty();
        }
        lastLine = line;
        lastLineAt = nowNanos;
        return Optional.of(line);
    }

    /** "2 of 4 peers joined; YARN is starting 1 more, and 1 more is waiting for a container". */
    private String line() {
        String line = joined + " of " + peers + " peers joined; ";
        if (applicationMaster != ApplicationMaster.RUNNING && starts.isEmpty()) {
            return line + (applicationMaster == ApplicationMaster.WAITING
                    ? "the job's ApplicationMaster is waiting for a container" : "YARN is starting the job's"
                    + " ApplicationMaster");
        }
        int starting = starts.size() - joined;
        int waiting = peers - starts.size();
        List<String> parts = new ArrayList<>();
        if (starting > 0) {
            parts.add("YARN is starting " + starting + " more");
        }
        if (waiting > 0) {
            parts.add(waiting + " more " + (waiting == 1 ? "is" : "are") + " waiting for a container");
        }
        return line + String.join(", and ", parts);
    }

    private String missing(Set<Integer> joinedPeers) {
        List<Integer> missing = new ArrayList<>();
        Set<Integer> in = new TreeSet<>(joinedPeers);
        for (int peer = 0; peer < peers; peer++) {
            if (!in.contains(peer)) {
                missing.add(peer);
            }
        }
        return " (missing: " + (missing.size() == 1 ? "peer " : "peers ")
                + missing.stream().map(String::valueOf).collect(Collectors.joining(", ")) + ")";
    }

    private String seconds() {
        return timeout.toSeconds() + " s";
    }

    private static String count(int n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }
}
