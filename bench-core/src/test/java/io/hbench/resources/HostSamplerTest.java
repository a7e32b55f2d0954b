package io.hbench.resources;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(60)
class HostSamplerTest {
    private static final Duration INTERVAL = Duration.ofMillis(50);

    @TempDir
    Path lockDirectory;

    @Test
    void tasksOfOneJobInOneProcessShareOneSamplerThatStopsWithTheLast() throws Exception {
        HostSampler.Participation first = join("job_1");
        HostSampler.Participation second = join("job_1");
        Thread.sleep(4 * INTERVAL.toMillis());

        HostSamples handedToFirst = first.leave();
        assertThat(samplerThreads()).as("the sampler runs while a task does").isEqualTo(1);
        HostSamples handedToSecond = second.leave();

        assertThat(handedToFirst.snapshots()).as("taken at join and every interval since").isNotEmpty();
        assertThat(handedToSecond.snapshots()).as("at least the final snapshot").isNotEmpty();
        assertThat(handedToSecond.snapshots().get(0).time()).isAfterOrEqualTo(
                handedToFirst.snapshots().get(handedToFirst.snapshots().size() - 1).time());
        assertThat(handedToFirst.host()).isEqualTo("dn1");
        awaitNoSamplerThread();
        assertThat(lockDirectory).as("the lock file is gone with the sampler").isEmptyDirectory();
    }

    @Test
    void whileAnotherProcessHoldsTheHostsLockThisOneTakesNoSnapshotsAndTakesOverWhenItLetsGo() throws Exception {
        HostSampler.Participation participation;
        Instant released;
        try (FileChannel other = FileChannel.open(lockDirectory.resolve(lockName("job_2")),
                StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                FileLock held = other.lock()) {
            participation = join("job_2");
            Thread.sleep(4 * INTERVAL.toMillis());
            released = Instant.now();
        }
        Thread.sleep(4 * INTERVAL.toMillis());
        HostSamples samples = participation.leave();

        assertThat(samples.snapshots()).as("taken once the lock was free").isNotEmpty()
                .allSatisfy(snapshot -> assertThat(snapshot.time()).isAfterOrEqualTo(released));
    }

    @Test
    void aHostWithoutCountersIsHandedOverAsUnavailable(@TempDir Path noProc) {
        HostSamples samples = HostSampler.join("job_3", INTERVAL, new ProcCounters(noProc), lockDirectory, "mac")
                .leave();

        assertThat(samples.unavailableReason()).hasValueSatisfying(reason -> assertThat(reason).contains("stat"));
        assertThat(samples.snapshots()).isEmpty();
    }

    @Test
    void aParticipationLeavesOnce() {
        HostSampler.Participation participation = join("job_4");
        participation.leave();

        assertThatThrownBy(participation::leave).isInstanceOf(IllegalStateException.class).hasMessage("already left");
    }

    private HostSampler.Participation join(String job) {
        return HostSampler.join(job, INTERVAL, CapturedProc.before(), lockDirectory, "dn1");
    }

    private static String lockName(String job) {
        return "hbench-resources-" + Integer.toHexString(job.hashCode()) + "-" + job + ".lock";
    }

    private static long samplerThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(thread -> thread.getName().equals("hbench resource sampler") && thread.isAlive()).count();
    }

    private static void awaitNoSamplerThread() throws InterruptedException {
        while (samplerThreads() > 0) {
            Thread.sleep(10);
        }
    }
}
