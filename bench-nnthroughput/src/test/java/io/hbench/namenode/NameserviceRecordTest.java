package io.hbench.namenode;

import static io.hbench.testing.DefaultLocales.withDefaultLocale;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbench.testing.GoldenFiles;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** What a run on a nameservice records of it, and the lines it prints, golden in every default locale. */
class NameserviceRecordTest {
    private static final Map<String, String> ADDRESSES = addresses();

    private static Map<String, String> addresses() {
        Map<String, String> addresses = new LinkedHashMap<>();
        addresses.put("nn1", "10.0.0.1:8020");
        addresses.put("nn2", "10.0.0.2:8020");
        return addresses;
    }

    private static NameNodeStates states(String nn1, String nn2) {
        Map<String, String> states = new LinkedHashMap<>();
        states.put("nn1", nn1);
        states.put("nn2", nn2);
        return new NameNodeStates(states);
    }

    /** A run across a failover -failoverAt 30s asked at +30.012 s, whose admin call took 0.845 s. */
    static NameserviceRecord askedFailover() {
        return new NameserviceRecord("ns1", ADDRESSES, states("active", "standby"), states("standby", "active"),
                Optional.of(new NameserviceRecord.AskedFailover(Duration.ofSeconds(30), Duration.ofMillis(30_012),
                        Duration.ofMillis(845), "nn1", "nn2", "haadmin", Optional.empty())));
    }

    @ParameterizedTest
    @MethodSource("io.hbench.testing.DefaultLocales#locales")
    void linesOfARunAcrossAnAskedFailoverMatchTheGoldenFileInEveryDefaultLocale(Locale locale) throws Exception {
        GoldenFiles.assertMatches(NameserviceRecordTest.class, "nameservice-failover.txt",
                withDefaultLocale(locale, () -> askedFailover().lines()));
    }

    @Test
    void aFailoverNobodyAskedIsToldByTheActiveNameNodeAtStartAndEnd() {
        NameserviceRecord record = new NameserviceRecord("ns1", ADDRESSES, states("active", "standby"),
                states("standby", "active"), Optional.empty());

        assertThat(record.failover()).hasValue("nn1 to nn2");
        assertThat(record.lines()).containsExactly("", "NameNodes of ns1: nn1 10.0.0.1:8020 active, then standby; nn2"
                + " 10.0.0.2:8020 standby, then active", "Ran across a failover of ns1: nn1 to nn2 (active at start"
                + " nn1, at end nn2)");
    }

    @Test
    void aRunWithoutAFailoverSaysNothingOfOne() {
        NameserviceRecord record = new NameserviceRecord("ns1", ADDRESSES, states("active", "standby"),
                states("active", "standby"), Optional.empty());

        assertThat(record.failover()).isEmpty();
        assertThat(record.lines()).containsExactly("", "NameNodes of ns1: nn1 10.0.0.1:8020 active throughout; nn2"
                + " 10.0.0.2:8020 standby throughout");
    }

    @Test
    void aFailedFailoverIsNoFailoverAndSaysWhy() {
        NameserviceRecord record = new NameserviceRecord("ns1", ADDRESSES, states("active", "standby"),
                states("active", "standby"), Optional.of(new NameserviceRecord.AskedFailover(Duration.ofMillis(1500),
                        Duration.ofMillis(1502), Duration.ofMillis(20), "nn1", "nn2", "haadmin",
                        Optional.of("FailoverFailedException: nn2 is not ready to become active"))));

        assertThat(record.failover()).isEmpty();
        assertThat(record.lines()).last().isEqualTo("The failover of ns1 from nn1 to nn2 failed (asked by -failoverAt"
                + " 1500ms at +1.5 s through hdfs haadmin's FailoverController, took 0.02 s): FailoverFailedException:"
                + " nn2 is not ready to become active");
    }

    @Test
    void aRunThatEndedBeforeFailoverAtSaysNoFailoverWasAsked() {
        NameserviceRecord record = new NameserviceRecord("ns1", ADDRESSES, states("active", "standby"),
                states("active", "standby"), Optional.empty()).withFailoverNotReached(Duration.ofSeconds(30));

        assertThat(record.failover()).isEmpty();
        assertThat(record.lines()).last().isEqualTo("No failover asked of ns1: the run ended before -failoverAt 30s");
        assertThatThrownBy(() -> askedFailover().withFailoverNotReached(Duration.ofSeconds(30)))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void statesOfOtherNameNodesThanTheAddressesAreRefused() {
        assertThatThrownBy(() -> new NameserviceRecord("ns1", Map.of("nn1", "10.0.0.1:8020"),
                states("active", "standby"), states("active", "standby"), Optional.empty()))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
