package io.hbench.error;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.FileNotFoundException;
import java.io.IOException;
import org.junit.jupiter.api.Test;

class ErrorTextTest {
    @Test
    void aMessageOfManyLinesIsSaidByItsFirstTrimmed() {
        assertThat(ErrorText.firstLine(new IOException("  No such file: /a  \n\tat somewhere\nmore")))
                .isEqualTo("No such file: /a");
        assertThat(ErrorText.firstLine(new IOException("one line"))).isEqualTo("one line");
    }

    @Test
    void aMissingEmptyOrBlankMessageIsSaidByTheClassName() {
        assertThat(ErrorText.firstLine(new FileNotFoundException())).isEqualTo("FileNotFoundException");
        assertThat(ErrorText.firstLine(new IOException(""))).isEqualTo("IOException");
        assertThat(ErrorText.firstLine(new IOException(" \n\t\n"))).isEqualTo("IOException");
    }

    @Test
    void blankLinesBeforeTheMessageAreSkipped() {
        assertThat(ErrorText.firstLine(new IllegalStateException("\n  \nthe store refused the call")))
                .isEqualTo("the store refused the call");
    }
}
