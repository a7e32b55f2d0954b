package io.hbench.mapred;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.hadoop.mapreduce.JobID;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.log4j.AppenderSkeleton;
import org.apache.log4j.Level;
import org.apache.log4j.Logger;
import org.apache.log4j.spi.LoggingEvent;

/**
 * What MapReduce's local runner logs while jobs run in this process, for {@link FailedTaskCause}: it keeps no task
 * completion events and no diagnostics, and says which attempts it starts and finishes (at INFO), and what a failed job
 * threw (at WARN, the job's id and the first failed task's exception in a wrapper), only in its log. The attempts are
 * heard where the runner's log is enabled at INFO, as in the file a program run logs to ({@code HadoopLog}).
 */
final class LocalRunnerLog extends AppenderSkeleton implements AutoCloseable {
    /** The local runner's logger, as it logs through slf4j to log4j. */
    static final String LOGGER = "org.apache.hadoop.mapred.LocalJobRunner";
    private static final String STARTING = "Starting task: ";
    private static final String FINISHING = "Finishing task: ";

    private final Logger logger;
    private final List<String> started = new ArrayList<>();
    private final Set<String> finished = new HashSet<>();
    private final Map<String, Throwable> thrown = new HashMap<>();

    private LocalRunnerLog(Logger logger) {
        this.logger = logger;
    }

    /** Listens to the local runner's log until closed. */
    static LocalRunnerLog listen() {
        LocalRunnerLog log = new LocalRunnerLog(Logger.getLogger(LOGGER));
        log.logger.addAppender(log);
        return log;
    }

    @Override
    protected synchronized void append(LoggingEvent event) {
        String message = event.getRenderedMessage();
        if (message == null) {
            return;
        }
        if (message.startsWith(STARTING)) {
            started.add(message.substring(STARTING.length()).trim());
        } else if (message.startsWith(FINISHING)) {
            finished.add(message.substring(FINISHING.length()).trim());
        } else if (event.getLevel().isGreaterOrEqual(Level.WARN) && event.getThrowableInformation() != null) {
            thrown.putIfAbsent(message.trim(), event.getThrowableInformation().getThrowable());
            notifyAll();
        }
    }

    /**
     * Why {@code job}, which failed, failed, if the runner says what it threw within {@code bound}: it marks the job
     * failed before it logs why.
     */
    synchronized Optional<FailedTaskCause> cause(JobID job, Duration bound) throws InterruptedException {
        long deadline = System.nanoTime() + bound.toNanos();
        Throwable failure;
        while ((failure = thrown.get(job.toString())) == null) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return Optional.empty();
            }
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
        List<String> attempts = started.stream().filter(id -> ofJob(id, job)).collect(Collectors.toList());
        return Optional.of(FailedTaskCause.ofLocalJob(attempts, finished, failure));
    }

    private static boolean ofJob(String attempt, JobID job) {
        try {
            // By name: the old API's ids and the new API's are never equal.
            return TaskAttemptID.forName(attempt).getJobID().toString().equals(job.toString());
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    @Override
    public boolean requiresLayout() {
        return false;
    }

    @Override
    public void close() {
        logger.removeAppender(this);
    }
}
