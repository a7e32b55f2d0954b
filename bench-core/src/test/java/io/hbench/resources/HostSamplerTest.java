package io.hbench.resources;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbench.fs.PrivateDirectory;
import io.hbench.testing.Await;
import io.hbench.testing.OtherUser;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(60)
class HostSamplerTest {
    private static final Duration INTERVAL = Duration.ofMillis(50);
    /** How long a test waits for the sampler's thread to do what it does within an interval or two. */
    private static final Duration BOUND = Duration.ofSeconds(20);

    @TempDir
    Path temp;

    private Path lockDirectory() {
        return temp.resolve("hbench-root");
    }

    @Test
    void tasksOfOneJobInOneProcessShareOneSamplerThatStopsWithTheLast() throws Exception {
        HostSampler.Participation first = join("job_1");
        HostSampler.Participation second = join("job_1");
        Await.until("the snapshot at join and two at intervals", BOUND, () -> first.snapshotsWaiting() >= 3);

        HostSamples handedToFirst = first.leave();
        assertThat(samplerThreads()).as("the sampler runs while a task does").isEqualTo(1);
        HostSamples handedToSecond = second.leave();

        assertThat(handedToFirst.snapshots()).as("taken at join and every interval since")
                .hasSizeGreaterThanOrEqualTo(3);
        assertThat(handedToSecond.snapshots()).as("at least the final snapshot").isNotEmpty();
        assertThat(handedToSecond.snapshots().get(0).time()).isAfterOrEqualTo(
                handedToFirst.snapshots().get(handedToFirst.snapshots().size() - 1).time());
        assertThat(handedToFirst.host()).isEqualTo("dn1");
        awaitNoSamplerThread();
        assertThat(lockDirectory()).as("the lock file is gone with the sampler").isEmptyDirectory();
    }

    @Test
    void hostsSharingOneTemporaryDirectoryEachSampleThemselvesForTheSameJob() {
        HostSampler.Participation w1 = HostSampler.join("job_6", INTERVAL, CapturedProc.before(), lockDirectory(),
                "w1", Optional.empty());
        HostSampler.Participation w2 = HostSampler.join("job_6", INTERVAL, CapturedProc.before(), lockDirectory(),
                "w2", Optional.empty());

        HostSamples fromW1 = w1.leave();
        HostSamples fromW2 = w2.leave();

        // Each took its first snapshot at join and its last at leave: neither waited for the other's lock.
        assertThat(fromW1.host()).isEqualTo("w1");
        assertThat(fromW1.snapshots()).hasSizeGreaterThanOrEqualTo(2);
        assertThat(fromW1.lockedOutIntervals()).isZero();
        assertThat(fromW2.host()).isEqualTo("w2");
        assertThat(fromW2.snapshots()).hasSizeGreaterThanOrEqualTo(2);
        assertThat(fromW2.lockedOutIntervals()).isZero();
    }

    @Test
    void whileAnotherProcessHoldsTheHostsLockThisOneTakesNoSnapshotsCountsTheIntervalsAndTakesOverWhenItLetsGo()
            throws Exception {
        HostSampler.Participation participation;
        Instant released;
        PrivateDirectory.claim(lockDirectory());
        try (FileChannel other = FileChannel.open(HostSampler.lockFile(lockDirectory(), "job_2", "dn1"),
                StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                FileLock held = other.lock()) {
            participation = join("job_2");
            released = Instant.now();
        }
        Await.until("the sampler to take the freed lock and a snapshot", BOUND,
                () -> participation.snapshotsWaiting() > 0);
        HostSamples samples = participation.leave();

        assertThat(samples.lockedOutIntervals()).as("the first tick at least found the lock held").isPositive();
        assertThat(samples.snapshots()).as("taken once the lock was free").isNotEmpty()
                .allSatisfy(snapshot -> assertThat(snapshot.time()).isAfterOrEqualTo(released));
    }

    @Test
    void aLockDirectoryOfAnotherUserLeavesTheHostUnsampledWithThatReasonAndNothingWrittenInIt() throws IOException {
        OtherUser.assumeRoot();
        Path planted = OtherUser.give(Files.createDirectory(lockDirectory()));

        HostSamples samples = join("job_7").leave();

        assertThat(samples.snapshots()).isEmpty();
        assertThat(samples.unavailableReason()).hasValue("its resource sampler's lock directory " + planted
                + " belongs to nobody, not to root who runs this, so hbench does not use it (remove it)");
        assertThat(planted).isEmptyDirectory();
    }

    @Test
    // On a thread of its own: a sampler blocked opening the FIFO would hold the test's thread beyond interruption.
    @Timeout(value = 20, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aFifoAtTheLockLeavesTheHostUnsampledAtOnceWithThatReason() throws Exception {
        PrivateDirectory.claim(lockDirectory());
        Path lock = HostSampler.lockFile(lockDirectory(), "job_8", "dn1");
        mkfifo(lock);

        HostSamples samples = join("job_8").leave();

        assertThat(samples.snapshots()).isEmpty();
        assertThat(samples.unavailableReason()).hasValue("its resource sampler's lock " + lock
                + " is not a regular file, so hbench does not use it (remove it)");
        assertThat(lock).as("left as found").exists();
    }

    @Test
    void aLockFileOfAnotherUserLeavesTheHostUnsampledWithThatReason() throws IOException {
        OtherUser.assumeRoot();
        PrivateDirectory.claim(lockDirectory());
        Path lock = OtherUser.give(Files.createFile(HostSampler.lockFile(lockDirectory(), "job_14", "dn1")));

        HostSamples samples = join("job_14").leave();

        assertThat(samples.snapshots()).isEmpty();
        assertThat(samples.unavailableReason()).hasValue("its resource sampler's lock " + lock
                + " belongs to nobody, not to root who runs this, so hbench does not use it (remove it)");
    }

    @Test
    void aSymbolicLinkAtTheLockIsNeverFollowed() throws IOException {
        PrivateDirectory.claim(lockDirectory());
        Path lock = HostSampler.lockFile(lockDirectory(), "job_9", "dn1");
        Path target = temp.resolve("chosen-by-another");
        Files.createSymbolicLink(lock, target);

        HostSamples samples = join("job_9").leave();

        assertThat(target).as("nothing created where the link points").doesNotExist();
        assertThat(samples.unavailableReason()).hasValue("its resource sampler's lock " + lock
                + " is not a regular file, so hbench does not use it (remove it)");
        assertThat(Files.isSymbolicLink(lock)).isTrue();
    }

    @Test
    void lockFilesKilledSamplersLeftBehindAreRemovedAndHeldOnesKept() throws Exception {
        PrivateDirectory.claim(lockDirectory());
        Path leftBehind = Files.createFile(HostSampler.lockFile(lockDirectory(), "job_10", "dn1"));
        Path held = Files.createFile(HostSampler.lockFile(lockDirectory(), "job_11", "dn1"));
        FileTime longAgo = FileTime.from(Instant.now().minus(HostSampler.STALE_AFTER).minusSeconds(60));
        Files.setLastModifiedTime(leftBehind, longAgo);
        Files.setLastModifiedTime(held, longAgo);
        Path recent = Files.createFile(HostSampler.lockFile(lockDirectory(), "job_12", "dn1"));

        try (FileChannel other = FileChannel.open(held, StandardOpenOption.WRITE); FileLock lock = other.lock()) {
            join("job_13").leave();
        }

        assertThat(leftBehind).doesNotExist();
        assertThat(held).exists();
        assertThat(recent).as("a sampler may be about to lock it").exists();
    }

    @Test
    void aHostWithoutCountersIsHandedOverAsUnavailable(@TempDir Path noProc) {
        HostSamples samples = HostSampler.join("job_3", INTERVAL, new ProcCounters(noProc), lockDirectory(), "mac",
                Optional.empty()).leave();

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
        return HostSampler.join(job, INTERVAL, CapturedProc.before(), lockDirectory(), "dn1", Optional.empty());
    }

    private static void mkfifo(Path path) throws IOException, InterruptedException {
        Process mkfifo = new ProcessBuilder("mkfifo", path.toString()).inheritIO().start();
        assertThat(mkfifo.waitFor()).isZero();
    }

    private static long samplerThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(thread -> thread.getName().equals("hbench resource sampler") && thread.isAlive()).count();
    }

    private static void awaitNoSamplerThread() throws Exception {
        Await.until("the sampler's thread to end", BOUND, () -> samplerThreads() == 0);
    }
}
