package io.hbench.bsp.randbench;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbench.bsp.runners.LocalBspRunner;
import io.hbench.bsp.benchbase.BspTestSupport;
import io.hbench.resources.ResourceSampling;
import io.hbench.result.HostUsage;
import io.hbench.result.MetricKey;
import io.hbench.result.ResourceUsage;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/**
 * Ground truth for the resource sampler: the bytes it sees leave the loopback interface while RandBench's peers talk
 * over it agree with the bytes RandBench itself counts, plus protocol overhead.
 */
class RandBenchResourcesTest {
    private static final long MIB = 1 << 20;

    @Test
    void loopbackBytesTheSamplerSeesAreTheBytesThePeersSentPlusOverhead() throws Exception {
        Configuration conf = new Configuration(false);
        conf.set(ResourceSampling.INTERVAL_KEY, "200ms");
        // 4 peers x 32 messages x 64 KiB per superstep to other peers, 1 warmup + 8 measured supersteps: 72 MiB.
        RandBenchOptions options = RandBenchOptions.builder(64 * 1024, 32, 8).warmup(1).noSelf(true)
                .settings(BspTestSupport.settings(4, 11)).build();

        RandBenchResult result = new RandBench(new LocalBspRunner(conf)).run(options);

        long payload = result.networkBytes() * 9 / 8;
        assertThat(payload).isEqualTo(72 * MIB);
        ResourceUsage usage = result.resources().orElseThrow();
        assertThat(usage.hosts()).hasSize(1);
        HostUsage host = usage.hosts().get(0);
        assertThat(host.unavailableReason()).isEmpty();
        double loopbackSent = host.summary(MetricKey.of("net_sent").withLabel("interface", "lo")
                .withLabel("stat", "total")).orElseThrow().value();
        // TCP/IP headers on 64 KiB loopback segments, acknowledgements, frames and the control channel: a few percent.
        assertThat(loopbackSent).isBetween((double) payload, payload * 1.05 + 4 * MIB);
        assertThat(usage.phases()).extracting(phase -> phase.name()).containsExactly(RandBench.NAME);
    }

    @Test
    void sampledOffByConfigurationTheResultHasNoResources() throws Exception {
        Configuration conf = new Configuration(false);
        ResourceSampling.disable(conf);
        RandBenchOptions options = RandBenchOptions.builder(1024, 2, 2).settings(BspTestSupport.settings(2, 3)).build();

        assertThat(new RandBench(new LocalBspRunner(conf)).run(options).resources()).isEmpty();
    }
}
