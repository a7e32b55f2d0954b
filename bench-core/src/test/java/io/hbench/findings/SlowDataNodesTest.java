package io.hbench.findings;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbench.result.BenchResult;
import io.hbench.result.Better;
import io.hbench.result.Environment;
import io.hbench.result.Metric;
import io.hbench.result.Unit;
import io.hbench.stats.Histograms;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class SlowDataNodesTest {
    private static final Instant START = Instant.parse("2026-11-24T10:00:00Z");

    @Test
    void namesASlowThirdReplicaAsItselfAndNotTheFirstOfItsPipelines() {
        // Best block through each DataNode: a 1000 (its [a,b,c] blocks), b 1000, c 1000, d 1000, e 200 (every block
        // through e is slow, e always third). The median figure is 1000, the logarithms' MAD 0, so the shortfall alone
        // decides: e at 200 <= 900 is slow, 5.0 times as long as the median; a and c, first in e's pipelines, are not.
        // Slow blocks are those at or below 900, 90 % of the median block that avoided e (1000): e's 8 and the one at
        // 500 that avoided e.
        List<BlockGroup> writes = List.of(
                group(List.of("a:9866", "b:9866", "c:9866"), 4, 1000),
                group(List.of("b:9866", "c:9866", "d:9866"), 4, 1000),
                group(List.of("a:9866", "b:9866", "e:9866"), 4, 200),
                group(List.of("c:9866", "d:9866", "e:9866"), 4, 200),
                group(List.of("a:9866", "c:9866", "d:9866"), 1, 500));

        List<SlowDataNodes.Slow> slow = SlowDataNodes.judge(writes);

        assertThat(slow).extracting(SlowDataNodes.Slow::dataNode).containsExactly("e:9866");
        assertThat(slow.get(0).timesMedian()).isEqualTo(5.0);
        assertThat(slow.get(0).slowBlocksThrough()).isEqualTo(8);
        assertThat(slow.get(0).slowBlocks()).isEqualTo(9);
        assertThat(SlowDataNodes.of(result(SlowDataNodes.metrics(SlowDataNodes.MEMBER, writes))))
                .containsExactly(new Finding(Finding.Kind.SLOW_DATANODE, Optional.of("e"), "e:9866",
                        "e:9866 (blocks through it took 5.0x the median; 8 of 9 slow blocks had it in their"
                                + " pipeline)"));
    }

    @Test
    void countsAsSlowOnlyTheBlocksWellBelowATypicalHealthyBlock() {
        // Best blocks: a-d 1000, e 210, so e is named, 1000 / 210 = 4.76 times as long. The blocks that avoided e,
        // 880 940 950 960 1000 1000, have the median 955: slow is at or below 859.5, so the healthy 880 is not slow
        // (below the median DataNode's 1000 by 12 %, it would be by that line), and e's 4 blocks are all the slow ones.
        List<BlockGroup> writes = List.of(
                blocks(List.of("a:9866", "b:9866", "c:9866"), 1000, 960, 940),
                blocks(List.of("b:9866", "c:9866", "d:9866"), 1000, 880, 950),
                blocks(List.of("a:9866", "b:9866", "e:9866"), 200, 200),
                blocks(List.of("c:9866", "d:9866", "e:9866"), 210, 200));

        List<SlowDataNodes.Slow> slow = SlowDataNodes.judge(writes);

        assertThat(slow).extracting(SlowDataNodes.Slow::dataNode).containsExactly("e:9866");
        assertThat(slow.get(0).timesMedian()).isEqualTo(1000 / 210.0);
        assertThat(slow.get(0).slowBlocksThrough()).isEqualTo(4);
        assertThat(slow.get(0).slowBlocks()).isEqualTo(4);
        assertThat(SlowDataNodes.of(result(SlowDataNodes.metrics(SlowDataNodes.MEMBER, writes))))
                .extracting(Finding::text).containsExactly("e:9866 (blocks through it took 4.8x the median; 4 of 4"
                        + " slow blocks had it in their pipeline)");
    }

    @Test
    void namesTheDataNodeThatServedTheSlowReadsByItsMedianBlock() {
        // Medians: a 1000, b 1000, c 1000, d 250 (its blocks 250, 250, 1000: the median is slow). d is 4.0 times as
        // long as the median; slow blocks are those at or below 900, 90 % of the median of a's, b's and c's: d's two.
        List<BlockGroup> reads = new ArrayList<>(List.of(group(List.of("a:9866"), 3, 1000),
                group(List.of("b:9866"), 3, 1000), group(List.of("c:9866"), 3, 1000)));
        Histogram d = Histograms.newHistogram();
        d.recordValueWithCount(250, 2);
        d.recordValue(1000);
        reads.add(new BlockGroup(List.of("d:9866"), d, 3 << 20));

        assertThat(SlowDataNodes.of(result(SlowDataNodes.metrics(SlowDataNodes.SERVER, reads))))
                .extracting(Finding::toString)
                .containsExactly("slow DataNode: d:9866 (blocks it served took 4.0x the median; 2 of 2 slow blocks came"
                        + " from it)");
    }

    @Test
    void namesNoneOnAUniformCluster() {
        List<BlockGroup> writes = List.of(group(List.of("a:9866", "b:9866", "c:9866"), 4, 1000),
                group(List.of("b:9866", "c:9866", "d:9866"), 4, 1000),
                group(List.of("d:9866", "a:9866", "b:9866"), 4, 1000));

        assertThat(SlowDataNodes.judge(writes)).isEmpty();
        assertThat(SlowDataNodes.metrics(SlowDataNodes.MEMBER, writes)).isEmpty();
    }

    @Test
    void judgesNoneOfFewerDataNodesThanTheRuleNeeds() {
        // Two DataNodes: neither is the odd one, however far apart.
        List<BlockGroup> reads = List.of(group(List.of("a:9866"), 3, 1000), group(List.of("b:9866"), 3, 10));

        assertThat(SlowHostRule.MIN_HOSTS).isEqualTo(3);
        assertThat(SlowDataNodes.judge(reads)).isEmpty();
    }

    /** One block at each of {@code kibPerSecond}. */
    @Test
    void judgesNoneOfDataNodesOnFewerHostsThanTheRuleNeeds() {
        // Four DataNodes of one machine, as an embedded cluster's, one of them far slower: the same reads on four
        // hosts name it, on one host nothing.
        List<BlockGroup> reads = List.of(group(List.of("vm:40001"), 3, 1000), group(List.of("vm:40002"), 3, 1000),
                group(List.of("vm:40003"), 3, 1000), group(List.of("vm:40004"), 3, 100));
        List<BlockGroup> apart = List.of(group(List.of("a:9866"), 3, 1000), group(List.of("b:9866"), 3, 1000),
                group(List.of("c:9866"), 3, 1000), group(List.of("d:9866"), 3, 100));

        assertThat(SlowDataNodes.judge(reads)).isEmpty();
        assertThat(SlowDataNodes.judge(apart)).extracting(SlowDataNodes.Slow::dataNode).containsExactly("d:9866");
    }

    private static BlockGroup blocks(List<String> dataNodes, long... kibPerSecond) {
        Histogram throughput = Histograms.newHistogram();
        for (long value : kibPerSecond) {
            throughput.recordValue(value);
        }
        return new BlockGroup(dataNodes, throughput, (long) kibPerSecond.length << 20);
    }

    private static BlockGroup group(List<String> dataNodes, int blocks, long kibPerSecond) {
        Histogram throughput = Histograms.newHistogram();
        throughput.recordValueWithCount(kibPerSecond, blocks);
        return new BlockGroup(dataNodes, throughput, (long) blocks << 20);
    }

    private static BenchResult result(List<Metric> metrics) {
        BenchResult.Builder result = BenchResult.builder("TestDFSIO", "write").primaryMetric("bytes")
                .environment(Environment.builder().hbench("0.1.0", "0123456789abcdef0123456789abcdef01234567")
                        .hadoopVersion("3.4.2").java("17").os("Linux").clientHost("gw1")
                        .commandLine(List.of("TestDFSIO")).build())
                .start(START).end(START.plusSeconds(10)).metric("bytes", 1, Unit.BYTES,
                        Better.NEITHER);
        metrics.forEach(result::metric);
        return result.build();
    }
}
