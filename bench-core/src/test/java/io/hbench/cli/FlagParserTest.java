package io.hbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import java.util.List;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.junit.jupiter.api.Test;

class FlagParserTest {
    private static Options options() {
        Options options = new Options();
        options.addOption(FlagParser.valued("nrFiles", "N", "files"));
        options.addOption(FlagParser.present("help", "print this help"));
        return options;
    }

    @Test
    void readsAFlagGivenInAnyCase() {
        for (String flag : List.of("-nrFiles", "-nrfiles", "-NRFILES")) {
            CommandLine line = FlagParser.parse(options(), new String[] {flag, "4", "-HELP"});

            assertThat(line.getOptionValue("nrFiles")).as(flag).isEqualTo("4");
            assertThat(line.hasOption("help")).as(flag).isTrue();
        }
    }

    @Test
    void takesAnyNumberOfPositionalArgumentsUnlessTheyAreBounded() {
        assertThat(FlagParser.parse(options(), new String[] {"a", "b", "-nrFiles", "1", "c"}).getArgList())
                .containsExactly("a", "b", "c");
        assertThatThrownBy(() -> FlagParser.parse(options(), new String[] {"a"}, List.of()))
                .isInstanceOf(BenchException.class).hasMessage("unexpected argument 'a'");
    }

    @Test
    void refusesWhatItCannotReadNamingTheFlag() {
        assertThatThrownBy(() -> FlagParser.parse(options(), new String[] {"-nrFile", "4"}))
                .isInstanceOfSatisfying(BenchException.class,
                        e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.UNKNOWN_OPTION))
                .hasMessage("unknown option -nrFile");
        assertThatThrownBy(() -> FlagParser.parse(options(), new String[] {"-NRFILES"}))
                .isInstanceOfSatisfying(BenchException.class,
                        e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.MISSING_OPTION))
                .hasMessage("-nrFiles needs a value: -nrFiles <N>");
    }

    @Test
    void saysOfANegativePositionalArgumentWhichItIs() {
        assertThatThrownBy(() -> FlagParser.parse(options(), new String[] {"3", "-5"}, List.of("first", "second")))
                .hasMessage("<second> '-5' cannot be negative");
    }
}
