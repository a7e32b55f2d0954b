package io.hbench.namenode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hbench.result.Metric;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class NameNodeCallsTest {
    /** The beans of a NameNode's /jmx answer, as JmxReader returns them. */
    private static List<JsonNode> sample() throws IOException {
        try (InputStream in = NameNodeCallsTest.class.getResourceAsStream("rpc-detailed-activity.json")) {
            List<JsonNode> beans = new ArrayList<>();
            new ObjectMapper().readTree(in).path("beans").forEach(beans::add);
            return beans;
        }
    }

    @Test
    void theBeanGivesEachMethodsCallsNamedAsInClientProtocol() throws IOException {
        RpcCounters counters = RpcCounters.of(sample(), 8020);

        assertThat(counters.byMethod()).containsExactly(Map.entry("getFileInfo", 1000L), Map.entry("msync", 4L),
                Map.entry("rename2", 0L));
        assertThat(counters.total()).isEqualTo(1004);
        assertThat(counters.calls("create")).as("a method never called has no attribute").isZero();
    }

    @Test
    void anAnswerWithoutTheBeanOfThePortIsAnError() {
        assertThatThrownBy(() -> RpcCounters.of(sample(), 9000)).isInstanceOf(IOException.class)
                .hasMessage("no bean Hadoop:service=NameNode,name=RpcDetailedActivityForPort9000");
    }

    @Test
    void theCallsDuringARunAreTheRiseOfEachCounter() {
        RpcCounters before = new RpcCounters(Map.of("getFileInfo", 10L, "msync", 4L));
        RpcCounters after = new RpcCounters(Map.of("getFileInfo", 1010L, "msync", 4L, "create", 3L));

        assertThat(after.since(before).byMethod()).containsExactly(Map.entry("create", 3L),
                Map.entry("getFileInfo", 1000L));
        assertThat(new RpcCounters(Map.of("getFileInfo", 5L)).since(before).byMethod())
                .as("a NameNode restarted in between counts from its restart").containsExactly(
                        Map.entry("getFileInfo", 5L));
    }

    private static NameNodeCalls calls() {
        return new NameNodeCalls(List.of(
                NameNodeCalls.Served.counted("nn1", "active", new RpcCounters(Map.of("create", 1000L, "complete",
                        1000L, "getFileInfo", 4L, "msync", 200L))),
                NameNodeCalls.Served.counted("nn2", "standby", new RpcCounters(Map.of())),
                NameNodeCalls.Served.counted("nn3", "observer", new RpcCounters(Map.of("getFileInfo", 1000L))),
                NameNodeCalls.Served.notCounted("nn4", "observer", "http://nn4:9870/jmx refused hbench: HTTP 403")));
    }

    @Test
    void theLineGivesEachNameNodeItsRoleAndCallsOrWhyNotCountedNeverZero() {
        assertThat(calls().line()).isEqualTo("NameNode calls during the run (RPC counters, every client): nn1 active"
                + " 2,204; nn2 standby 0; nn3 observer 1,000; nn4 observer not counted (http://nn4:9870/jmx refused"
                + " hbench: HTTP 403)");
    }

    @Test
    void theMetricsAreLabelledByNameNodeRoleAndMethod() {
        Map<String, Double> metrics = calls().metrics().stream().collect(Collectors.toMap(
                metric -> metric.key().toString(), Metric::value));

        assertThat(metrics).containsEntry("namenode_calls{namenode=nn1,role=active}", 2204.0)
                .containsEntry("namenode_calls{namenode=nn2,role=standby}", 0.0)
                .containsEntry("namenode_calls{method=getFileInfo,namenode=nn3,role=observer}", 1000.0)
                .doesNotContainKey("namenode_calls{namenode=nn4,role=observer}");
    }

    @Test
    void aMethodIsServedByTheRoleWhoseCountersRoseMostForIt() {
        assertThat(calls().roleServing(List.of("getFileInfo"))).hasValue("observer");
        assertThat(calls().roleServing(List.of("create", "complete"))).hasValue("active");
        assertThat(calls().roleServing(List.of("delete"))).isEmpty();
    }
}
