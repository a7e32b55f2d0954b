package io.hbench.units;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class DataSizeTest {
    @Test
    void parsesGigabytesAsPowersOfTwo() {
        assertThat(DataSize.parse("16GB")).isEqualTo(16L * (1L << 30));
    }

    @Test
    void readsANumberWithoutUnitAsMebibytesAsTestDfsioDoes() {
        assertThat(DataSize.parse("1")).isEqualTo(1L << 20);
    }

    @Test
    void parsesKilobytesBytesAndTerabytes() {
        assertThat(DataSize.parse("512KB")).isEqualTo(512L * 1024);
        assertThat(DataSize.parse("3b")).isEqualTo(3L);
        assertThat(DataSize.parse("7 tb")).isEqualTo(7L * (1L << 40));
    }

    @Test
    void acceptsLowerCaseAndSingleLetterUnits() {
        assertThat(DataSize.parse("16gb")).isEqualTo(DataSize.parse("16GB"));
        assertThat(DataSize.parse("16g")).isEqualTo(16L << 30);
        assertThat(DataSize.parse("2m")).isEqualTo(2L << 20);
        assertThat(DataSize.parse("2k")).isEqualTo(2048L);
        assertThat(DataSize.parse(" 5MB ")).isEqualTo(5L << 20);
    }

    @Test
    void rejectsUnknownUnitWithMessageNamingTheText() {
        assertThatThrownBy(() -> DataSize.parse("16XB"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("'16XB' is not a size: use a whole number and B, KB, MB, GB or TB"
                        + " (binary: 1KB = 1024 bytes; no unit means MB), e.g. 16GB");
    }

    @Test
    void rejectsEmptyNegativeAndFractionalSizes() {
        for (String text : new String[] {"", "-1", "1.5GB", "GB", "1 2"}) {
            assertThatThrownBy(() -> DataSize.parse(text))
                    .as(text)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("'" + text + "' is not a size: ");
        }
    }

    @Test
    void rejectsNullAsNotASize() {
        assertThatThrownBy(() -> DataSize.parse(null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("'null' is not a size: ");
    }

    @Test
    void rejectsSizeThatOverflowsALongWithExactMessage() {
        assertThatThrownBy(() -> DataSize.parse("9999999999TB"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("'9999999999TB' is too large: the largest size is 9223372036854775807 bytes");
    }

    @Test
    void rejectsNumberTooLongForALongWithTheSameMessage() {
        assertThatThrownBy(() -> DataSize.parse("99999999999999999999B"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("'99999999999999999999B' is too large: the largest size is 9223372036854775807 bytes");
    }

    @Test
    void convertsBytesToMebibytes() {
        assertThat(DataSize.toMebibytes(1L << 20)).isEqualTo(1.0);
        assertThat(DataSize.toMebibytes(3L << 19)).isEqualTo(1.5);
        assertThat(DataSize.toMebibytes(0)).isEqualTo(0.0);
    }

    @Test
    void formatsBelowOneKibibyteInBytes() {
        assertThat(DataSize.format(0)).isEqualTo("0 B");
        assertThat(DataSize.format(1023)).isEqualTo("1023 B");
    }

    @Test
    void formatsWithTheLargestBinaryUnitAndTwoDecimals() {
        assertThat(DataSize.format(1024)).isEqualTo("1.00 KiB");
        assertThat(DataSize.format(1536)).isEqualTo("1.50 KiB");
        assertThat(DataSize.format(1L << 20)).isEqualTo("1.00 MiB");
        assertThat(DataSize.format(3L << 29)).isEqualTo("1.50 GiB");
        assertThat(DataSize.format(7L << 40)).isEqualTo("7.00 TiB");
        assertThat(DataSize.format(2L << 50)).isEqualTo("2.00 PiB");
        // Beyond PiB the unit stays PiB: 2^63 - 1 bytes is just under 8192 PiB.
        assertThat(DataSize.format(Long.MAX_VALUE)).isEqualTo("8192.00 PiB");
    }
}
