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
}
