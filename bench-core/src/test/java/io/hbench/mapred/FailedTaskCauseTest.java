package io.hbench.mapred;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbench.fs.FileOperationException;
import java.io.IOException;
import java.net.ConnectException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.hadoop.mapreduce.JobID;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.TaskCompletionEvent;
import org.junit.jupiter.api.Test;

class FailedTaskCauseTest {
    private static final JobID JOB = JobID.forName("job_1700000000000_0007");
    private static final String TRACE = "Error: java.io.IOException: could not read hdfs://nn:8020/b/io_data/test_io_2:"
            + " not in GZIP format\n\tat io.hbench.dfsio.FileIo.run(FileIo.java:107)\n\tat"
            + " org.apache.hadoop.mapred.YarnChild.main(YarnChild.java:178)\n";

    @Test
    void onYarnTheFirstFailedAttemptsDiagnosticsNameTheCauseAndAKilledAttemptIsNoFailure() throws Exception {
        List<TaskAttemptID> asked = new ArrayList<>();
        List<TaskCompletionEvent> events = List.of(event(0, 1, TaskCompletionEvent.Status.SUCCEEDED),
                event(1, 3, TaskCompletionEvent.Status.KILLED), event(2, 2, TaskCompletionEvent.Status.FAILED),
                event(3, 0, TaskCompletionEvent.Status.TIPFAILED));

        Optional<FailedTaskCause> cause = FailedTaskCause.firstFailed(events, attempt -> {
            asked.add(attempt);
            return new String[] {TRACE};
        });

        assertThat(asked).containsExactly(attempt(2));
        assertThat(cause.orElseThrow().line("TestDFSIO read", JOB)).isEqualTo("TestDFSIO read failed: task"
                + " attempt_1700000000000_0007_m_000002_0 could not read hdfs://nn:8020/b/io_data/test_io_2: not in GZIP"
                + " format");
    }

    @Test
    void onYarnAJobWithNoFailedAttemptHasNoTaskCause() throws Exception {
        assertThat(FailedTaskCause.firstFailed(List.of(event(0, 0, TaskCompletionEvent.Status.SUCCEEDED)),
                attempt -> new String[] {TRACE})).isEmpty();
    }

    @Test
    void aContainerThatDiedIsSaidByYarnsLineWithoutItsTimestamp() {
        assertThat(FailedTaskCause.diagnosticsCause(new String[] {"", "[2026-11-27 10:45:12.345]Container killed on"
                + " request. Exit code is 143\n[2026-11-27 10:45:12.346]Container exited with a non-zero exit code 143.\n"}))
                .contains("Container killed on request. Exit code is 143");
        assertThat(FailedTaskCause.diagnosticsCause(new String[0])).isEmpty();
        assertThat(FailedTaskCause.diagnosticsCause(null)).isEmpty();
    }

    @Test
    void aCauseThatIsNotTheBenchmarksOwnFollowsTheAttemptAfterAColon() throws Exception {
        Optional<FailedTaskCause> cause = FailedTaskCause.firstFailed(
                List.of(event(0, 4, TaskCompletionEvent.Status.FAILED)),
                attempt -> new String[] {"Error: java.lang.OutOfMemoryError: Java heap space\n\tat a.B.c(B.java:1)"});

        assertThat(cause.orElseThrow().line("HSSort", JOB))
                .isEqualTo("HSSort failed: task attempt_1700000000000_0007_m_000004_0: Java heap space");
    }

    @Test
    void inTheLocalRunnerTheFirstMapStartedAndNotFinishedFailedAndItsExceptionIsTheCause() {
        JobID job = JobID.forName("job_local1234_0001");
        Exception thrown = new Exception(new FileOperationException("write", "faulty:/t/io_data/test_io_1",
                new ConnectException("Connection refused")));

        FailedTaskCause cause = FailedTaskCause.ofLocalJob(List.of("attempt_local1234_0001_m_000002_0",
                "attempt_local1234_0001_m_000000_0", "attempt_local1234_0001_m_000001_0"),
                Set.of("attempt_local1234_0001_m_000000_0"), thrown);

        assertThat(cause.line("TestDFSIO write", job)).isEqualTo("TestDFSIO write failed: task"
                + " attempt_local1234_0001_m_000001_0 could not write faulty:/t/io_data/test_io_1: Connection refused");
    }

    @Test
    void inTheLocalRunnerAReducerFailedOnlyWhereEveryMapFinished() {
        FailedTaskCause cause = FailedTaskCause.ofLocalJob(List.of("attempt_local1_0002_m_000000_0",
                "attempt_local1_0002_r_000000_0"), Set.of("attempt_local1_0002_m_000000_0"),
                new Exception(new IOException("disk full")));

        assertThat(cause.attempt()).contains("attempt_local1_0002_r_000000_0");
        assertThat(cause.cause()).isEqualTo("disk full");
    }

    @Test
    void inTheLocalRunnerAFailureBeforeAnyTaskNamesTheJob() {
        JobID job = JobID.forName("job_local1_0003");
        FailedTaskCause cause = FailedTaskCause.ofLocalJob(List.of(), Set.of(),
                new IOException("cannot read the splits"));

        assertThat(cause.line("HSGen", job)).isEqualTo("HSGen: job job_local1_0003 failed: cannot read the splits");
    }

    private static TaskCompletionEvent event(int id, int task, TaskCompletionEvent.Status status) {
        return new TaskCompletionEvent(id, attempt(task), task, true, status, "http://nm:8042");
    }

    private static TaskAttemptID attempt(int task) {
        return TaskAttemptID.forName(String.format("attempt_1700000000000_0007_m_%06d_0", task));
    }
}
