package io.hbench.mapred;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.time.Duration;
import org.apache.hadoop.mapreduce.JobID;
import org.apache.log4j.Level;
import org.apache.log4j.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class LocalRunnerLogTest {
    private static final Logger RUNNER = Logger.getLogger(LocalRunnerLog.LOGGER);
    private Level before;

    @BeforeEach
    void hearTheRunnerAtInfo() {
        before = RUNNER.getLevel();
        RUNNER.setLevel(Level.INFO);
        RUNNER.setAdditivity(false);
    }

    @AfterEach
    void restore() {
        RUNNER.setLevel(before);
        RUNNER.setAdditivity(true);
    }

    @Test
    void theJobsFirstAttemptStartedAndNotFinishedAndWhatTheJobThrewAreItsCause() throws Exception {
        JobID job = JobID.forName("job_local42_0003");
        try (LocalRunnerLog log = LocalRunnerLog.listen()) {
            RUNNER.info("Starting task: attempt_local42_0003_m_000000_0");
            RUNNER.info("Starting task: attempt_local42_0002_m_000000_0");
            RUNNER.info("Starting task: attempt_local42_0003_m_000001_0");
            RUNNER.info("Finishing task: attempt_local42_0003_m_000000_0");
            RUNNER.warn("job_local42_0002", new Exception(new IOException("another job's")));
            RUNNER.warn("job_local42_0003", new Exception(new IOException("disk full")));

            FailedTaskCause cause = log.cause(job, Duration.ZERO).orElseThrow();

            assertThat(cause.attempt()).contains("attempt_local42_0003_m_000001_0");
            assertThat(cause.cause()).isEqualTo("disk full");
        }
    }

    @Test
    void aJobTheRunnerSaidNothingAboutHasNoCauseOnceTheBoundHasPassed() throws Exception {
        try (LocalRunnerLog log = LocalRunnerLog.listen()) {
            assertThat(log.cause(JobID.forName("job_local42_0009"), Duration.ofMillis(10))).isEmpty();
        }
    }

    @Test
    void whatTheJobThrowsWhileItsCauseIsAwaitedIsHeard() throws Exception {
        JobID job = JobID.forName("job_local42_0004");
        try (LocalRunnerLog log = LocalRunnerLog.listen()) {
            Thread runner = new Thread(() -> RUNNER.warn("job_local42_0004", new Exception(new IOException("late"))));
            runner.start();

            assertThat(log.cause(job, Duration.ofMinutes(1)).orElseThrow().cause()).isEqualTo("late");
            runner.join();
        }
    }
}
