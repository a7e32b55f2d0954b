package io.hbench.dfsio;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.zip.Deflater;
import org.junit.jupiter.api.Test;

class DataPatternTest {
    private static final int MIB = 1 << 20;

    @Test
    void sameFileNameAndOffsetGiveTheSameBytesInEveryInstance() {
        byte[] first = fill(DataPattern.forFile("test_io_3"), 12_345, 100_000);
        byte[] second = fill(DataPattern.forFile("test_io_3"), 12_345, 100_000);

        assertThat(second).isEqualTo(first);
    }

    @Test
    void differentFileNamesGiveDifferentBytes() {
        byte[] zero = fill(DataPattern.forFile("test_io_0"), 0, 4096);
        byte[] one = fill(DataPattern.forFile("test_io_1"), 0, 4096);

        assertThat(one).isNotEqualTo(zero);
        int equalBytes = 0;
        for (int i = 0; i < zero.length; i++) {
            equalBytes += zero[i] == one[i] ? 1 : 0;
        }
        // Unrelated random bytes agree about once in 256; allow generous slack.
        assertThat(equalBytes).isLessThan(64);
    }

    @Test
    void unalignedOffsetsAndOddLengthsGiveTheSameBytesAsOneAlignedFill() {
        DataPattern pattern = DataPattern.forFile("test_io_42");
        byte[] reference = fill(pattern, 0, 200_000);

        int[][] slices = {{3, 1}, {3, 7}, {3, 8}, {3, 9}, {3, 4097}, {1, 15}, {7, 1}, {8, 17}, {13, 3},
                {65_533, 131_075}, {199_990, 10}, {5, 0}};
        for (int[] slice : slices) {
            int offset = slice[0];
            int length = slice[1];
            // Fill into the middle of a larger buffer, so that "from" is exercised too.
            byte[] buffer = new byte[length + 10];
            Arrays.fill(buffer, (byte) 0x5A);
            pattern.fill(offset, buffer, 5, length);

            assertThat(Arrays.copyOfRange(buffer, 5, 5 + length))
                    .as("fill at offset %d, length %d", offset, length)
                    .isEqualTo(Arrays.copyOfRange(reference, offset, offset + length));
            assertThat(Arrays.copyOfRange(buffer, 0, 5)).as("bytes before the range").containsOnly((byte) 0x5A);
            assertThat(Arrays.copyOfRange(buffer, 5 + length, buffer.length)).as("bytes after the range")
                    .containsOnly((byte) 0x5A);
        }
    }

    @Test
    void expectedByteAgreesWithFill() {
        DataPattern pattern = DataPattern.forFile("test_io_5");
        byte[] reference = fill(pattern, 0, 100);

        for (int offset = 0; offset < reference.length; offset++) {
            assertThat(pattern.expectedByte(offset)).as("offset %d", offset).isEqualTo(reference[offset] & 0xff);
        }
    }

    @Test
    void patternIsIncompressibleWhileTestDfsiosBufferCompressesToUnderFivePercent() {
        byte[] pattern = fill(DataPattern.forFile("test_io_0"), 0, MIB);
        byte[] testDfsio = new byte[MIB];
        for (int i = 0; i < testDfsio.length; i++) {
            testDfsio[i] = (byte) ('0' + i % 50); // Hadoop TestDFSIO's write buffer
        }

        assertThat((double) deflatedSize(pattern)).isGreaterThanOrEqualTo(0.99 * MIB);
        assertThat((double) deflatedSize(testDfsio)).isLessThan(0.05 * MIB);
    }

    @Test
    void noAlignedWordInTheFirst16MibIsAllZeros() {
        DataPattern pattern = DataPattern.forFile("test_io_0");
        byte[] buffer = new byte[MIB];
        for (long chunk = 0; chunk < 16; chunk++) {
            pattern.fill(chunk * MIB, buffer, 0, MIB);
            for (int i = 0; i < MIB; i += 8) {
                boolean allZero = true;
                for (int j = 0; j < 8; j++) {
                    allZero &= buffer[i + j] == 0;
                }
                assertThat(allZero).as("word at file offset %d is all zeros", chunk * MIB + i).isFalse();
            }
        }
    }

    @Test
    void firstMismatchIsMinusOneForCorrectData() {
        DataPattern pattern = DataPattern.forFile("test_io_9");
        byte[] data = new byte[70_000];
        pattern.fill(1_000_003, data, 0, data.length);

        assertThat(pattern.firstMismatch(1_000_003, data, 0, data.length, new byte[data.length])).isEqualTo(-1);
    }

    @Test
    void firstMismatchGivesTheFileOffsetOfAFlippedByte() {
        DataPattern pattern = DataPattern.forFile("test_io_9");
        long fileOffset = 1_000_003;
        byte[] data = new byte[70_000 + 11];
        pattern.fill(fileOffset, data, 11, 70_000);
        data[11 + 54_321] ^= 0x01;
        data[11 + 60_000] ^= (byte) 0x80;

        assertThat(pattern.firstMismatch(fileOffset, data, 11, 70_000, new byte[70_000]))
                .isEqualTo(fileOffset + 54_321);
    }

    @Test
    void firstMismatchFindsAFlippedLastByte() {
        DataPattern pattern = DataPattern.forFile("test_io_9");
        byte[] data = new byte[1001];
        pattern.fill(5, data, 0, data.length);
        data[1000] ^= 0x10;

        assertThat(pattern.firstMismatch(5, data, 0, data.length, new byte[2000])).isEqualTo(1005);
    }

    @Test
    void firstMismatchDetectsDataOfAnotherFile() {
        byte[] data = fill(DataPattern.forFile("test_io_1"), 0, 4096);

        assertThat(DataPattern.forFile("test_io_2").firstMismatch(0, data, 0, data.length, new byte[4096]))
                .isBetween(0L, 4095L);
    }

    private static byte[] fill(DataPattern pattern, long fileOffset, int length) {
        byte[] buffer = new byte[length];
        pattern.fill(fileOffset, buffer, 0, length);
        return buffer;
    }

    private static long deflatedSize(byte[] input) {
        Deflater deflater = new Deflater(Deflater.BEST_COMPRESSION);
        try {
            deflater.setInput(input);
            deflater.finish();
            byte[] out = new byte[64 * 1024];
            long total = 0;
            while (!deflater.finished()) {
                total += deflater.deflate(out);
            }
            return total;
        } finally {
            deflater.end();
        }
    }
}
