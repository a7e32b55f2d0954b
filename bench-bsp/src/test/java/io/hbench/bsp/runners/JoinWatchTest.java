package io.hbench.bsp.runners;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The join deadline of a BSP job on YARN, on a clock the test moves (seconds since submission) and task states it
 * makes up: the peers wait as long as YARN makes progress, and the job fails once a started peer is late or YARN has
 * started nothing for the timeout.
 */
class JoinWatchTest {
    private static final String AT = "10.0.0.1:4000";
    private static final JoinWatch.Containers AM_WAITS = new JoinWatch.Containers(JoinWatch.ApplicationMaster.WAITING,
            0, "");
    private static final JoinWatch.Containers AM_STARTS = new JoinWatch.Containers(
            JoinWatch.ApplicationMaster.STARTING, 0, "");

    private static JoinWatch watch() {
        return new JoinWatch(AT, 4, Duration.ofSeconds(60), 0);
    }

    private static long s(long seconds) {
        return Duration.ofSeconds(seconds).toNanos();
    }

    private static JoinWatch.Containers started(int containers) {
        return new JoinWatch.Containers(JoinWatch.ApplicationMaster.RUNNING, containers, "");
    }

    @Test
    void peersWaitAsLongAsYarnStartsContainersWhateverTheTimeout() {
        JoinWatch joins = watch();

        assertThat(joins.observe(s(50), Set.of(), AM_WAITS).failure()).isEmpty();
        assertThat(joins.observe(s(55), Set.of(), AM_STARTS).failure()).isEmpty();
        assertThat(joins.observe(s(100), Set.of(), started(0)).failure()).isEmpty();
        assertThat(joins.observe(s(150), Set.of(), started(2)).failure()).isEmpty();
        assertThat(joins.observe(s(200), Set.of(0, 3), started(2)).failure()).isEmpty();
        assertThat(joins.observe(s(255), Set.of(0, 3), started(4)).failure()).isEmpty();
        assertThat(joins.observe(s(300), Set.of(0, 1, 2, 3), started(4)).failure()).isEmpty();
    }

    @Test
    void aStartedPeerThatHasNotJoinedWithinTheTimeoutOfItsStartFailsTheJob() {
        JoinWatch joins = watch();
        joins.observe(s(10), Set.of(), started(4));
        joins.observe(s(30), Set.of(0, 1, 3), started(4));

        assertThat(joins.observe(s(69), Set.of(0, 1, 3), started(4)).failure()).isEmpty();
        assertThat(joins.observe(s(70), Set.of(0, 1, 3), started(4)).failure()).contains("only 3 of 4 peers joined the"
                + " BSP coordinator at 10.0.0.1:4000: YARN started 4 of their containers 60 s ago or more (missing:"
                + " peer 2)");
    }

    @Test
    void eachPeerHasTheTimeoutFromItsOwnContainersStartNotFromTheSubmission() {
        JoinWatch joins = watch();
        joins.observe(s(10), Set.of(), started(2));
        joins.observe(s(40), Set.of(1, 2), started(2));
        joins.observe(s(90), Set.of(1, 2), started(4));

        assertThat(joins.observe(s(149), Set.of(1, 2, 0), started(4)).failure()).isEmpty();
        assertThat(joins.observe(s(150), Set.of(1, 2, 0), started(4)).failure()).contains("only 3 of 4 peers joined"
                + " the BSP coordinator at 10.0.0.1:4000: YARN started 4 of their containers 60 s ago or more (missing:"
                + " peer 3)");
    }

    @Test
    void anApplicationMasterThatYarnDoesNotPlaceWithinTheTimeoutFailsTheJobWithYarnsReason() {
        JoinWatch joins = watch();
        JoinWatch.Containers noRoom = new JoinWatch.Containers(JoinWatch.ApplicationMaster.WAITING, 0,
                " Application is added to the scheduler and is not yet activated. Queue's AM resource limit exceeded. ");

        assertThat(joins.observe(s(59), Set.of(), noRoom).failure()).isEmpty();
        assertThat(joins.observe(s(60), Set.of(), noRoom).failure()).contains("only 0 of 4 peers joined the BSP"
                + " coordinator at 10.0.0.1:4000: the job's ApplicationMaster still waits for a container, and YARN has"
                + " started none in 60 s (YARN: Application is added to the scheduler and is not yet activated."
                + " Queue's AM resource limit exceeded.) (missing: peers 0, 1, 2, 3)");
    }

    @Test
    void anApplicationMasterWhoseContainerStartedIsProgressForAsLongAsYarnGivesItToStart() {
        JoinWatch joins = watch();
        assertThat(joins.observe(s(30), Set.of(), AM_STARTS).progress())
                .contains("0 of 4 peers joined; YARN is starting the job's ApplicationMaster");

        assertThat(joins.observe(s(500), Set.of(), AM_STARTS).failure()).isEmpty();
        assertThat(joins.observe(s(501), Set.of(), started(0)).failure()).isEmpty();
        assertThat(joins.observe(s(561), Set.of(), started(0)).failure()).hasValueSatisfying(line ->
                assertThat(line).contains("4 peers still wait for a container, and YARN has started none in 60 s"));
    }

    @Test
    void peersThatWaitForAContainerFailTheJobOnlyWhenYarnHasMadeNoProgressForTheTimeout() {
        JoinWatch joins = watch();
        joins.observe(s(30), Set.of(), started(0));
        joins.observe(s(50), Set.of(), started(2));
        joins.observe(s(70), Set.of(0, 1), started(2));

        assertThat(joins.observe(s(129), Set.of(0, 1), started(2)).failure()).isEmpty();
        assertThat(joins.observe(s(130), Set.of(0, 1), started(2)).failure()).contains("only 2 of 4 peers joined the"
                + " BSP coordinator at 10.0.0.1:4000: 2 peers still wait for a container, and YARN has started none"
                + " in 60 s (missing: peers 2, 3)");
    }

    @Test
    void progressIsToldWhenItChangesAtMostEveryThreeSecondsAndAgainEveryTen() {
        JoinWatch joins = watch();

        assertThat(joins.observe(s(1), Set.of(), AM_WAITS).progress()).isEmpty();
        assertThat(joins.observe(s(3), Set.of(), AM_WAITS).progress())
                .contains("0 of 4 peers joined; the job's ApplicationMaster is waiting for a container");
        assertThat(joins.observe(s(4), Set.of(), started(2)).progress()).as("1 s after the last").isEmpty();
        assertThat(joins.observe(s(6), Set.of(), started(2)).progress())
                .contains("0 of 4 peers joined; YARN is starting 2 more, and 2 more are waiting for a container");
        assertThat(joins.observe(s(9), Set.of(), started(2)).progress()).as("unchanged").isEmpty();
        assertThat(joins.observe(s(16), Set.of(), started(2)).progress())
                .contains("0 of 4 peers joined; YARN is starting 2 more, and 2 more are waiting for a container");
        assertThat(joins.observe(s(20), Set.of(2, 3), started(2)).progress())
                .contains("2 of 4 peers joined; 2 more are waiting for a container");
        assertThat(joins.observe(s(24), Set.of(2, 3), started(4)).progress())
                .contains("2 of 4 peers joined; YARN is starting 2 more");
        assertThat(joins.observe(s(40), Set.of(0, 1, 2, 3), started(4)).progress()).as("all joined: the program runs")
                .isEmpty();
    }

    @Test
    void aPeerThatJoinedBeforeItsTaskWasSeenStartedCountsAsStarted() {
        JoinWatch joins = watch();

        JoinWatch.Verdict verdict = joins.observe(s(5), Set.of(0), started(0));

        assertThat(verdict.progress()).contains("1 of 4 peers joined; 3 more are waiting for a container");
        assertThat(joins.observe(s(64), Set.of(0), started(1)).failure()).isEmpty();
        assertThat(joins.observe(s(65), Set.of(0), started(1)).failure()).as("no progress since the join at 5 s")
                .hasValueSatisfying(line -> assertThat(line).contains("3 peers still wait for a container"));
    }
}
