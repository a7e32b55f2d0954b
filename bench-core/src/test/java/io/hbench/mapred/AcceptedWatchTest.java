package io.hbench.mapred;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class AcceptedWatchTest {
    private static final String JOB = "job_1764150000000_0002";
    private static final String AM_LIMIT = "Application is added to the scheduler and is not yet activated. Queue's AM"
            + " resource limit exceeded.  Details : AM Partition = <DEFAULT_PARTITION>; AM Resource Request ="
            + " <memory:512, vCores:1>; Queue Resource Limit for AM = <memory:512, vCores:1>; User AM Resource Limit"
            + " of the queue = <memory:512, vCores:1>; Queue AM Resource Usage = <memory:128, vCores:1>; ";

    /** Answers from a script, one per question, and counts the questions. */
    private static final class ScriptedApplications implements AcceptedWatch.Applications {
        final Deque<Optional<String>> answers;
        final List<String> asked = new java.util.ArrayList<>();

        @SafeVarargs
        ScriptedApplications(Optional<String>... answers) {
            this.answers = new ArrayDeque<>(List.of(answers));
        }

        @Override
        public Optional<String> acceptedDiagnostics(String jobId) throws IOException {
            asked.add(jobId);
            if (answers.isEmpty()) {
                throw new IOException("the ResourceManager did not answer");
            }
            return answers.poll();
        }

        @Override
        public void close() {
        }
    }

    private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
    private final PrintStream progress = new PrintStream(printed, true, StandardCharsets.UTF_8);

    private List<String> lines() {
        return printed.toString(StandardCharsets.UTF_8).lines().collect(Collectors.toList());
    }

    @Test
    void saysWhyAJobWaitsInAcceptedOncePerBoundAndWhatToChange() {
        ScriptedApplications applications = new ScriptedApplications(Optional.of(AM_LIMIT), Optional.of(AM_LIMIT));
        AcceptedWatch watch = new AcceptedWatch("TestDFSIO write", applications, progress);

        for (int millis = 200; millis <= 65_000; millis += 200) {
            watch.check(JOB, Duration.ofMillis(millis));
        }

        assertThat(applications.asked).hasSize(2);
        assertThat(lines()).containsExactly(
                "hbench: TestDFSIO write: job " + JOB + " has waited 30 s in ACCEPTED: the queue's share for"
                        + " ApplicationMasters is taken (its ApplicationMaster asks 512 MB, the limit is 512 MB, 128 MB"
                        + " is in use); raise yarn.scheduler.capacity.maximum-am-resource-percent (0.1 by default) or"
                        + " lower yarn.app.mapreduce.am.resource.mb; still waiting",
                "hbench: TestDFSIO write: job " + JOB + " has waited 60 s in ACCEPTED: the queue's share for"
                        + " ApplicationMasters is taken (its ApplicationMaster asks 512 MB, the limit is 512 MB, 128 MB"
                        + " is in use); raise yarn.scheduler.capacity.maximum-am-resource-percent (0.1 by default) or"
                        + " lower yarn.app.mapreduce.am.resource.mb; still waiting");
    }

    @Test
    void asksNoMoreOnceTheJobHasLeftAccepted() {
        ScriptedApplications applications = new ScriptedApplications(Optional.empty());
        AcceptedWatch watch = new AcceptedWatch("HSGen", applications, progress);

        for (int seconds = 1; seconds <= 200; seconds++) {
            watch.check(JOB, Duration.ofSeconds(seconds));
        }

        assertThat(applications.asked).hasSize(1);
        assertThat(lines()).isEmpty();
    }

    @Test
    void aQuestionTheResourceManagerDoesNotAnswerIsLeftOutAndAskedAgainAfterTheBound() {
        ScriptedApplications applications = new ScriptedApplications();
        AcceptedWatch watch = new AcceptedWatch("HSGen", applications, progress);

        for (int seconds = 1; seconds <= 90; seconds++) {
            watch.check(JOB, Duration.ofSeconds(seconds));
        }

        assertThat(applications.asked).hasSize(3);
        assertThat(lines()).isEmpty();
    }
}
