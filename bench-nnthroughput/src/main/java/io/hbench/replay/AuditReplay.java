package io.hbench.replay;

import static java.util.Objects.requireNonNull;

import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.fs.OwnedDirectory;
import io.hbench.fs.StoreCheck;
import io.hbench.load.CompletionTimeline;
import io.hbench.load.LoadClock;
import io.hbench.load.OpenLoop;
import io.hbench.namenode.NameNodeCalls;
import io.hbench.namenode.Nameservice;
import io.hbench.resources.ResourceSampling;
import io.hbench.result.Phase;
import io.hbench.result.ResourceUsage;
import io.hbench.undo.UndoLog;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;

/**
 * AuditReplay: what a NameNode's audit log says its clients did, issued again at the logged times (or {@code
 * -rateFactor} times faster) on the open loop of the load engine, every logged path under a prefix of its own. Latency
 * counts from each command's intended time, so a target that stalls shows in every command that waited for it.
 *
 * <p>A run claims the prefix ({@link OwnedDirectory}: nothing outside it is created, changed or deleted), creates
 * what the log's commands expect to exist ({@link PreparePlan}, timed apart), replays, and removes the prefix unless
 * {@code keep}, also on failure. A command's failure is counted by cause ({@link CommandFailures}), never the end of
 * the run.
 */
public final class AuditReplay {
    /** Reads the logs {@code options} names into the lines to replay. */
    @FunctionalInterface
    public interface LogReader {
        /**
         * @throws BenchException in one line when the logs cannot be read or hold nothing replayable
         */
        ReplayLog read(Configuration conf, AuditReplayOptions options) throws IOException;
    }

    /** Opens the target a replay issues its commands to. */
    @FunctionalInterface
    interface TargetFactory {
        /**
         * @param users the logged users, for a replay that impersonates them
         */
        ReplayTarget open(FileSystem fs, Path prefix, boolean impersonate, Set<String> users)
                throws IOException, InterruptedException;
    }

    /** The file system under the prefix, as the running user or as each logged user. */
    static final TargetFactory FILE_SYSTEM = (fs, prefix, impersonate, users) -> impersonate
            ? FileSystemTarget.impersonating(fs, prefix, users) : FileSystemTarget.asRunningUser(fs, prefix);

    private final Configuration conf;
    private final LoadClock clock;
    private final TargetFactory targets;

    public AuditReplay(Configuration conf) {
        this(conf, LoadClock.SYSTEM, FILE_SYSTEM);
    }

    /** A replay on {@code clock} against the targets {@code targets} opens (tests). */
    AuditReplay(Configuration conf, LoadClock clock, TargetFactory targets) {
        this.conf = requireNonNull(conf, "conf is null");
        this.clock = requireNonNull(clock, "clock is null");
        this.targets = requireNonNull(targets, "targets is null");
    }

    /**
     * Replays {@code log} under the options' prefix: claims it, prepares, replays from now, and removes the prefix
     * unless {@code keep}.
     *
     * @throws BenchException UNSAFE_DIRECTORY for a prefix hbench did not create, before anything is written;
     *     MISSING_INPUT when no line's path lands under the prefix; UNSUPPORTED_CONFIGURATION when the cluster does not
     *     let the running user impersonate the logged ones
     */
    public AuditReplayResult run(AuditReplayOptions options, ReplayLog log) throws IOException,
            InterruptedException {
        requireNonNull(options, "options is null");
        requireNonNull(log, "log is null");
        Instant start = Instant.now();
        List<Phase> phases = new ArrayList<>();
        Optional<ResourceSampling.InProcess> sampling = ResourceSampling.inProcess(conf, AuditReplayResult.BENCHMARK);
        ClaimedPrefix prefix = claimPrefix(options);
        Optional<NameNodeCalls.Counting> counting = NameNodeCalls.start(prefix.fs.getUri(), conf);
        boolean timelineShown = Nameservice.isLogical(prefix.fs.getUri(), conf);
        ReplayOutcome outcome;
        Optional<ResourceUsage> resources;
        try {
            Mapped mapped = map(log, prefix.paths);
            try (ReplayTarget target = openTarget(options, prefix.paths, mapped)) {
                Prepared prepared = prepare(options, mapped, prefix.paths, phases);
                outcome = replay(options, mapped, target, log.entries().get(0).timeMillis(), OpenLoop.Start.NOW,
                        phases, timelineShown)
                        .prepared(prepared.nanos, prepared.plan.files(), prepared.plan.directories());
            }
        } finally {
            resources = sampling.map(host -> host.stop(phases));
            prefix.release(options.keep());
        }
        AuditReplayResult result = new AuditReplayResult(options, prefix.fs.getUri().toString(),
                prefix.paths.prefix().toString(), log.files(), log.lines(), start, Instant.now(), outcome, resources);
        Optional<CompletionTimeline> timeline = outcome.load().timeline();
        if (timeline.isPresent() && timelineShown) {
            result = result.withTimeline(timeline.get());
        }
        return counting.isPresent() ? result.withNameNodeCalls(counting.get().stop()) : result;
    }

    /** The prefix a run claimed, and how to leave it. */
    static final class ClaimedPrefix {
        final FileSystem fs;
        final ReplayPaths paths;
        private final OwnedDirectory dir;
        private final UndoLog.Registration working;

        private ClaimedPrefix(FileSystem fs, OwnedDirectory dir) {
            this.fs = fs;
            this.dir = dir;
            this.paths = new ReplayPaths(fs.makeQualified(dir.path()));
            // Should the run be stopped from outside, the replay's tree goes, even with -keep.
            this.working = dir.emptiedOnInterrupt();
        }

        /**
         * Removes the replay's tree unless {@code keep}, with the parents the claim made for it that are empty: the
         * cluster is left as the run found it.
         */
        void release(boolean keep) throws IOException {
            try {
                if (!keep) {
                    dir.delete();
                }
            } finally {
                working.close();
            }
        }
    }

    /** Claims the options' prefix, or {@value AuditReplayOptions#DEFAULT_PREFIX_PARENT}{@code /<run id>}. */
    ClaimedPrefix claimPrefix(AuditReplayOptions options) throws IOException {
        Path given = new Path(options.prefix().orElse(AuditReplayOptions.DEFAULT_PREFIX_PARENT + "/"
                + UUID.randomUUID()));
        FileSystem fs = given.getFileSystem(conf);
        StoreCheck.reach(conf, fs, given);
        OwnedDirectory dir = OwnedDirectory.claim(fs, given, "-prefix");
        // A log may hold renames.
        StoreCheck.before(conf, dir, true);
        return new ClaimedPrefix(fs, dir);
    }

    /** A log's lines as calls under the prefix, and the lines not replayed. */
    static final class Mapped {
        final List<ReplayCall> calls;
        final Set<String> users;
        final SkippedLines skipped;

        private Mapped(List<ReplayCall> calls, Set<String> users, SkippedLines skipped) {
            this.calls = calls;
            this.users = users;
            this.skipped = skipped;
        }
    }

    /**
     * Maps {@code log}'s lines under the prefix; a line whose path would leave it is counted, not replayed.
     *
     * @throws BenchException MISSING_INPUT when no line's path lands under the prefix
     */
    static Mapped map(ReplayLog log, ReplayPaths paths) {
        List<ReplayCall> calls = new ArrayList<>();
        Set<String> users = new TreeSet<>();
        for (AuditEntry entry : log.entries()) {
            paths.map(entry).ifPresent(call -> {
                calls.add(call);
                users.add(entry.user());
            });
        }
        long outside = log.entries().size() - calls.size();
        SkippedLines skipped = log.skipped().plus(new SkippedLines.Builder().add(SkippedLines.OUTSIDE_PREFIX,
                outside).build());
        if (calls.isEmpty()) {
            throw new BenchException(ErrorCode.MISSING_INPUT, "nothing to replay: the paths of all "
                    + log.entries().size() + " replayable lines would leave -prefix (a '..' above the root, a"
                    + " relative path, or a change to the prefix itself)");
        }
        return new Mapped(calls, users, skipped);
    }

    /**
     * The target the calls are issued to, as the running user or each logged one: opening it checks, before anything
     * is prepared, that the cluster lets the running user impersonate them.
     */
    ReplayTarget openTarget(AuditReplayOptions options, ReplayPaths paths, Mapped mapped)
            throws IOException, InterruptedException {
        FileSystem fs = paths.prefix().getFileSystem(conf);
        return targets.open(fs, paths.prefix(), options.impersonate(), mapped.users);
    }

    /** What the prepare pass made, and how long it took. */
    static final class Prepared {
        final PreparePlan plan;
        final long nanos;

        private Prepared(PreparePlan plan, long nanos) {
            this.plan = plan;
            this.nanos = nanos;
        }
    }

    /**
     * Creates, under the prefix, what the log's calls expect to exist and no earlier call makes: for the whole log at
     * once, also when clients replay its shares, since one client's line may read what another's made.
     */
    Prepared prepare(AuditReplayOptions options, Mapped mapped, ReplayPaths paths, List<Phase> phases)
            throws IOException {
        FileSystem fs = paths.prefix().getFileSystem(conf);
        if (options.impersonate()) {
            // The logged users create under the prefix, which is the running user's.
            fs.setPermission(paths.prefix(), new FsPermission((short) 0777));
        }
        Instant prepareStart = Instant.now();
        long begin = clock.nanoTime();
        PreparePlan plan = PreparePlan.of(mapped.calls, options.prepareFileSize());
        plan.create(fs, paths, options.impersonate());
        long nanos = clock.nanoTime() - begin;
        phases.add(new Phase("prepare", prepareStart, Instant.now()));
        return new Prepared(plan, nanos);
    }

    /**
     * Replays one share of a log (all of it, or one client's part) under the prefix, prepared: maps its paths and
     * replays from t0 as {@code start} gives it (a barrier among the clients of a run from many hosts), a line logged at
     * {@code originMillis} due at t0. The outcome travels ({@link ReplayOutcome#encode}) and merges with the other
     * shares'; it holds no prepare pass, and, on an HA nameservice, the timeline of its completions from the start
     * {@code start} agreed ({@link OpenLoop.Start}), to merge with the others'.
     *
     * @param originMillis the first time of the whole log, so that each share keeps its logged place in it
     * @throws BenchException MISSING_INPUT when no line's path lands under the prefix
     */
    public ReplayOutcome replayShare(AuditReplayOptions options, ReplayLog share, Path prefix, long originMillis,
            OpenLoop.Start start) throws IOException, InterruptedException {
        requireNonNull(options, "options is null");
        requireNonNull(share, "share is null");
        requireNonNull(start, "start is null");
        FileSystem fs = prefix.getFileSystem(conf);
        ReplayPaths paths = new ReplayPaths(fs.makeQualified(prefix));
        Mapped mapped = map(share, paths);
        try (ReplayTarget target = openTarget(options, paths, mapped)) {
            return replay(options, mapped, target, originMillis, start, new ArrayList<>(),
                    Nameservice.isLogical(fs.getUri(), conf));
        }
    }

    private ReplayOutcome replay(AuditReplayOptions options, Mapped mapped, ReplayTarget target, long originMillis,
            OpenLoop.Start start, List<Phase> phases, boolean completions) throws InterruptedException {
        Instant replayStart = Instant.now();
        Replay.Figures figures = new Replay(target, options.threads(), options.rateFactor(), clock, completions)
                .run(mapped.calls, originMillis, start);
        phases.add(new Phase("replay", replayStart, Instant.now()));
        return new ReplayOutcome(figures.load, figures.failures, mapped.skipped, 0, 0, 0);
    }
}
