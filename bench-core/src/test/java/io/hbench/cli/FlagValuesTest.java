package io.hbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import java.net.InetSocketAddress;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class FlagValuesTest {
    @Test
    void readsWholeNumbersWithSignAndSpaces() {
        assertThat(FlagValues.wholeNumber("-nrFiles", " 64 ")).isEqualTo(64);
        assertThat(FlagValues.wholeNumber("-nrFiles", "-3")).isEqualTo(-3);
        assertThat(FlagValues.wholeNumber("-nrFiles", "+7")).isEqualTo(7);
    }

    @Test
    void aNumberPastTheTypeIsTooLargeAndSaysTheLimit() {
        assertThatThrownBy(() -> FlagValues.wholeNumber("-nrFiles", "99999999999"))
                .isInstanceOf(BenchException.class)
                .hasMessage("-nrFiles '99999999999' is too large: at most 2147483647")
                .extracting(e -> ((BenchException) e).errorCode()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
        assertThatThrownBy(() -> FlagValues.seed("-seed", "99999999999999999999"))
                .hasMessage("-seed '99999999999999999999' is too large: at most 9223372036854775807");
    }

    @Test
    void aRangeIsCheckedAtBothEnds() {
        assertThat(FlagValues.wholeNumber("-rounds", "1", 1, 100)).isEqualTo(1);
        assertThat(FlagValues.wholeNumber("-rounds", "100", 1, 100)).isEqualTo(100);
        assertThatThrownBy(() -> FlagValues.wholeNumber("-rounds", "0", 1, 100))
                .hasMessage("-rounds '0' is too small: at least 1");
        assertThatThrownBy(() -> FlagValues.wholeNumber("-rounds", "101", 1, 100))
                .hasMessage("-rounds '101' is too large: at most 100");
    }

    @Test
    void textThatIsNoNumberIsSaidSo() {
        for (String text : new String[] {"", "ten", "1.5", "1e3", "0x10", "--1"}) {
            assertThatThrownBy(() -> FlagValues.wholeNumber("-threads", text)).as(text)
                    .hasMessage("-threads '" + text + "' is not a whole number");
        }
    }

    @Test
    void sizesAreBinaryAndAPlainNumberIsMebibytesForTestDfsioAndBytesForBsp() {
        assertThat(FlagValues.size("-fileSize", "16GB")).isEqualTo(16L << 30);
        assertThat(FlagValues.size("-fileSize", "3")).isEqualTo(3L << 20);
        assertThat(FlagValues.bytes("<msgSize>", "65536")).isEqualTo(65536);
        assertThat(FlagValues.bytes("<msgSize>", "64KB")).isEqualTo(65536);
        assertThatThrownBy(() -> FlagValues.bytes("-s", "64XB"))
                .hasMessage("-s '64XB' is not a size: use a whole number and B, KB, MB, GB or TB (binary: 1KB = 1024"
                        + " bytes; no unit means bytes), e.g. 64KB");
        assertThatThrownBy(() -> FlagValues.size("-fileSize", "99999999999TB"))
                .hasMessage("-fileSize '99999999999TB' is too large: the largest size is 9223372036854775807 bytes");
    }

    @Test
    void durationsTakeAUnitAndAPlainNumberIsSeconds() {
        assertThat(FlagValues.duration("-duration", "30")).isEqualTo(Duration.ofSeconds(30));
        assertThat(FlagValues.duration("-duration", "250ms")).isEqualTo(Duration.ofMillis(250));
        assertThat(FlagValues.duration("-duration", "2 m")).isEqualTo(Duration.ofMinutes(2));
        assertThat(FlagValues.duration("-duration", "1H")).isEqualTo(Duration.ofHours(1));
        assertThatThrownBy(() -> FlagValues.duration("-duration", "5 days"))
                .hasMessage("-duration '5 days' is not a duration: use a whole number and ms, s, m or h (no unit means"
                        + " seconds), e.g. 30s");
        assertThatThrownBy(() -> FlagValues.duration("-duration", "9223372036854775807h"))
                .hasMessage("-duration '9223372036854775807h' is too long");
    }

    @Test
    void hostPortLeavesTheHostUnresolvedAndAnEmptyHostIsEveryInterface() {
        InetSocketAddress address = FlagValues.hostPort("-listen", "node7.example:7077");
        assertThat(address.isUnresolved()).isTrue();
        assertThat(address.getHostString()).isEqualTo("node7.example");
        assertThat(address.getPort()).isEqualTo(7077);
        assertThat(FlagValues.hostPort("-listen", ":0").getHostString()).isEqualTo("0.0.0.0");
        for (String text : new String[] {"node7", "node7:", "node7:65536", "node7:port"}) {
            assertThatThrownBy(() -> FlagValues.hostPort("-listen", text)).as(text)
                    .hasMessage("-listen '" + text + "' is not host:port with a port from 0 to 65535, e.g."
                            + " 0.0.0.0:7077");
        }
    }

    @Test
    void decimalsRefuseWordsAndInfinities() {
        assertThat(FlagValues.decimal("-alpha", "0.05")).isEqualTo(0.05);
        for (String text : new String[] {"five", "NaN", "Infinity", ""}) {
            assertThatThrownBy(() -> FlagValues.decimal("-alpha", text)).as(text)
                    .hasMessage("-alpha '" + text + "' is not a number");
        }
    }

    @Test
    void readsEachHostsLinkRateInBitsPerSecond() {
        assertThat(FlagValues.hostRates("-linkSpeed", "w2=20Mbit, w3=10Gbit"))
                .containsExactly(entry("w2", 20_000_000L), entry("w3", 10_000_000_000L));
        assertThatThrownBy(() -> FlagValues.hostRates("-linkSpeed", "20Mbit"))
                .hasMessage("-linkSpeed '20Mbit' is not host=rate[,host=rate...], e.g. w2=20Mbit,w3=1Gbit");
        assertThatThrownBy(() -> FlagValues.hostRates("-linkSpeed", "w2=20"))
                .hasMessageStartingWith("-linkSpeed w2: '20' is not a link rate: use a number and bit, Kbit");
        assertThatThrownBy(() -> FlagValues.hostRates("-linkSpeed", "w2=1Gbit,w2=2Gbit"))
                .hasMessage("-linkSpeed 'w2=1Gbit,w2=2Gbit' gives w2 twice");
    }
}
