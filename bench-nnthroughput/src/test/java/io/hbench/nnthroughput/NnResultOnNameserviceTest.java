package io.hbench.nnthroughput;

import static io.hbench.testing.DefaultLocales.withDefaultLocale;
import static org.assertj.core.api.Assertions.assertThat;

import io.hbench.namenode.NameNodeStates;
import io.hbench.namenode.NameserviceRecord;
import io.hbench.result.BenchResult;
import io.hbench.result.Environment;
import io.hbench.testing.GoldenFiles;
import io.hbench.testing.ResultSchema;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A run on a nameservice in the result: its NameNodes as locations, their states as outputs, an asked failover's two
 * times as metrics, within schema 4 as it is (no new top-level field); a run on one NameNode stays as it was.
 */
class NnResultOnNameserviceTest {
    private static final Environment ENVIRONMENT = Environment.builder().hbench("0.1.0", "abc").hadoopVersion("3.4.2")
            .clusterHadoopVersion("3.4.2").java("17.0.15 (Debian)").os("Linux 6.1.0 amd64").clientHost("gw1")
            .commandLine(List.of("NNThroughputBenchmark", "-fs", "hdfs://ns1", "-op", "create", "-files", "50000",
                    "-threads", "16", "-close", "-failoverAt", "30s"))
            .configuration("fs.defaultFS", "hdfs://ns1").build();

    private static NameserviceRecord record() {
        Map<String, String> addresses = new LinkedHashMap<>();
        addresses.put("nn1", "10.0.0.1:8020");
        addresses.put("nn2", "10.0.0.2:8020");
        Map<String, String> atStart = new LinkedHashMap<>();
        atStart.put("nn1", "active");
        atStart.put("nn2", "standby");
        Map<String, String> atEnd = new LinkedHashMap<>();
        atEnd.put("nn1", "standby");
        atEnd.put("nn2", "active");
        return new NameserviceRecord("ns1", addresses, new NameNodeStates(atStart), new NameNodeStates(atEnd),
                Optional.of(new NameserviceRecord.AskedFailover(Duration.ofSeconds(30), Duration.ofMillis(30_012),
                        Duration.ofMillis(845), "nn1", "nn2", "haadmin", Optional.empty())));
    }

    @Test
    void theNameserviceIsLocationsOutputsAndTheFailoversTimes() {
        NnResult result = SeededRuns.create().withNameservice(record());
        BenchResult bench = result.toBenchResult(ENVIRONMENT);

        assertThat(result.nameservice()).isPresent();
        assertThat(bench.locations()).containsEntry("nameservice", "ns1").containsEntry("namenode.nn1", "10.0.0.1:8020")
                .containsEntry("namenode.nn2", "10.0.0.2:8020");
        assertThat(bench.outputs()).containsEntry("namenode.nn1.state_at_start", "active")
                .containsEntry("namenode.nn1.state_at_end", "standby").containsEntry("failover", "nn1 to nn2")
                .containsEntry("failover.method", "haadmin");
        assertThat(bench.metric("failover_asked_at_seconds").orElseThrow().value()).isEqualTo(30.012);
        assertThat(bench.metric("failover_admin_seconds").orElseThrow().value()).isEqualTo(0.845);
        assertThat(SeededRuns.create().nameservice()).isEmpty();
    }

    @ParameterizedTest
    @MethodSource("io.hbench.testing.DefaultLocales#locales")
    void writesTheGoldenJsonOfACreateAcrossAFailoverInEveryDefaultLocale(Locale locale) throws Exception {
        String json = withDefaultLocale(locale, () -> ResultSchema.assertValid(
                SeededRuns.create().withNameservice(record()).toBenchResult(ENVIRONMENT)));

        GoldenFiles.assertMatches(NnResultOnNameserviceTest.class, "nn-create-nameservice-states.json",
                json.getBytes(StandardCharsets.UTF_8));
    }
}
