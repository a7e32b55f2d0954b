package io.hbench.replay;

import static java.util.Objects.requireNonNull;

import io.hbench.bsp.BspJobResult;
import io.hbench.bsp.BspJobSpec;
import io.hbench.bsp.BspRunner;
import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.load.LoadClients;
import io.hbench.result.Phase;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;

/**
 * AuditReplay from many clients ({@code -clients N}): the log replayed by N map tasks at once, as the peers of one BSP
 * job, each its share ({@link LogSplit}) from one common start they agree at a barrier, each line at its place in the
 * whole log. Their histograms are merged, never their percentiles averaged, and a client that fell behind on its own
 * is named ({@link LoadClients}).
 *
 * <p>Lifecycle of {@link #run}: checks that every client can read the logs and will have a share; claims the prefix;
 * checks impersonation; prepares for the whole log once (one client's line may read what another's made); runs the
 * job; merges; and removes the prefix unless {@code -keep}, also on failure.
 */
final class ReplayClients {
    /** How long YARN may keep a client waiting for its container, or one client keep the others at the barrier. */
    static final Duration PATIENCE = Duration.ofMinutes(10);

    private final Configuration conf;
    private final BspRunner runner;

    ReplayClients(Configuration conf, BspRunner runner) {
        this.conf = requireNonNull(conf, "conf is null");
        this.runner = requireNonNull(runner, "runner is null");
    }

    /** Replays {@code log}, read as the options say, from the options' clients. */
    AuditReplayResult run(AuditReplayOptions options, ReplayLog log) throws IOException, InterruptedException {
        requireNonNull(options, "options is null");
        requireNonNull(log, "log is null");
        if (options.clients() < 1) {
            throw new IllegalArgumentException("a replay from clients needs at least one, got " + options.clients());
        }
        for (String file : log.files()) {
            if (new Path(file).getFileSystem(conf) instanceof LocalFileSystem) {
                throw new BenchException(ErrorCode.INVALID_ARGUMENT, "-clients: every client reads the log, but "
                        + file + " is on this host's own disk; put it on a file system they share (hdfs://...)");
            }
        }
        // Refuses a share that would be empty before anything is written.
        options.split().shares(log.entries(), options.clients());
        Instant start = Instant.now();
        AuditReplay replay = new AuditReplay(conf);
        AuditReplay.ClaimedPrefix prefix = replay.claimPrefix(options);
        try {
            AuditReplay.Mapped mapped = AuditReplay.map(log, prefix.paths);
            // Opening the target checks impersonation before anything is prepared; the clients open their own.
            replay.openTarget(options, prefix.paths, mapped).close();
            AuditReplay.Prepared prepared = replay.prepare(options, mapped, prefix.paths, new ArrayList<Phase>());
            BspJobSpec spec = BspJobSpec.builder(AuditReplayTool.NAME + " from " + options.clients() + " clients",
                    ReplayClientProgram.class)
                    .arguments(ReplayClientProgram.arguments(conf, options, prefix.paths.prefix(),
                            log.entries().get(0).timeMillis()))
                    .peers(options.clients())
                    .failureTimeout(PATIENCE)
                    .build();
            BspJobResult job = runner.run(spec);
            List<ReplayOutcome> outcomes = new ArrayList<>();
            List<LoadClients.Client> clients = new ArrayList<>();
            for (BspJobResult.PeerReport report : job.reports()) {
                ReplayOutcome outcome;
                try {
                    outcome = ReplayOutcome.decode(report.report());
                } catch (IllegalArgumentException e) {
                    throw new BenchException(ErrorCode.INTERNAL_ERROR, "client w" + report.peer() + " on "
                            + report.host() + " sent no figures hbench can read: " + e.getMessage(), e);
                }
                outcomes.add(outcome);
                clients.add(new LoadClients.Client("w" + report.peer(), report.host(), outcome.load()));
            }
            ReplayOutcome shares = ReplayOutcome.merge(outcomes);
            ReplayOutcome merged = new ReplayOutcome(shares.load(), shares.failures(),
                    log.skipped().plus(shares.skipped()), prepared.nanos, prepared.plan.files(),
                    prepared.plan.directories());
            AuditReplayResult result = new AuditReplayResult(options, prefix.fs.getUri().toString(),
                    prefix.paths.prefix().toString(), log.files(), log.lines(), start, Instant.now(), merged,
                    Optional.empty()).fromClients(new LoadClients(clients), job.job());
            // The clients record their timelines where a one-process replay shows its own: on an HA nameservice.
            return merged.load().timeline().map(result::withTimeline).orElse(result);
        } finally {
            prefix.release(options.keep());
        }
    }
}
