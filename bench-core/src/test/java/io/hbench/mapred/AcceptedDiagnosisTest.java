package io.hbench.mapred;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The diagnostics as Hadoop 3.4's schedulers write them into an ACCEPTED application's report. */
class AcceptedDiagnosisTest {
    private static final String DETAILS = " Details : AM Partition = <DEFAULT_PARTITION>; AM Resource Request ="
            + " <memory:512, vCores:1>; Queue Resource Limit for AM = <memory:512, vCores:1>; User AM Resource Limit of"
            + " the queue = <memory:384, vCores:1>; Queue AM Resource Usage = <memory:128, vCores:1>; ";

    @Test
    void namesTheQueuesShareForApplicationMastersWithItsFiguresAndTheSettingToChange() {
        AcceptedDiagnosis diagnosis = AcceptedDiagnosis.of("[Thu Nov 26 10:50:01 +0000 2026] Application is added to"
                + " the scheduler and is not yet activated. Queue's AM resource limit exceeded. " + DETAILS);

        assertThat(diagnosis.cause()).isEqualTo(AcceptedDiagnosis.Cause.QUEUE_AM_LIMIT);
        assertThat(diagnosis.heldByAmShare()).isTrue();
        assertThat(diagnosis.why()).isEqualTo("the queue's share for ApplicationMasters is taken (its ApplicationMaster"
                + " asks 512 MB, the limit is 512 MB, 128 MB is in use)");
        assertThat(diagnosis.remedy()).hasValue("raise yarn.scheduler.capacity.maximum-am-resource-percent (0.1 by"
                + " default) or lower yarn.app.mapreduce.am.resource.mb");
    }

    @Test
    void tellsWhetherFreeingPartOfTheQueuesShareLetsTheApplicationIn() {
        AcceptedDiagnosis diagnosis = AcceptedDiagnosis.of("Queue's AM resource limit exceeded.  Details : AM Resource"
                + " Request = <memory:512, vCores:1>; Queue Resource Limit for AM = <memory:896, vCores:1>; Queue AM"
                + " Resource Usage = <memory:640, vCores:1>; ");

        // 640 - 128 + 512 = 1024 MB, over the limit; 640 - 256 + 512 = 896 MB, at it; all 640 MB freed, the first.
        assertThat(diagnosis.letInWithout(128)).isFalse();
        assertThat(diagnosis.letInWithout(256)).isTrue();
        assertThat(diagnosis.letInWithout(640)).isTrue();
    }

    @Test
    void mayBeLetInByFreeingTheShareWhereTheFiguresAreNotGiven() {
        AcceptedDiagnosis user = AcceptedDiagnosis.of("User's AM resource limit exceeded. " + DETAILS);
        AcceptedDiagnosis bare = AcceptedDiagnosis.of("Queue's AM resource limit exceeded.");

        assertThat(user.letInWithout(1)).isTrue();
        assertThat(bare.letInWithout(1)).isTrue();
    }

    @Test
    void namesTheUsersPartOfTheShareWithTheUsersLimit() {
        AcceptedDiagnosis diagnosis = AcceptedDiagnosis.of("[Thu Nov 26 10:50:01 +0000 2026] Application is added to"
                + " the scheduler and is not yet activated. User's AM resource limit exceeded. " + DETAILS);

        assertThat(diagnosis.cause()).isEqualTo(AcceptedDiagnosis.Cause.USER_AM_LIMIT);
        assertThat(diagnosis.heldByAmShare()).isTrue();
        assertThat(diagnosis.why()).isEqualTo("the user's part of the queue's share for ApplicationMasters is taken"
                + " (its ApplicationMaster asks 512 MB, the limit is 384 MB)");
        assertThat(diagnosis.remedy()).hasValueSatisfying(remedy -> assertThat(remedy).contains("user-limit-factor"));
    }

    @Test
    void namesTheFairSchedulersMaxAmShare() {
        AcceptedDiagnosis diagnosis = AcceptedDiagnosis.of("[Thu Nov 26 10:50:01 +0000 2026] Application is added to"
                + " the scheduler and is not yet activated.  (Resource request: <memory:1536, vCores:1> exceeds maximum"
                + " AM resource allowed).");

        assertThat(diagnosis.cause()).isEqualTo(AcceptedDiagnosis.Cause.FAIR_AM_SHARE);
        assertThat(diagnosis.heldByAmShare()).isTrue();
        assertThat(diagnosis.why()).isEqualTo("the queue's share for ApplicationMasters is taken (its ApplicationMaster"
                + " asks 1536 MB)");
        assertThat(diagnosis.remedy()).hasValue("raise the queue's maxAMShare in the FairScheduler's allocation file"
                + " (0.5 by default) or lower yarn.app.mapreduce.am.resource.mb");
    }

    @Test
    void tellsAnActivatedApplicationWithoutRoomFromOneHeldByTheShare() {
        AcceptedDiagnosis diagnosis = AcceptedDiagnosis.of("[Thu Nov 26 10:50:01 +0000 2026] Application is"
                + " Activated, waiting for resources to be assigned for AM. " + DETAILS);

        assertThat(diagnosis.cause()).isEqualTo(AcceptedDiagnosis.Cause.NO_ROOM_FOR_AM);
        assertThat(diagnosis.heldByAmShare()).isFalse();
        assertThat(diagnosis.why()).isEqualTo("no node has room for its ApplicationMaster (512 MB)");
    }

    @Test
    void saysAnApplicationMasterThatIsStartingIsHeldByNothing() {
        AcceptedDiagnosis launched = AcceptedDiagnosis.of("[Thu Nov 26 10:50:01 +0000 2026] AM container is launched,"
                + " waiting for AM container to Register with RM");
        AcceptedDiagnosis assigned = AcceptedDiagnosis.of("[Thu Nov 26 10:50:01 +0000 2026] Scheduler has assigned a"
                + " container for AM, waiting for AM container to be launched");

        assertThat(launched.cause()).isEqualTo(AcceptedDiagnosis.Cause.AM_STARTING);
        assertThat(launched.why()).isEqualTo("its ApplicationMaster has started and not registered yet (a loaded node"
                + " starts it slowly)");
        assertThat(launched.remedy()).isEmpty();
        assertThat(assigned.cause()).isEqualTo(AcceptedDiagnosis.Cause.AM_STARTING);
        assertThat(assigned.why()).isEqualTo("its ApplicationMaster has a container, which has not started yet");
    }

    @Test
    void namesAClusterWithoutNodeManagers() {
        AcceptedDiagnosis diagnosis = AcceptedDiagnosis.of("[Thu Nov 26 10:50:01 +0000 2026] Application is added to"
                + " the scheduler and is not yet activated. Skipping AM assignment as cluster resource is empty. "
                + DETAILS);

        assertThat(diagnosis.cause()).isEqualTo(AcceptedDiagnosis.Cause.NO_NODES);
        assertThat(diagnosis.why()).isEqualTo("the cluster has no running NodeManager");
    }

    @Test
    void quotesTheFirstLineOfWhatItDoesNotKnowAndSaysWhenNothingWasSaid() {
        AcceptedDiagnosis unknown = AcceptedDiagnosis.of("  Something new.\nSecond line");
        AcceptedDiagnosis empty = AcceptedDiagnosis.of("");

        assertThat(unknown.cause()).isEqualTo(AcceptedDiagnosis.Cause.UNKNOWN);
        assertThat(unknown.why()).isEqualTo("YARN says: Something new.");
        assertThat(unknown.remedy()).isEmpty();
        assertThat(empty.why()).isEqualTo("YARN gives no reason");
    }
}
