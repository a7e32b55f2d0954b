package io.hbench.nnthroughput;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbench.load.Schedule;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** How a run's load divides among its clients: exact shares, rates, seeds, directories and starts. */
class ClientShareTest {
    private static NnOptions run(Schedule.Arrivals arrivals) {
        return NnOptions.builder(NnOperation.CREATE).files(10).threads(4).warmup(5).rate(300).arrivals(arrivals)
                .seed(42).baseDirName("/b").build();
    }

    @Test
    void eachClientTakesItsShareOfTheWorkAndAThirdOfTheRateWithTheRunsPool() {
        List<Integer> files = new ArrayList<>();
        List<Integer> warmups = new ArrayList<>();
        for (int client = 0; client < 3; client++) {
            NnOptions share = new ClientShare(run(Schedule.Arrivals.FIXED), client, 3).options();
            files.add(share.files());
            warmups.add(share.warmup());
            assertThat(share.rate()).hasValue(100.0);
            assertThat(share.threads()).isEqualTo(4);
            assertThat(share.baseDirName()).isEqualTo("/b/w" + client);
        }
        assertThat(files).containsExactly(4, 3, 3);
        assertThat(warmups).containsExactly(2, 2, 1);
    }

    @Test
    void everyClientDrawsItsGapsFromASeedOfItsOwnDerivedFromTheRuns() {
        List<Long> seeds = new ArrayList<>();
        for (int client = 0; client < 3; client++) {
            seeds.add(new ClientShare(run(Schedule.Arrivals.POISSON), client, 3).options().seed());
        }
        assertThat(seeds).doesNotHaveDuplicates().doesNotContain(42L)
                .containsExactly(ClientShare.seed(42, 0), ClientShare.seed(42, 1), ClientShare.seed(42, 2));
        assertThat(new ClientShare(run(Schedule.Arrivals.POISSON), 1, 3).options().seed())
                .as("the same run gives the same seeds").isEqualTo(seeds.get(1));
    }

    @Test
    void fixedArrivalsInterleaveTheClientsOneGapApartPoissonOnesStartTogether() {
        long[] fixed = new long[3];
        for (int client = 0; client < 3; client++) {
            fixed[client] = new ClientShare(run(Schedule.Arrivals.FIXED), client, 3).startOffsetNanos();
            assertThat(new ClientShare(run(Schedule.Arrivals.POISSON), client, 3).startOffsetNanos()).isZero();
        }
        // 1/300 s apart: client i's operations fall between the others', as one process's would.
        assertThat(fixed).containsExactly(0, 3_333_333, 6_666_667);
    }

    @Test
    void mkdirsSharesItsDirectoriesAndLeavesFilesAlone() {
        NnOptions run = NnOptions.builder(NnOperation.MKDIRS).dirs(7).rate(70).seed(1).build();

        NnOptions last = new ClientShare(run, 1, 2).options();

        assertThat(last.dirs()).isEqualTo(3);
        assertThat(last.given()).doesNotContain(NnOption.FILES, NnOption.WARMUP);
    }

    @Test
    void aMixKeepsItsWeightsInEveryClientsShare() {
        NnOptions run = NnOptions.builder(NnOperation.MIX).mix(Map.of(NnOperation.OPEN, 3, NnOperation.CREATE, 1))
                .files(8).rate(80).build();

        NnOptions share = new ClientShare(run, 1, 2).options();

        assertThat(share.mix()).isEqualTo(run.mix());
        assertThat(share.files()).isEqualTo(4);
    }
}
