package io.hbench.datanodes;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbench.findings.BlockGroup;
import io.hbench.mapred.ReducedValues;
import io.hbench.mapred.SummingReducer;
import io.hbench.result.Distribution;
import io.hbench.stats.Histograms;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.HdrHistogram.Histogram;
import org.apache.hadoop.io.Text;
import org.junit.jupiter.api.Test;

public class DataNodeBlocksTest {
    private static final long BLOCK = 128L << 20;
    /** 1000 KiB/s in bytes/s. */
    private static final double FAST = 1000 * 1024;
    private static final double SLOW = 200 * 1024;

    /**
     * 13 blocks of 128 MiB on five DataNodes, w5 slow and always third: healthy pipelines at 1000 KiB/s, those through
     * w5 at 200, and one block at 500 whose pipeline avoided w5.
     */
    public static DataNodeBlocks slowThirdReplica() {
        return new DataNodeBlocks(List.of(
                group(List.of("w1:9866", "w2:9866", "w3:9866"), 1000, 1000, 1000),
                group(List.of("w2:9866", "w3:9866", "w4:9866"), 1000, 1000, 1000),
                group(List.of("w1:9866", "w3:9866", "w5:9866"), 200, 200, 200),
                group(List.of("w4:9866", "w1:9866", "w5:9866"), 200, 200, 200),
                group(List.of("w2:9866", "w4:9866", "w1:9866"), 500)), List.of());
    }

    @Test
    void countsEachDataNodesBlocksAsFirstAndAsAnyMemberWithTheirPercentilesAndBytes() {
        Map<String, DataNodeBlocks.Row> rows = byName(slowThirdReplica());

        // w1 first: 1000 x3, 200 x3. HdrHistogram's p50 is the 3rd of 6 values (200), its p90 the 5th (1000).
        DataNodeBlocks.Row w1First = rows.get("w1:9866 first");
        assertThat(w1First.blocks()).isEqualTo(6);
        assertThat(w1First.bytes()).isEqualTo(6 * BLOCK);
        assertThat(w1First.throughput().percentile(50)).isEqualTo(SLOW);
        assertThat(w1First.throughput().percentile(90)).isEqualTo(FAST);
        // w1 member: 200 x6, 500, 1000 x3: p50 the 5th of 10 (200), p90 the 9th (1000).
        DataNodeBlocks.Row w1Member = rows.get("w1:9866 member");
        assertThat(w1Member.blocks()).isEqualTo(10);
        assertThat(w1Member.bytes()).isEqualTo(10 * BLOCK);
        assertThat(w1Member.throughput().percentile(50)).isEqualTo(SLOW);
        assertThat(w1Member.throughput().percentile(90)).isEqualTo(FAST);
        // w5 was never first; as a member, all 6 of its blocks at 200.
        assertThat(rows).doesNotContainKey("w5:9866 first");
        assertThat(rows.get("w5:9866 member").blocks()).isEqualTo(6);
        assertThat(rows.get("w5:9866 member").throughput().percentile(90)).isEqualTo(SLOW);
        assertThat(rows.keySet()).containsExactly("w1:9866 first", "w1:9866 member", "w2:9866 first",
                "w2:9866 member", "w3:9866 member", "w4:9866 first", "w4:9866 member", "w5:9866 member");
    }

    @Test
    void countsTheBlocksEachDataNodeServed() {
        DataNodeBlocks reads = new DataNodeBlocks(List.of(), List.of(group(List.of("w1:9866"), 1000, 500),
                group(List.of("w2:9866"), 200)));

        Map<String, DataNodeBlocks.Row> rows = byName(reads);

        assertThat(rows.keySet()).containsExactly("w1:9866 server", "w2:9866 server");
        assertThat(rows.get("w1:9866 server").blocks()).isEqualTo(2);
        assertThat(rows.get("w1:9866 server").bytes()).isEqualTo(2 * BLOCK);
        Distribution w1 = rows.get("w1:9866 server").throughput();
        assertThat(w1.percentile(50)).isEqualTo(500 * 1024.0);
        assertThat(w1.key().labels()).containsEntry("datanode", "w1:9866").containsEntry("role", "server");
    }

    @Test
    void readsTheGroupsTheTasksSent() throws Exception {
        // Two tasks' blocks, as the reducer sums them: their pipelines' histograms merged, their bytes added.
        Map<String, List<Text>> emitted = new TreeMap<>();
        for (int task = 0; task < 2; task++) {
            BlockRecords records = new BlockRecords();
            // 128 MiB in 0.128 s: 1000 MiB/s, 1024000 KiB/s.
            records.record(BlockRecords.WRITE, List.of("w1:9866", "w2:9866"), BLOCK, 128_000_000);
            records.emit((key, value) -> emitted.computeIfAbsent(key, k -> new ArrayList<>()).add(new Text(value)));
        }
        Map<String, String> reduced = new TreeMap<>();
        emitted.forEach((key, values) -> reduced.put(key, SummingReducer.combine(key, values)));

        DataNodeBlocks blocks = DataNodeBlocks.from(new ReducedValues(reduced));

        assertThat(blocks.reads()).isEmpty();
        assertThat(blocks.writes()).hasSize(1);
        BlockGroup pipeline = blocks.writes().get(0);
        assertThat(pipeline.dataNodes()).containsExactly("w1:9866", "w2:9866");
        assertThat(pipeline.blocks()).isEqualTo(2);
        assertThat(pipeline.bytes()).isEqualTo(2 * BLOCK);
        assertThat(pipeline.throughput().getValueAtPercentile(50))
                .isEqualTo(pipeline.throughput().highestEquivalentValue(1_024_000));
    }

    @Test
    void blockRecordsCarriedAsTextAreTheGroupsTheTasksRecorded() {
        // Two tasks: one wrote two blocks through w1,w2 (1000 and 500 MiB/s), the other one through w1,w2 and read one
        // from w3; as TPCx-HS's tasks attach them to their times.
        BlockRecords first = new BlockRecords();
        first.record(BlockRecords.WRITE, List.of("w1:9866", "w2:9866"), BLOCK, 128_000_000);
        first.record(BlockRecords.WRITE, List.of("w1:9866", "w2:9866"), BLOCK, 256_000_000);
        BlockRecords second = new BlockRecords();
        second.record(BlockRecords.WRITE, List.of("w1:9866", "w2:9866"), 1000, 1_000_000);
        second.record(BlockRecords.READ, List.of("w3:9866"), BLOCK, 128_000_000);

        DataNodeBlocks blocks = DataNodeBlocks.fromTexts(List.of(first.toText(), second.toText()));

        assertThat(blocks.writes()).singleElement().satisfies(pipeline -> {
            assertThat(pipeline.dataNodes()).containsExactly("w1:9866", "w2:9866");
            assertThat(pipeline.blocks()).isEqualTo(3);
            assertThat(pipeline.bytes()).isEqualTo(2 * BLOCK + 1000);
            // 1000 bytes in 1 ms: 976.5625 KiB/s, recorded as 977.
            assertThat(pipeline.throughput().getMinValue()).isEqualTo(977);
        });
        assertThat(blocks.reads()).singleElement().satisfies(served -> {
            assertThat(served.dataNodes()).containsExactly("w3:9866");
            assertThat(served.bytes()).isEqualTo(BLOCK);
        });
        assertThat(DataNodeBlocks.fromTexts(List.of()).isEmpty()).isTrue();
    }

    @Test
    void theBlocksOfTwoPhasesAddUpPerDataNode() {
        DataNodeBlocks phases = slowThirdReplica().plus(new DataNodeBlocks(List.of(group(List.of("w1:9866",
                "w2:9866", "w3:9866"), 100)), List.of(group(List.of("w1:9866"), 1000))));

        Map<String, DataNodeBlocks.Row> rows = byName(phases);

        // w1 first: the 6 of slowThirdReplica and the one at 100 KiB/s; the pipeline's groups are one.
        assertThat(rows.get("w1:9866 first").blocks()).isEqualTo(7);
        assertThat(rows.get("w1:9866 first").throughput().min()).isEqualTo(100 * 1024.0);
        assertThat(rows.get("w3:9866 member").blocks()).isEqualTo(10);
        assertThat(rows.get("w1:9866 server").blocks()).isEqualTo(1);
        assertThat(phases.writes()).hasSize(5);
        assertThat(DataNodeBlocks.none().plus(DataNodeBlocks.none()).isEmpty()).isTrue();
    }

    @Test
    void linesSayEachDataNodesBlocksPercentilesAndBytesAfterTheGivenLabel() {
        List<String> lines = slowThirdReplica().lines(name -> "HSGen " + name + ": ");

        assertThat(lines).hasSize(8).startsWith(
                "HSGen DataNode w1:9866 as first: 6 blocks, p50 0.2 MiB/s, p90 0.98 MiB/s, 768 MiB",
                "HSGen DataNode w1:9866 as member: 10 blocks, p50 0.2 MiB/s, p90 0.98 MiB/s, 1280 MiB");
        assertThat(DataNodeBlocks.none().lines(name -> name)).isEmpty();
    }

    @Test
    void noneOutsideHdfs() {
        assertThat(DataNodeBlocks.none().isEmpty()).isTrue();
        assertThat(DataNodeBlocks.none().rows()).isEmpty();
    }

    private static Map<String, DataNodeBlocks.Row> byName(DataNodeBlocks blocks) {
        return blocks.rows().stream().collect(Collectors.toMap(row -> row.dataNode() + " " + row.role().label(),
                row -> row, (a, b) -> a, LinkedHashMap::new));
    }

    private static BlockGroup group(List<String> dataNodes, long... kibPerSecond) {
        Histogram throughput = Histograms.newHistogram();
        for (long value : kibPerSecond) {
            throughput.recordValue(value);
        }
        return new BlockGroup(dataNodes, throughput, kibPerSecond.length * BLOCK);
    }
}
