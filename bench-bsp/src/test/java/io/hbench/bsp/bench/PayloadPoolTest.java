package io.hbench.bsp.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class PayloadPoolTest {
    @Test
    void noPayloadByteIsZeroSoNothingOnThePathCanCompressThem() {
        PayloadPool pool = new PayloadPool(100_000, new Random(1));

        assertThat(IntStream.range(0, pool.bytes().length).filter(i -> pool.bytes()[i] == 0)).isEmpty();
        assertThat(IntStream.range(0, pool.bytes().length).map(i -> pool.bytes()[i]).distinct().count())
                .isEqualTo(255);
    }

    @Test
    void slicesStartAtVaryingOffsetsAndAlwaysFit() {
        PayloadPool pool = new PayloadPool(10, new Random(2));

        int[] offsets = IntStream.range(0, 1000).map(i -> pool.nextOffset()).toArray();

        assertThat(IntStream.of(offsets).boxed()).allMatch(offset -> offset >= 0 && offset + 10 <= pool.bytes().length);
        assertThat(IntStream.of(offsets).distinct().count()).isGreaterThan(900);
    }

    @Test
    void theSameSeedGivesTheSameBytes() {
        assertThat(new PayloadPool(1000, new Random(3)).bytes()).isEqualTo(new PayloadPool(1000, new Random(3)).bytes());
    }
}
