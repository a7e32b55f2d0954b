package io.hbench.dfsio;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ReadHostsTest {
    private static final List<String> TASK_HOSTS = List.of("w1", "w2", "w3", "w4", "w5");
    /** The replicas of a file of two blocks: w1, w2, w3 and w2, w3, w4, as HDFS lists them. */
    private static final List<String> REPLICA_HOSTS = List.of("w1", "w2", "w3", "w4");

    @Test
    void otherAsksForTheHostsThatHoldNoReplicaOfAnyBlock() {
        assertThat(ReadHosts.preferred(ReadFrom.OTHER, REPLICA_HOSTS, TASK_HOSTS, 0, 15)).containsExactly("w5");
    }

    @Test
    void localAsksForTheHostsThatHoldAReplicaOfSomeBlock() {
        assertThat(ReadHosts.preferred(ReadFrom.LOCAL, REPLICA_HOSTS, TASK_HOSTS, 0, 15))
                .containsExactly("w1", "w2", "w3", "w4");
    }

    @Test
    void anyAsksForNoHost() {
        assertThat(ReadHosts.preferred(ReadFrom.ANY, REPLICA_HOSTS, TASK_HOSTS, 0, 15)).isEmpty();
    }

    @Test
    void otherAsksForNoHostWhereEveryHostHoldsAReplica() {
        assertThat(ReadHosts.preferred(ReadFrom.OTHER, TASK_HOSTS, TASK_HOSTS, 0, 15)).isEmpty();
    }

    @Test
    void localAsksForNoHostWhereNoHostThatRunsTasksHoldsAReplica() {
        assertThat(ReadHosts.preferred(ReadFrom.LOCAL, List.of("d1", "d2", "d3"), TASK_HOSTS, 0, 15)).isEmpty();
    }

    @Test
    void eachFileStartsAtItsOwnHostAndKeepsAtMostTheSplitsLimit() {
        List<String> replicas = List.of("w5");

        assertThat(ReadHosts.preferred(ReadFrom.OTHER, replicas, TASK_HOSTS, 0, 3)).containsExactly("w1", "w2", "w3");
        assertThat(ReadHosts.preferred(ReadFrom.OTHER, replicas, TASK_HOSTS, 3, 3)).containsExactly("w4", "w1", "w2");
    }

    @Test
    void aHostHoldsAReplicaUnderAnyOfItsNames() {
        assertThat(ReadHosts.holdsReplica("localhost", List.of("w9", "127.0.0.1"))).isTrue();
        assertThat(ReadHosts.holdsReplica("w1", List.of("w2", "w3"))).isFalse();
    }
}
