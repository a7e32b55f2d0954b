package io.hbench.bsp.ebb;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class EbbPatternTest {
    @Test
    void everyRoundIsAPerfectMatchingOfThePeers() {
        Random random = new Random(9);
        for (int round = 0; round < 100; round++) {
            int[] partner = EbbPattern.EBB.nextMatching(8, random);
            for (int peer = 0; peer < 8; peer++) {
                assertThat(partner[peer]).isNotEqualTo(peer);
                assertThat(partner[partner[peer]]).isEqualTo(peer);
            }
        }
    }

    @Test
    void theSameSeedGivesEveryPeerTheSameMatchingsAndRoundsDiffer() {
        Random first = new Random(5);
        Random second = new Random(5);
        Set<String> distinct = new HashSet<>();
        for (int round = 0; round < 20; round++) {
            int[] matching = EbbPattern.EBB.nextMatching(6, first);
            assertThat(EbbPattern.EBB.nextMatching(6, second)).isEqualTo(matching);
            distinct.add(Arrays.toString(matching));
        }
        assertThat(distinct).hasSizeGreaterThan(1);
    }

    @Test
    void ringSendsToTheNextAndReceivesFromThePrevious() {
        assertThat(EbbPattern.RING.destinations(2, 3, null)).containsExactly(0);
        assertThat(EbbPattern.RING.sources(0, 3, null)).containsExactly(2);
        assertThat(EbbPattern.RING.nextMatching(3, new Random(1))).isNull();
    }

    @Test
    void alltoallExchangesWithEveryOtherPeer() {
        assertThat(EbbPattern.ALLTOALL.destinations(1, 4, null)).containsExactly(0, 2, 3);
        assertThat(EbbPattern.ALLTOALL.sources(1, 4, null)).containsExactly(0, 2, 3);
    }
}
