package io.hbench.findings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.hbench.result.Better;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SlowHostRuleTest {
    @Test
    void namesTheHostFarBelowTheOthersWithItsRelativeSpeed() {
        // Median 100; deviations 0, 1, 2, 2, 50: MAD 2; e's score 0.6745 * -50 / 2 = -16.9, beyond -3.5.
        List<SlowHost> slow = SlowHostRule.apply(one("a", 100, "b", 102, "c", 98, "d", 101, "e", 50), Better.HIGHER);

        assertThat(slow).extracting(SlowHost::host).containsExactly("e");
        assertThat(slow.get(0).relativeSpeed()).isEqualTo(0.5);
        assertThat(slow.get(0).hostMedian()).contains(50.0);
        assertThat(slow.get(0).allMedian()).contains(100.0);
        assertThat(slow.get(0).observations()).isEqualTo(1);
        assertThat(slow.get(0).slowObservations()).isEqualTo(1);
    }

    @Test
    void leavesAHostWithinTheSpreadOfTheOthersAlone() {
        // Median 100; deviations 0, 10, 10, 20, 30: MAD 10; e's score 0.6745 * -30 / 10 = -2.0: within 3.5.
        assertThat(SlowHostRule.apply(one("a", 100, "b", 110, "c", 90, "d", 120, "e", 70), Better.HIGHER)).isEmpty();
    }

    @Test
    void needsTheShortfallAsWellAsTheScore() {
        // MAD 0.1, so 97 scores -20, but it is only 3 % slower: nothing an operator would act on.
        assertThat(SlowHostRule.apply(one("a", 100, "b", 100.1, "c", 99.9, "d", 100.05, "e", 97), Better.HIGHER))
                .isEmpty();
    }

    @Test
    void withAllOthersEqualTheShortfallAloneDecides() {
        assertThat(SlowHostRule.apply(one("a", 100, "b", 100, "c", 100, "d", 100, "e", 85), Better.HIGHER))
                .extracting(SlowHost::host).containsExactly("e");
        assertThat(SlowHostRule.apply(one("a", 100, "b", 100, "c", 100, "d", 100, "e", 95), Better.HIGHER)).isEmpty();
    }

    @Test
    void judgesNothingAmongTwoHosts() {
        assertThat(SlowHostRule.apply(one("a", 100, "b", 10), Better.HIGHER)).isEmpty();
    }

    @Test
    void readsALongerTimeAsSlower() {
        // Speeds relative to the median: 1, 1, 0.952, 1.053, 0.5; MAD 0.048; e scores -7.
        List<SlowHost> slow = SlowHostRule.apply(one("a", 10, "b", 10, "c", 10.5, "d", 9.5, "e", 20), Better.LOWER);

        assertThat(slow).extracting(SlowHost::host).containsExactly("e");
        assertThat(slow.get(0).relativeSpeed()).isCloseTo(0.5, within(1e-12));
        assertThat(slow.get(0).hostMedian()).contains(20.0);
    }

    @Test
    void poolsTasksOfDifferentKindsByTheirOwnMedians() {
        // Maps take about 10 s and reduces about 100 s; host c is twice as slow at both. Raw times would make every
        // host that ran a reduce look slow.
        List<Observation> tasks = new ArrayList<>();
        for (String host : List.of("a", "b", "c", "d")) {
            double factor = host.equals("c") ? 2 : 1;
            tasks.add(Observation.of(host, "map", 10 * factor));
            tasks.add(Observation.of(host, "map", 10.4 * factor));
            tasks.add(Observation.of(host, "reduce", 100 * factor));
        }
        tasks.add(Observation.of("a", "reduce", 98));
        tasks.add(Observation.of("b", "reduce", 103));

        List<SlowHost> slow = SlowHostRule.apply(tasks, Better.LOWER);

        assertThat(slow).extracting(SlowHost::host).containsExactly("c");
        assertThat(slow.get(0).hostMedian()).isEmpty();
        assertThat(slow.get(0).slowObservations()).isEqualTo(3);
    }

    @Test
    void findsTheHostInEverySlowPair() {
        // d's link is slow: every connection with d runs at 10, the others at about 100.
        List<Observation> connections = new ArrayList<>();
        connections.add(new Observation(List.of("a", "b"), "1MB", 100));
        connections.add(new Observation(List.of("c", "d"), "1MB", 10));
        connections.add(new Observation(List.of("a", "c"), "1MB", 98));
        connections.add(new Observation(List.of("b", "d"), "1MB", 11));
        connections.add(new Observation(List.of("a", "d"), "1MB", 9));
        connections.add(new Observation(List.of("b", "c"), "1MB", 101));

        List<SlowHost> slow = SlowHostRule.apply(connections, Better.HIGHER);

        assertThat(slow).extracting(SlowHost::host).containsExactly("d");
        assertThat(slow.get(0).slowObservations()).isEqualTo(3);
        assertThat(slow.get(0).observations()).isEqualTo(3);
    }

    @Test
    void refusesAFigureThatIsNeitherBetterHighNorLow() {
        assertThatThrownBy(() -> SlowHostRule.apply(one("a", 1), Better.NEITHER))
                .isInstanceOf(IllegalArgumentException.class);
    }

    /** One observation per host: host, value, host, value... */
    private static List<Observation> one(Object... hostsAndValues) {
        List<Observation> observations = new ArrayList<>();
        for (int i = 0; i < hostsAndValues.length; i += 2) {
            observations.add(Observation.of((String) hostsAndValues[i], "",
                    ((Number) hostsAndValues[i + 1]).doubleValue()));
        }
        return observations;
    }
}
