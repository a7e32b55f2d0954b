package io.hbench.units;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class LinkRateTest {
    @Test
    void readsRatesInDecimalBitsPerSecondAsNicsAndTcStateThem() {
        assertThat(LinkRate.parseBitsPerSecond("20Mbit")).isEqualTo(20_000_000L);
        assertThat(LinkRate.parseBitsPerSecond("1Gbit")).isEqualTo(1_000_000_000L);
        assertThat(LinkRate.parseBitsPerSecond("10gbit/s")).isEqualTo(10_000_000_000L);
        assertThat(LinkRate.parseBitsPerSecond("2.5Gbit")).isEqualTo(2_500_000_000L);
        assertThat(LinkRate.parseBitsPerSecond(" 512 kbit ")).isEqualTo(512_000L);
        assertThat(LinkRate.parseBitsPerSecond("9600bit")).isEqualTo(9600L);
    }

    @Test
    void refusesAPlainNumberSinceBitsAndBytesWouldBothFit() {
        assertThatThrownBy(() -> LinkRate.parseBitsPerSecond("100"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("'100' is not a link rate: use a number and bit, Kbit, Mbit, Gbit or Tbit (decimal: 1Mbit"
                        + " = 10^6 bits per second), e.g. 20Mbit or 10Gbit");
        assertThatThrownBy(() -> LinkRate.parseBitsPerSecond("20MB")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> LinkRate.parseBitsPerSecond("0Mbit")).hasMessageContaining("more than 0 bits");
    }

    @Test
    void givesBytesPerSecondTheUnitOfEveryRateInAResult() {
        assertThat(LinkRate.toBytesPerSecond(20_000_000L)).isEqualTo(2_500_000.0);
    }
}
