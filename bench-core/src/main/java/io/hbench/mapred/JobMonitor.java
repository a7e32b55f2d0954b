package io.hbench.mapred;

import static java.util.Objects.requireNonNull;

import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.result.SubmittedJob;
import io.hbench.result.Unit;
import io.hbench.result.format.DisplayUnit;
import io.hbench.undo.RunUndo;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Job;

/**
 * Submits a job and waits for it. It says on the progress stream which job it submitted (its id and
 * tracking URL, so an operator can find its logs while it runs), then prints a progress line now
 * and then for runs longer than a few seconds: map and reduce progress, and bytes done out of the
 * total when the job counts them. A job that YARN holds in ACCEPTED for {@link AcceptedWatch#BOUND} gets a line saying
 * why and what to change, and it keeps waiting.
 * If the waiting thread is interrupted, the job is killed before the interrupt propagates; so it is if the run is
 * stopped from outside (see {@link RunUndo}). A job that fails is said in one line naming its first failed task
 * attempt and what went wrong there ({@link FailedTaskCause}).
 */
public final class JobMonitor {
    private static final Duration QUIET_START = Duration.ofSeconds(5);
    private static final Duration INTERVAL = Duration.ofSeconds(5);
    /** How often a job in this process is asked whether it is done: asking costs nothing, waiting does. */
    static final Duration LOCAL_POLL = Duration.ofMillis(20);
    /** How often a job on YARN is asked: each time a call to its ApplicationMaster. */
    static final Duration CLUSTER_POLL = Duration.ofMillis(200);
    /** How long a failed job in this process may take to log what it threw: the runner marks it failed first. */
    private static final Duration LOCAL_CAUSE_BOUND = Duration.ofSeconds(5);
    private static final DisplayUnit BYTES = DisplayUnit.of("bytes", Unit.BYTES);
    static final String IN_CLIENT_NOTICE = "hbench: no YARN is configured (mapreduce.framework.name=local): the"
            + " MapReduce tasks run inside this client process, not on the cluster's nodes";

    private final PrintStream progress;
    private final String label;

    /**
     * @param progress where progress lines go (stderr: results stay clean on stdout)
     * @param label what the lines start with, e.g. "TestDFSIO write"
     */
    public JobMonitor(PrintStream progress, String label) {
        this.progress = requireNonNull(progress, "progress is null");
        this.label = requireNonNull(label, "label is null");
    }

    /**
     * How often a job is asked whether it is done: every poll interval is, on average, half an interval between the
     * job's end and the program's next step.
     */
    static Duration pollInterval(Configuration conf) {
        return MapReduceFramework.isLocal(conf) ? LOCAL_POLL : CLUSTER_POLL;
    }

    /**
     * Submits {@code job} and says so on the progress stream: one line with the job's id and
     * tracking URL, after one saying that its tasks will run in this process if MapReduce would
     * run them here against a cluster's data (no YARN configured).
     *
     * @return the submitted job, for the result
     */
    public SubmittedJob submit(Job job) throws IOException, InterruptedException {
        if (job.getNumReduceTasks() > 0) {
            // Programs check first, before they write; this catches a job whose program did not.
            MapReduceFramework.requireShuffleSupport(job.getConfiguration());
        }
        if (MapReduceFramework.runsTasksInThisClientAgainstACluster(job.getConfiguration())) {
            // Measuring one client process as if it were the cluster would be a wrong figure, silently.
            progress.println(IN_CLIENT_NOTICE);
        }
        submitKilledOnInterrupt(job);
        SubmittedJob submitted = new SubmittedJob(job.getJobID().toString(), job.getJobName(), job.getTrackingURL());
        progress.println("hbench: " + label + ": submitted job " + submitted.id()
                + submitted.trackingUrl().map(url -> ", tracking URL " + url).orElse(""));
        return submitted;
    }

    /**
     * Submits {@code job}, registered with the run's {@link RunUndo} log to be killed should the run be stopped while
     * it runs; a job that has ended is left alone. The kill waits for a submission under way, so that a job is never
     * left running because the stop came while it was being submitted.
     */
    private static void submitKilledOnInterrupt(Job job) throws IOException, InterruptedException {
        AtomicBoolean submitted = new AtomicBoolean();
        synchronized (submitted) {
            RunUndo.register("job " + job.getJobName(), () -> {
                synchronized (submitted) {
                    if (!submitted.get() || job.isComplete()) {
                        return Optional.empty();
                    }
                    job.killJob();
                    return Optional.of("killed job " + job.getJobID());
                }
            });
            try {
                job.submit();
            } catch (ClassNotFoundException e) {
                throw new IOException("cannot submit job: " + e.getMessage(), e);
            }
            submitted.set(true);
        }
    }

    /**
     * Runs {@code job} to its end.
     *
     * @param bytesDone the counter tasks add their bytes to, or null
     * @param totalBytes the bytes the job will move in all, for "x of y"
     * @return the submitted job, for the result
     * @throws BenchException JOB_FAILED when it fails, in one line naming its first failed task attempt and what went
     *     wrong there ({@link FailedTaskCause}), else with the job's own reason
     */
    public SubmittedJob run(Job job, Enum<?> bytesDone, long totalBytes) throws IOException, InterruptedException {
        boolean local = MapReduceFramework.isLocal(job.getConfiguration());
        try (LocalRunnerLog localRunner = LocalRunnerLog.listen()) {
            SubmittedJob submitted = runToItsEnd(job, bytesDone, totalBytes);
            if (!job.isSuccessful()) {
                Optional<FailedTaskCause> cause = local ? localRunner.cause(job.getJobID(), LOCAL_CAUSE_BOUND)
                        : clusterCause(job);
                throw new BenchException(ErrorCode.JOB_FAILED, cause.isPresent()
                        ? cause.get().line(label, job.getJobID()) : ownReason(job));
            }
            return submitted;
        }
    }

    private SubmittedJob runToItsEnd(Job job, Enum<?> bytesDone, long totalBytes)
            throws IOException, InterruptedException {
        long start = System.nanoTime();
        long nextReport = start + QUIET_START.toNanos();
        SubmittedJob submitted = submit(job);
        long pollMillis = pollInterval(job.getConfiguration()).toMillis();
        try (AcceptedWatch accepted = AcceptedWatch.of(job.getConfiguration(), label, progress)) {
            while (!job.isComplete()) {
                Thread.sleep(pollMillis);
                long now = System.nanoTime();
                if (now >= nextReport) {
                    progress.println(progressLine(job, bytesDone, totalBytes, Duration.ofNanos(now - start)));
                    nextReport = now + INTERVAL.toNanos();
                }
                accepted.check(submitted.id(), Duration.ofNanos(now - start));
            }
        } catch (InterruptedException e) {
            // Whoever interrupted us wants the run over: leave no tasks behind doing I/O.
            job.killJob();
            throw e;
        }
        return submitted;
    }

    /**
     * The cause of a failed job on YARN, from its ApplicationMaster or, once that has gone, the history server; empty
     * where neither answers, and the job's own reason is said instead.
     */
    private static Optional<FailedTaskCause> clusterCause(Job job) throws InterruptedException {
        try {
            return FailedTaskCause.ofClusterJob(job);
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** The job's own reason for its failure, as the framework gives it: on YARN the task that failed. */
    private String ownReason(Job job) throws IOException, InterruptedException {
        String reason = job.getStatus().getFailureInfo();
        return label + ": job " + job.getJobID() + " failed"
                + (reason == null || reason.isBlank() ? "" : ": " + reason.lines().findFirst().orElse(""));
    }

    private String progressLine(Job job, Enum<?> bytesDone, long totalBytes, Duration elapsed) throws IOException {
        Long bytes = null;
        if (bytesDone != null && job.getCounters() != null) {
            bytes = job.getCounters().findCounter(bytesDone).getValue();
        }
        return progressLine(label, job.mapProgress(), job.reduceProgress(), bytes, totalBytes, elapsed);
    }

    /**
     * "TestDFSIO write: map  75% (48.000 MiB of 64.000 MiB), reduce   0%, 12 s". Where the tasks count their bytes, the
     * map share is theirs, so the two halves of the line agree; the framework's own map progress counts input records,
     * and a task with one record (a TestDFSIO file) stays at 0 until it is done. Bytes past the total (TestDFSIO's
     * random, backward and skip reads read whole buffers, and pass the size asked for) are said to be past it, and the
     * map share is then the framework's: "X of Y" with X above Y would say nothing true.
     *
     * @param bytes the bytes the tasks counted so far, or null if they count none
     */
    static String progressLine(String label, float mapProgress, float reduceProgress, Long bytes, long totalBytes,
            Duration elapsed) {
        StringBuilder line = new StringBuilder(label).append(": map ");
        if (bytes != null && totalBytes > 0 && bytes <= totalBytes) {
            line.append(percent((double) bytes / totalBytes)).append(" (").append(BYTES.text(bytes)).append(" of ")
                    .append(BYTES.text(totalBytes)).append(')');
        } else {
            line.append(percent(mapProgress));
            if (bytes != null) {
                line.append(" (").append(BYTES.text(bytes));
                if (totalBytes > 0) {
                    line.append(", past the ").append(BYTES.text(totalBytes)).append(" expected");
                }
                line.append(')');
            }
        }
        return line.append(", reduce ").append(percent(reduceProgress)).append(", ").append(elapsed.toSeconds())
                .append(" s").toString();
    }

    /**
     * A share in whole percent, rounded down so that it reads 100 only when everything is done; a ten-thousandth of a
     * percent up first, because a float progress sits just below the percent it means (0.29f is 0.28999999...).
     */
    static String percent(double share) {
        long whole = share >= 1 ? 100 : Math.min(99, (long) Math.floor(share * 100 + 1e-4));
        return String.format(Locale.ROOT, "%3d%%", whole);
    }
}
