package io.hbench.replay;

import static java.util.Objects.requireNonNull;

import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.fs.OwnedDirectory;
import io.hbench.load.LoadClock;
import io.hbench.load.OpenLoop;
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
        Path given = new Path(options.prefix().orElse(AuditReplayOptions.DEFAULT_PREFIX_PARENT + "/"
                + UUID.randomUUID()));
        FileSystem fs = given.getFileSystem(conf);
        // The default prefix's parent goes with it if this run made it; a prefix the user named keeps its parent.
        boolean keepParent = options.prefix().isPresent() || fs.exists(given.getParent());
        OwnedDirectory prefix = OwnedDirectory.claim(fs, given, "-prefix");
        // Should the run be stopped from outside, the replay's tree goes, even with -keep.
        UndoLog.Registration working = prefix.emptiedOnInterrupt();
        Optional<ResourceSampling.InProcess> sampling = ResourceSampling.inProcess(conf, AuditReplayResult.BENCHMARK);
        List<Phase> phases = new ArrayList<>();
        ReplayOutcome outcome;
        Optional<ResourceUsage> resources;
        try {
            outcome = replayShare(options, log, prefix.path(), OpenLoop.Start.NOW, phases);
        } finally {
            resources = sampling.map(host -> host.stop(phases));
            if (!options.keep()) {
                prefix.delete();
                removeEmptyParent(fs, prefix.path(), keepParent);
            }
            working.close();
        }
        return new AuditReplayResult(options, fs.getUri().toString(), prefix.path().toString(), log.files(),
                log.lines(), start, Instant.now(), outcome, resources);
    }

    /** Removes the prefix's parent unless {@code keep}, if nothing else is in it. */
    private static void removeEmptyParent(FileSystem fs, Path prefix, boolean keep) throws IOException {
        Path parent = prefix.getParent();
        if (!keep && fs.exists(parent) && fs.listStatus(parent).length == 0) {
            fs.delete(parent, false);
        }
    }

    /**
     * Replays one share of a log (all of it, or one client's part) under {@code prefix}, which the caller has claimed
     * and removes: maps its paths, prepares, and replays from t0 as {@code start} gives it (a barrier among the clients
     * of a run from many hosts). The outcome travels ({@link ReplayOutcome#encode}) and merges with the other shares'.
     *
     * @throws BenchException MISSING_INPUT when no line's path lands under the prefix
     */
    public ReplayOutcome replayShare(AuditReplayOptions options, ReplayLog share, Path prefix, OpenLoop.Start start)
            throws IOException, InterruptedException {
        return replayShare(options, share, prefix, start, new ArrayList<>());
    }

    private ReplayOutcome replayShare(AuditReplayOptions options, ReplayLog share, Path prefix, OpenLoop.Start start,
            List<Phase> phases) throws IOException, InterruptedException {
        requireNonNull(options, "options is null");
        requireNonNull(share, "share is null");
        requireNonNull(start, "start is null");
        FileSystem fs = prefix.getFileSystem(conf);
        ReplayPaths paths = new ReplayPaths(fs.makeQualified(prefix));
        List<ReplayCall> calls = new ArrayList<>();
        Set<String> users = new TreeSet<>();
        for (AuditEntry entry : share.entries()) {
            paths.map(entry).ifPresent(call -> {
                calls.add(call);
                users.add(entry.user());
            });
        }
        long outside = share.entries().size() - calls.size();
        SkippedLines skipped = share.skipped().plus(new SkippedLines.Builder().add(SkippedLines.OUTSIDE_PREFIX,
                outside).build());
        if (calls.isEmpty()) {
            throw new BenchException(ErrorCode.MISSING_INPUT, "nothing to replay: the paths of all "
                    + share.entries().size() + " replayable lines would leave -prefix (a '..' above the root, a"
                    + " relative path, or a change to the prefix itself)");
        }
        try (ReplayTarget target = targets.open(fs, paths.prefix(), options.impersonate(), users)) {
            if (options.impersonate()) {
                // The logged users create under the prefix, which is the running user's.
                fs.setPermission(paths.prefix(), new FsPermission((short) 0777));
            }
            Instant prepareStart = Instant.now();
            long prepareBegin = clock.nanoTime();
            PreparePlan plan = PreparePlan.of(calls, options.prepareFileSize());
            plan.create(fs, paths, options.impersonate());
            long prepareNanos = clock.nanoTime() - prepareBegin;
            Instant replayStart = Instant.now();
            phases.add(new Phase("prepare", prepareStart, replayStart));
            Replay.Figures figures = new Replay(target, options.threads(), options.rateFactor(), clock).run(calls,
                    start);
            phases.add(new Phase("replay", replayStart, Instant.now()));
            return new ReplayOutcome(figures.load, figures.failures, skipped, prepareNanos, plan.files(),
                    plan.directories());
        }
    }
}
