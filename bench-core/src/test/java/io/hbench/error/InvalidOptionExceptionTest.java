package io.hbench.error;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class InvalidOptionExceptionTest {
    @Test
    void aLibraryCallerReadsTheOptionsNamesAndAToolItsFlags() {
        InvalidOptionException e = new InvalidOptionException("{} must not be the {} directory", "outputDir",
                "inputDir");

        assertThat(e).hasMessage("outputDir must not be the inputDir directory");
        assertThat(e.options()).containsExactly("outputDir", "inputDir");
        assertThat(e.messageNaming(option -> option.equals("outputDir") ? "-output" : "-input"))
                .isEqualTo("-output must not be the -input directory");
    }

    @Test
    void aMessageMustNameEveryOptionItIsGivenAndNoOther() {
        assertThatThrownBy(() -> new InvalidOptionException("{} and {} clash", "a"))
                .hasMessage("the message names more options than [a]: {} and {} clash");
        assertThatThrownBy(() -> new InvalidOptionException("{} is wrong", "a", "b"))
                .hasMessage("the message names fewer options than [a, b]: {} is wrong");
    }
}
