package io.hbench.hs;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.Text;
import org.junit.jupiter.api.Test;

class KeyRangePartitionerTest {
    private static byte[] key(int first) {
        byte[] key = new byte[10];
        key[0] = (byte) first;
        return key;
    }

    /** 30 distinct low keys, 40 copies of one hot key 0x80.., 30 distinct high keys: sorted, 100 in all. */
    private static byte[][] sample() {
        byte[][] sample = new byte[100][];
        for (int i = 0; i < 30; i++) {
            sample[i] = key(0x10 + i);
            sample[70 + i] = key(0xc0 + i);
        }
        for (int i = 30; i < 70; i++) {
            sample[i] = key(0x80);
        }
        return sample;
    }

    private static KeyRangePartitioner partitioner(Sampler sampler) {
        StringBuilder shares = new StringBuilder();
        byte[][] points = SplitPoints.choose(SplitPoints.sort(sample()), 4, shares);
        Configuration conf = new Configuration(false);
        conf.set(SplitPoints.KEY, SplitPoints.encode(points));
        conf.set(SplitPoints.WEIGHTS_KEY, shares.toString());
        conf.set(KeyRangePartitioner.SAMPLER_KEY, sampler.name());
        KeyRangePartitioner partitioner = new KeyRangePartitioner();
        partitioner.setConf(conf);
        return partitioner;
    }

    @Test
    void splitPointsAreEvenQuantilesAndAHotKeyIsSharedByTheReducersItsRunSpans() {
        StringBuilder shares = new StringBuilder();
        byte[][] points = SplitPoints.choose(SplitPoints.sort(sample()), 4, shares);

        assertThat(points).isDeepEqualTo(new byte[][] {key(0x10 + 25), key(0x80), key(0xc0 + 5)});
        // The hot run [30, 70) meets reducer 1's quantile range [25, 50) in 20 places, reducer 2's [50, 75) in 20.
        assertThat(shares).hasToString("1:20,20");
    }

    @Test
    void classicSendsAHotKeyToOneReducerBalancedSharesItInProportion() {
        KeyRangePartitioner classic = partitioner(Sampler.CLASSIC);
        KeyRangePartitioner balanced = partitioner(Sampler.BALANCED);
        int[] counts = new int[4];
        for (int row = 0; row < 10_000; row++) {
            Text value = new Text(String.format("row %032d", row).getBytes(StandardCharsets.US_ASCII));
            assertThat(classic.getPartition(new Text(key(0x80)), value, 4)).isEqualTo(2);
            counts[balanced.getPartition(new Text(key(0x80)), value, 4)]++;
        }
        assertThat(counts[0]).isZero();
        assertThat(counts[3]).isZero();
        assertThat(counts[1]).isBetween(4_000, 6_000);
        assertThat(counts[2]).isBetween(4_000, 6_000);
    }

    @Test
    void ordinaryKeysGoToTheirRange() {
        KeyRangePartitioner balanced = partitioner(Sampler.BALANCED);
        Text value = new Text("v");

        assertThat(balanced.getPartition(new Text(key(0x00)), value, 4)).isZero();
        assertThat(balanced.getPartition(new Text(key(0x10 + 25)), value, 4)).isIn(0, 1);
        assertThat(balanced.getPartition(new Text(key(0x50)), value, 4)).isEqualTo(1);
        assertThat(balanced.getPartition(new Text(key(0x90)), value, 4)).isEqualTo(2);
        assertThat(balanced.getPartition(new Text(key(0xff)), value, 4)).isEqualTo(3);
    }
}
