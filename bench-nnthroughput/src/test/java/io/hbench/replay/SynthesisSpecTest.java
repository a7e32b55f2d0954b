package io.hbench.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import io.hbench.cli.FlagNames;
import io.hbench.error.InvalidOptionException;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

class SynthesisSpecTest {
    private static SynthesisSpec.Builder valid() {
        return SynthesisSpec.builder().mix("open=1").rate(10).duration(Duration.ofSeconds(1));
    }

    private static String flagMessage(Executable executable) {
        try {
            executable.execute();
        } catch (InvalidOptionException e) {
            return e.messageNaming(FlagNames.SAME::flagOf);
        } catch (Throwable e) {
            throw new AssertionError("not refused as an option: " + e, e);
        }
        throw new AssertionError("not refused");
    }

    @Test
    void readsTheMixInTheOrderGiven() {
        Map<AuditCommand, Integer> mix = SynthesisSpec.parseMix("create=1, open=8,rename=2");

        assertThat(mix).containsExactly(entry(AuditCommand.CREATE, 1), entry(AuditCommand.OPEN, 8),
                entry(AuditCommand.RENAME, 2));
    }

    @Test
    void refusesAMixNotWrittenAsCommandsAndWeightsNamingTheFlag() {
        assertThat(flagMessage(() -> SynthesisSpec.parseMix("open"))).isEqualTo("-mix 'open': write each command as"
                + " command=weight, separated by commas, e.g. create=1,open=8,getfileinfo=4");
        assertThat(flagMessage(() -> SynthesisSpec.parseMix("open=1,"))).startsWith("-mix 'open=1,': write each");
        assertThat(flagMessage(() -> SynthesisSpec.parseMix("listCachePools=1"))).isEqualTo("-mix: 'listCachePools'"
                + " is not a command it writes; give any of open create mkdirs delete rename getfileinfo listStatus"
                + " contentSummary setPermission setOwner setTimes setReplication append concat truncate getAclStatus");
        assertThat(flagMessage(() -> SynthesisSpec.parseMix("open=1,open=2"))).isEqualTo("-mix names open twice");
        assertThat(flagMessage(() -> SynthesisSpec.parseMix("open=0")))
                .isEqualTo("-mix weight of open must be a whole number of at least 1, got '0'");
        assertThat(flagMessage(() -> SynthesisSpec.parseMix("open=x")))
                .isEqualTo("-mix weight of open must be a whole number of at least 1, got 'x'");
    }

    @Test
    void refusesValuesOutOfRangeNamingTheFlag() {
        assertThat(flagMessage(() -> valid().mix(Map.of()).build()))
                .isEqualTo("-mix names no command: give the commands to write and their weights,"
                        + " e.g. create=1,open=8,getfileinfo=4");
        assertThat(flagMessage(() -> valid().mix(Map.of(AuditCommand.OPEN, Integer.MAX_VALUE, AuditCommand.CREATE, 1))
                .build())).isEqualTo("-mix weights add up to more than 2147483647");
        assertThat(flagMessage(() -> SynthesisSpec.builder().mix("open=1").duration(Duration.ofSeconds(1)).build()))
                .isEqualTo("give -rate: how many commands a second the log holds");
        assertThat(flagMessage(() -> valid().rate(0).build()))
                .isEqualTo("-rate must be more than 0 commands per second, got 0.0");
        assertThat(flagMessage(() -> valid().rate(Double.POSITIVE_INFINITY).build()))
                .isEqualTo("-rate must be more than 0 commands per second, got Infinity");
        assertThat(flagMessage(() -> SynthesisSpec.builder().mix("open=1").rate(1).build()))
                .isEqualTo("give -duration: how long a time the log covers");
        assertThat(flagMessage(() -> valid().duration(Duration.ZERO).build()))
                .isEqualTo("-duration must be at least 1 ms, got 0 ms");
        assertThat(flagMessage(() -> valid().rate(1e6).duration(Duration.ofHours(1)).build()))
                .isEqualTo("-rate 1000000.0 for -duration 3600000 ms makes 3600000000 commands, more than 1000000000");
        assertThat(flagMessage(() -> valid().sources(0).build())).isEqualTo("-sources must be from 1 to 65536, got 0");
        assertThat(flagMessage(() -> valid().sources(65_537).build()))
                .isEqualTo("-sources must be from 1 to 65536, got 65537");
    }

    @Test
    void holdsRateTimesDurationCommandsEvenlySpacedFromTheStart() {
        SynthesisSpec spec = valid().rate(4).duration(Duration.ofSeconds(2)).build();

        assertThat(spec.commands()).isEqualTo(8);
        assertThat(spec.timeMillis(0)).isEqualTo(SynthesisSpec.START);
        assertThat(spec.timeMillis(7)).isEqualTo(SynthesisSpec.START + 1750);
        assertThat(AuditTime.format(SynthesisSpec.START)).isEqualTo("2026-01-01 00:00:00,000");
    }

    @Test
    void countsACommandBegunWithinTheDurationWhole() {
        SynthesisSpec spec = valid().rate(0.5).duration(Duration.ofSeconds(3)).build();

        assertThat(spec.commands()).isEqualTo(2);
        assertThat(spec.timeMillis(1)).isEqualTo(SynthesisSpec.START + 2000);
    }

    @Test
    void defaultsToFourSourcesAndSeedZero() {
        SynthesisSpec spec = valid().build();

        assertThat(spec.sources()).isEqualTo(4);
        assertThat(spec.seed()).isZero();
        assertThat(spec.mix()).containsExactly(entry(AuditCommand.OPEN, 1));
    }
}
