package io.hbench.resources;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class GivingWayTest {
    private static final long SUBMITTED = 1_764_150_000_000L;
    private static final String SAMPLER = "application_1764150000000_0001";
    private static final String JOB = "application_1764150000000_0002";
    /** Only the sampler's master holds a share too small for the job's: the queue's first application starts. */
    private static final String QUEUE_AM_LIMIT = queueAmLimit(512, 512, 128);
    private static final String NO_ROOM = "[Thu Nov 26 10:50:01 +0000 2026] Application is Activated, waiting for"
            + " resources to be assigned for AM.  Details : AM Partition = <DEFAULT_PARTITION>; AM Resource Request ="
            + " <memory:512, vCores:1>; ";

    /** The scheduler's smallest allocation, which YARN counts for the sampler's unmanaged master. */
    private static final long SAMPLER_SHARE_MB = 128;

    private final GivingWay givingWay = new GivingWay(new GivingWay.Application(SAMPLER, "alice", "default",
            SUBMITTED, ""), SAMPLER_SHARE_MB);

    /** The queue's share for ApplicationMasters taken, with the figures the CapacityScheduler gives. */
    private static String queueAmLimit(long requestMb, long limitMb, long usageMb) {
        return "[Thu Nov 26 10:50:01 +0000 2026] Application is added to the scheduler and is not yet activated."
                + " Queue's AM resource limit exceeded.  Details : AM Partition = <DEFAULT_PARTITION>; AM Resource"
                + " Request = <memory:" + requestMb + ", vCores:1>; Queue Resource Limit for AM = <memory:" + limitMb
                + ", vCores:1>; User AM Resource Limit of the queue = <memory:" + limitMb + ", vCores:1>; Queue AM"
                + " Resource Usage = <memory:" + usageMb + ", vCores:1>; ";
    }

    private static GivingWay.Application job(String user, String queue, long submitted, String diagnostics) {
        return new GivingWay.Application(JOB, user, queue, submitted, diagnostics);
    }

    @Test
    void givesWayAtOnceToALaterJobOfItsUserThatTheQueuesShareForApplicationMastersHolds() {
        Optional<GivingWay.Decision> decision = givingWay.decide(List.of(job("alice", "default", SUBMITTED + 4000,
                QUEUE_AM_LIMIT)), 0);

        assertThat(decision).isPresent();
        assertThat(decision.get().application).isEqualTo(JOB);
        assertThat(decision.get().hostReason()).isEqualTo("the resource sampler gave way to " + JOB + ", which YARN"
                + " held in ACCEPTED: the queue's share for ApplicationMasters is taken (its ApplicationMaster asks 512"
                + " MB, the limit is 512 MB, 128 MB is in use)");
        assertThat(decision.get().line()).isEqualTo("hbench: resource sampler: gave way to " + JOB + ", which YARN"
                + " held in ACCEPTED: the queue's share for ApplicationMasters is taken (its ApplicationMaster asks 512"
                + " MB, the limit is 512 MB, 128 MB is in use); the run goes on unsampled (raise"
                + " yarn.scheduler.capacity.maximum-am-resource-percent (0.1 by default) or lower"
                + " yarn.app.mapreduce.am.resource.mb to sample it as well)");
    }

    @Test
    void givesWayWhenTheSamplersPartOfTheShareIsWhatKeepsTheJobOut() {
        assertThat(givingWay.decide(List.of(job("alice", "default", SUBMITTED + 4000, queueAmLimit(512, 896, 512))),
                0)).isPresent();
    }

    @Test
    void waitsWhileAnotherMasterHoldsTheShareAsTheLastJobOfAChainDoesUntilItEnds() {
        // Seen in a TPCx-HS run on YARN: HSSort submitted while HSGen's master (512 MB) still counted beside the
        // sampler's 128 MB; without the sampler, 512 + 512 MB would still exceed the 896 MB limit.
        assertThat(givingWay.decide(List.of(job("alice", "default", SUBMITTED + 4000, queueAmLimit(512, 896, 640))),
                0)).isEmpty();
        assertThat(givingWay.decide(List.of(job("alice", "default", SUBMITTED + 4000, queueAmLimit(512, 896, 640))),
                GivingWay.NO_ROOM_BOUND.toMillis() * 10)).isEmpty();
    }

    @Test
    void leavesAloneOtherUsersOtherQueuesEarlierApplicationsAndItself() {
        assertThat(givingWay.decide(List.of(
                job("bob", "default", SUBMITTED + 4000, QUEUE_AM_LIMIT),
                job("alice", "etl", SUBMITTED + 4000, QUEUE_AM_LIMIT),
                job("alice", "default", SUBMITTED - 1, QUEUE_AM_LIMIT),
                new GivingWay.Application(SAMPLER, "alice", "default", SUBMITTED, QUEUE_AM_LIMIT)), 0)).isEmpty();
    }

    @Test
    void givesWayToAJobWithoutRoomForItsApplicationMasterOnlyAfterTheBound() {
        List<GivingWay.Application> waiting = List.of(job("alice", "default", SUBMITTED + 4000, NO_ROOM));
        long seen = 1_000_000;

        assertThat(givingWay.decide(waiting, seen)).isEmpty();
        assertThat(givingWay.decide(waiting, seen + GivingWay.NO_ROOM_BOUND.toMillis() - 1)).isEmpty();
        Optional<GivingWay.Decision> decision = givingWay.decide(waiting, seen + GivingWay.NO_ROOM_BOUND.toMillis());

        assertThat(decision).isPresent();
        assertThat(decision.get().line()).isEqualTo("hbench: resource sampler: gave way to " + JOB + ", which YARN"
                + " held in ACCEPTED: no node has room for its ApplicationMaster (512 MB); the run goes on unsampled");
    }

    @Test
    void aJobThatFoundRoomAndLostItAgainStartsTheBoundAfresh() {
        List<GivingWay.Application> withoutRoom = List.of(job("alice", "default", SUBMITTED + 4000, NO_ROOM));
        List<GivingWay.Application> other = List.of(job("alice", "default", SUBMITTED + 4000, "something else"));

        givingWay.decide(withoutRoom, 0);
        givingWay.decide(other, 20_000);

        assertThat(givingWay.decide(withoutRoom, 40_000)).isEmpty();
        assertThat(givingWay.decide(withoutRoom, 70_000)).isPresent();
    }
}
