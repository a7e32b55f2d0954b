package io.hbench.findings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.hbench.result.Better;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class SlowHostRuleTest {
    @Test
    void namesTheHostFarBelowTheOthersWithItsRelativeSpeed() {
        // Logarithms of the speeds relative to the median 100: 0, 0.0198, -0.0202, 0.00995, -0.693; their median is 0
        // and their MAD 0.0198, so e scores 0.6745 * -0.693 / 0.0198 = -23.6, beyond -3.5.
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
        // Logarithms relative to the median 100: 0, 0.0953, -0.1054, 0.1823, -0.3567; MAD 0.1054; e scores
        // 0.6745 * -0.3567 / 0.1054 = -2.28: within 3.5.
        assertThat(SlowHostRule.apply(one("a", 100, "b", 110, "c", 90, "d", 120, "e", 70), Better.HIGHER)).isEmpty();
    }

    @Test
    void needsTheShortfallAsWellAsTheScore() {
        // The MAD of the logarithms is 0.001, so 97 scores -20, but it is only 3 % slower: nothing an operator would
        // act on.
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
    void namesAHostFarBelowHoweverWidelyTheOthersSpread() {
        // On the speeds themselves (median 80, MAD 20) e would score 0.6745 * -79 / 20 = -2.66, and no host could
        // score beyond 0.6745 * -80 / 20 = -2.7, not even one at a hundredth of the others' speed. Logarithms relative
        // to the median: 0.223, 0, 0.446, -0.134, -4.382; median 0, MAD 0.223; e scores 0.6745 * -4.382 / 0.223 = -13.3.
        List<SlowHost> slow = SlowHostRule.apply(one("a", 100, "b", 80, "c", 125, "d", 70, "e", 1), Better.HIGHER);

        assertThat(slow).extracting(SlowHost::host).containsExactly("e");
    }

    @Test
    void readsATimeAndItsInverseAlike() {
        List<Observation> times = one("a", 10, "b", 13, "c", 8, "d", 11, "e", 40);
        List<Observation> speeds = new ArrayList<>();
        times.forEach(time -> speeds.add(Observation.of(time.hosts().get(0), "", 1 / time.value())));

        assertThat(SlowHostRule.apply(times, Better.LOWER)).extracting(SlowHost::host)
                .isEqualTo(SlowHostRule.apply(speeds, Better.HIGHER).stream().map(SlowHost::host)
                        .collect(Collectors.toList()))
                .containsExactly("e");
    }

    @Test
    void judgesNothingAmongTwoHosts() {
        assertThat(SlowHostRule.apply(one("a", 100, "b", 10), Better.HIGHER)).isEmpty();
    }

    @Test
    void readsALongerTimeAsSlower() {
        // Speeds relative to the median: 1, 1, 0.952, 1.053, 0.5; their logarithms' MAD 0.0488; e scores
        // 0.6745 * -0.693 / 0.0488 = -9.6.
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
    void clearsAHostThatMetTheSlowOneInMostRounds() {
        // b met d, whose link is slow, in two of its three exchanges: by its median b would look as slow as d, but
        // its exchange with a shows its own link at full speed.
        List<Observation> connections = new ArrayList<>();
        connections.add(new Observation(List.of("a", "b"), "1MB", 100));
        connections.add(new Observation(List.of("c", "d"), "1MB", 10));
        connections.add(new Observation(List.of("b", "d"), "1MB", 10));
        connections.add(new Observation(List.of("a", "c"), "1MB", 100));
        connections.add(new Observation(List.of("b", "d"), "1MB", 11));
        connections.add(new Observation(List.of("a", "c"), "1MB", 98));

        List<SlowHost> slow = SlowHostRule.apply(connections, Better.HIGHER);

        assertThat(slow).extracting(SlowHost::host).containsExactly("d");
        assertThat(slow.get(0).byBest()).isTrue();
        assertThat(slow.get(0).hostMedian()).contains(11.0);
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
