package io.hbench.bsp.benchbase;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class PayloadPoolTest {
    @Test
    void noPayloadByteIsZeroSoNothingOnThePathCanCompressThem() {
        byte[] bytes = new PayloadPool(100_000, new Random(1)).bytes();

        assertThat(IntStream.range(0, bytes.length).filter(i -> bytes[i] == 0)).isEmpty();
        assertThat(IntStream.range(0, bytes.length).map(i -> bytes[i]).distinct().count()).isEqualTo(255);
    }

    @Test
    void slicesStartAtVaryingOffsetsAndAlwaysFit() {
        PayloadPool pool = new PayloadPool(10, new Random(2));
        int size = pool.bytes().length;

        int[] offsets = IntStream.range(0, 1000).map(i -> pool.nextOffset()).toArray();

        assertThat(IntStream.of(offsets).boxed()).allMatch(offset -> offset >= 0 && offset + 10 <= size);
        assertThat(IntStream.of(offsets).distinct().count()).isGreaterThan(900);
    }

    @Test
    void aPayloadIsTheRequestedLengthOfThePoolsBytesOutsideTheHeap() {
        PayloadPool pool = new PayloadPool(1000, new Random(4));
        byte[] bytes = pool.bytes();

        java.nio.ByteBuffer payload = pool.next(700);

        assertThat(payload.isDirect()).isTrue();
        assertThat(payload.remaining()).isEqualTo(700);
        byte[] copy = new byte[700];
        int offset = payload.position();
        payload.get(copy);
        assertThat(copy).isEqualTo(java.util.Arrays.copyOfRange(bytes, offset, offset + 700));
    }

    @Test
    void theSameSeedGivesTheSameBytes() {
        assertThat(new PayloadPool(1000, new Random(3)).bytes()).isEqualTo(new PayloadPool(1000, new Random(3)).bytes());
    }
}
