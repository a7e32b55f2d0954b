package io.hbench.mapred;

import static java.util.Objects.requireNonNull;

import io.hbench.error.ErrorText;
import io.hbench.fs.FileOperationException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobID;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.TaskCompletionEvent;
import org.apache.hadoop.mapreduce.TaskType;

/**
 * Why a failed job failed, in one line: its first failed task attempt and what went wrong there. The job's own reason
 * says neither: on YARN "Task failed task_..._m_000002", in the local runner "NA".
 * <ul>
 * <li>On YARN, the first attempt that failed among the job's task completion events (a killed one did not fail), and
 * the first line of its diagnostics that says something: the message of what the task threw, or the line of YARN's
 * on a container that died.
 * <li>In the local runner, which keeps neither events nor diagnostics, what it logs ({@link LocalRunnerLog}): the
 * attempts it started and finished, and what the failed job threw, the first failed task's exception in a wrapper.
 * An attempt it started and did not finish failed; it throws the first failed map's, or, where every map finished,
 * the first failed reducer's.
 * </ul>
 */
public final class FailedTaskCause {
    /** A task's completion events are asked for this many at a time. */
    private static final int EVENTS_PER_CALL = 100;
    /** When a NodeManager's diagnostics line was written: "[2026-11-27 10:45:12.345]". */
    private static final Pattern TIMESTAMP = Pattern.compile("^\\s*\\[[^\\]]*\\]");

    private final Optional<String> attempt;
    private final String cause;

    /**
     * @param attempt the failed task attempt's id, if known
     * @param cause what went wrong, in one line
     */
    FailedTaskCause(Optional<String> attempt, String cause) {
        this.attempt = requireNonNull(attempt, "attempt is null");
        this.cause = requireNonNull(cause, "cause is null");
        if (cause.isBlank() || cause.lines().count() > 1) {
            throw new IllegalArgumentException("cause is not one line: '" + cause + "'");
        }
    }

    Optional<String> attempt() {
        return attempt;
    }

    String cause() {
        return cause;
    }

    /**
     * The line a failed job ends with: "TestDFSIO write failed: task attempt_..._m_000002_0 could not write
     * s3a://b/dfsio/io_data/test_io_2: Connection refused"; without a known attempt, "TestDFSIO write: job job_...
     * failed: ...".
     *
     * @param label what the job is, as its progress lines say
     */
    String line(String label, JobID job) {
        if (attempt.isEmpty()) {
            return label + ": job " + job + " failed: " + cause;
        }
        // A benchmark's own failure says what the task could not do, the task its subject.
        return label + " failed: task " + attempt.get() + (cause.startsWith(FileOperationException.BEGINNING) ? " "
                : ": ") + cause;
    }

    /**
     * The cause of {@code job}'s failure on YARN, from its first failed attempt; empty if no attempt failed (the
     * ApplicationMaster itself did).
     */
    static Optional<FailedTaskCause> ofClusterJob(Job job) throws IOException, InterruptedException {
        List<TaskCompletionEvent> events = new ArrayList<>();
        while (true) {
            TaskCompletionEvent[] page = job.getTaskCompletionEvents(events.size(), EVENTS_PER_CALL);
            events.addAll(Arrays.asList(page));
            if (page.length == 0 || events.stream().anyMatch(FailedTaskCause::failed)) {
                return firstFailed(events, job::getTaskDiagnostics);
            }
        }
    }

    /** What an attempt's diagnostics say, one string per report. */
    @FunctionalInterface
    interface Diagnostics {
        String[] of(TaskAttemptID attempt) throws IOException, InterruptedException;
    }

    /** The cause of the first failed attempt among {@code events}, told by its {@code diagnostics}. */
    static Optional<FailedTaskCause> firstFailed(List<TaskCompletionEvent> events, Diagnostics diagnostics)
            throws IOException, InterruptedException {
        Optional<TaskCompletionEvent> failed = events.stream().filter(FailedTaskCause::failed).findFirst();
        if (failed.isEmpty()) {
            return Optional.empty();
        }
        TaskAttemptID attempt = failed.get().getTaskAttemptId();
        return Optional.of(new FailedTaskCause(Optional.of(attempt.toString()),
                diagnosticsCause(diagnostics.of(attempt)).orElse("no diagnostics")));
    }

    private static boolean failed(TaskCompletionEvent event) {
        return event.getStatus() == TaskCompletionEvent.Status.FAILED
                || event.getStatus() == TaskCompletionEvent.Status.TIPFAILED;
    }

    /**
     * The first line of an attempt's diagnostics that says something ({@link ErrorText#plain}): "Error:
     * java.io.IOException: could not read ..." is "could not read ...", and a NodeManager's line keeps its words
     * without its timestamp.
     */
    static Optional<String> diagnosticsCause(String[] diagnostics) {
        return Arrays.stream(diagnostics == null ? new String[0] : diagnostics)
                .map(report -> ErrorText.plain(TIMESTAMP.matcher(report).replaceFirst("")))
                .filter(words -> !words.isEmpty()).findFirst();
    }

    /**
     * The cause of a job's failure in the local runner.
     *
     * @param started the attempts it started, of this job
     * @param finished those it finished
     * @param thrown what the failed job threw
     */
    static FailedTaskCause ofLocalJob(Collection<String> started, Set<String> finished, Throwable thrown) {
        Optional<String> attempt = started.stream().filter(id -> !finished.contains(id)).map(TaskAttemptID::forName)
                .min(Comparator.comparing((TaskAttemptID id) -> id.getTaskType() != TaskType.MAP)
                        .thenComparing(id -> id.getTaskID().getId()))
                .map(TaskAttemptID::toString);
        return new FailedTaskCause(attempt, ErrorText.cause(thrown));
    }
}
