package io.hbench.report.suite;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbench.findings.Finding;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The fitness rule of docs/findings.md, case by case, on hand-made steps and findings. */
class FitnessTest {
    private static final Finding NONE_SLOW = slowHostFinding(Optional.empty(), "none",
            "none among the 4 hosts, by the throughput of their 8 tasks");
    private static final Finding NOT_JUDGED = slowHostFinding(Optional.empty(), "not judged",
            "not judged: the tasks ran on 2 hosts, and it takes 3 to tell one apart");
    private static final Finding W3_SLOW = slowHostFinding(Optional.of("w3"), "w3",
            "w3: median throughput 2.000 MiB/s against 10.000 MiB/s on the median host (0.20 times the median)");
    private static final Finding CPU_LIMIT = new Finding(Finding.Kind.LIMIT, Optional.empty(), "CPU",
            "held back by CPU on w1 (97 % busy), on average while sampled");
    /** Worded as another engineer's finding may be: the rule reads the flag, not the words. */
    private static final Finding OTHER_LOAD = new Finding(Finding.Kind.LIMIT, Optional.of("w1"), "CPU (others)",
            "held back by CPU: 97 % busy, of which hbench's tasks 31 %").withOtherLoad();

    @Test
    void fitWhenEveryStepPassedAndNoHostIsSlowInTheStepsOnThreeOrMoreHosts() {
        assertThat(Fitness.verdict(List.of(passed("dfsio-write", NONE_SLOW, CPU_LIMIT), passed("ebb", NONE_SLOW),
                passed("nn-create"), passed("randbench", NOT_JUDGED))))
                .isEqualTo("Fit: no host stands out as slow in the 2 steps that ran on 3 or more hosts.");
    }

    @Test
    void aFitVerdictSaysWhichReadsCameFromThePageCache() {
        Finding cached = new Finding(Finding.Kind.CACHED_READ, Optional.empty(), "page cache",
                "read from the DataNodes' page cache: 2.1 % of 8.000 GiB came from disk; the figure is memory, not"
                        + " disk bandwidth; write at least 2x the sampled hosts' 96.000 GiB of memory for a disk figure");

        assertThat(Fitness.verdict(List.of(passed("dfsio-write", NONE_SLOW), passed("dfsio-read", NONE_SLOW, cached))))
                .isEqualTo("Fit: no host stands out as slow in the 2 steps that ran on 3 or more hosts. But dfsio-read"
                        + " read from the DataNodes' page cache: its figure is memory's, not the disks' (see the"
                        + " findings below).");
        assertThat(Fitness.verdict(List.of(passed("dfsio-read", W3_SLOW, cached))))
                .isEqualTo("Not fit: slow host w3 in dfsio-read (see the findings below).");
    }

    @Test
    void notFitNamesEverySlowHostAndTheStepsItWasSlowIn() {
        Finding dn2Disks = slowHostFinding(Optional.of("dn2"), "dn2 (disks)",
                "dn2: disk requests took 40 ms on average (await), against 10 ms, the median of the 4 sampled hosts");

        assertThat(Fitness.verdict(List.of(passed("dfsio-write", W3_SLOW), passed("tpcx-hs", W3_SLOW, dn2Disks),
                passed("ebb", NONE_SLOW))))
                .isEqualTo("Not fit: slow host w3 in dfsio-write, tpcx-hs; slow host dn2 in tpcx-hs (see the findings"
                        + " below).");
    }

    @Test
    void aSlowDataNodeMakesTheClusterNotFitByItsName() {
        Finding slowDataNode = new Finding(Finding.Kind.SLOW_DATANODE, Optional.of("w2"), "w2:9866",
                "w2:9866 (blocks through it took 4.8x the median; 23 of 24 slow blocks had it in their pipeline)");

        assertThat(Fitness.verdict(List.of(passed("dfsio-write", NONE_SLOW, slowDataNode), passed("ebb", NONE_SLOW))))
                .isEqualTo("Not fit: slow DataNode w2:9866 in dfsio-write (see the findings below).");
    }

    @Test
    void aSlowHostMakesTheClusterNotFitEvenWhenAnotherStepFailed() {
        assertThat(Fitness.verdict(List.of(passed("dfsio-write", W3_SLOW), failed("tpcx-hs"))))
                .startsWith("Not fit: slow host w3 in dfsio-write");
    }

    @Test
    void dataAStoreKeptAfterARemovalMakesTheClusterNotFitWhateverElseHeld() {
        Finding leftover = new Finding(Finding.Kind.LEFTOVER, Optional.empty(), "9 entries left",
                "9 entries left under s3a://b/meta/mkdirs after removing it: the store kept them");

        assertThat(Fitness.verdict(List.of(passed("dfsio-write", NONE_SLOW), passed("fs-metadata", leftover))))
                .isEqualTo("Not fit: the file system kept data hbench removed in fs-metadata (see the findings"
                        + " below).");
        assertThat(Fitness.verdict(List.of(passed("dfsio-write", W3_SLOW, OTHER_LOAD), passed("fs-metadata", leftover),
                failed("tpcx-hs"))))
                .isEqualTo("Not fit: the file system kept data hbench removed in fs-metadata; slow host w3 in"
                        + " dfsio-write (see the findings below).");
    }

    @Test
    void otherLoadGivesNoFitnessVerdictEvenWithASlowHost() {
        assertThat(Fitness.verdict(List.of(passed("dfsio-write", W3_SLOW, OTHER_LOAD), passed("ebb", NONE_SLOW),
                passed("randbench", NONE_SLOW, OTHER_LOAD))))
                .isEqualTo("No fitness verdict: load that is not hbench's held back dfsio-write, randbench (see the"
                        + " findings below), so the figures show what the cluster gave beside it, not what it can do.");
    }

    @Test
    void aStepThatDidNotPassGivesNoFitnessVerdictWhenNoHostIsSlow() {
        assertThat(Fitness.verdict(List.of(passed("dfsio-write", NONE_SLOW), failed("tpcx-hs"))))
                .isEqualTo("No fitness verdict: a step did not pass, so the suite lacks its figures.");
        assertThat(Fitness.verdict(List.of(failed("dfsio-write"), failed("tpcx-hs"))))
                .isEqualTo("No fitness verdict: 2 steps did not pass, so the suite lacks their figures.");
    }

    @Test
    void fewerThanThreeHostsInEveryStepGiveNoFitnessVerdict() {
        assertThat(Fitness.verdict(List.of(passed("dfsio-write", NOT_JUDGED, CPU_LIMIT), passed("ebb", NOT_JUDGED),
                passed("dfsio-clean"))))
                .isEqualTo("No fitness verdict: no step ran on 3 or more hosts, and it takes 3 to tell a slow host"
                        + " apart.");
    }

    @Test
    void theOtherLoadFlagIsPartOfAFindingAndOffByDefault() {
        assertThat(CPU_LIMIT.otherLoad()).isFalse();
        assertThat(OTHER_LOAD.otherLoad()).isTrue();
        assertThat(OTHER_LOAD).isNotEqualTo(new Finding(OTHER_LOAD.kind(), OTHER_LOAD.host(), OTHER_LOAD.brief(),
                OTHER_LOAD.text()));
    }

    private static Finding slowHostFinding(Optional<String> host, String brief, String text) {
        return new Finding(Finding.Kind.SLOW_HOST, host, brief, text);
    }

    private static SuiteOverview.Step passed(String id, Finding... findings) {
        return new SuiteOverview.Step(new StepRecord(id, StepRecord.Status.PASSED, 0, 10), Optional.empty(),
                Optional.empty(), List.of(findings));
    }

    private static SuiteOverview.Step failed(String id) {
        return new SuiteOverview.Step(new StepRecord(id, StepRecord.Status.FAILED, 1, 10), Optional.empty(),
                Optional.empty(), List.of());
    }
}
