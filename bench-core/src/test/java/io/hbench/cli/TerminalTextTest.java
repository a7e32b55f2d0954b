package io.hbench.cli;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class TerminalTextTest {
    @Test
    void escapesEveryCharacterThatPrintsNothingAndKeepsTheRest() {
        assertThat(TerminalText.escape("\u001b[2J\u0007\r\n\t\u007f\u009b")).isEqualTo("\\x1b[2J\\x07\\r\\n\\t\\x7f\\x9b");
        assertThat(TerminalText.escape("a\u202eb\u200bc\u2028d\u2029")).isEqualTo("a\\u202eb\\u200bc\\u2028d\\u2029");
        assertThat(TerminalText.escape("\udb80\udc00 \ud800")).as("private use, a lone surrogate")
                .isEqualTo("\\U000f0000 \\ud800");
        assertThat(TerminalText.escape("/tmp/Müller/µs ± 2% \ud83d\ude00 C:\\x1b")).as("printable, backslashes too")
                .isEqualTo("/tmp/Müller/µs ± 2% \ud83d\ude00 C:\\x1b");
    }

    @Test
    void escapingTwiceChangesNothingMore() {
        String once = TerminalText.escape("a\u001bb\nc\u2028");

        assertThat(TerminalText.escape(once)).isEqualTo(once);
    }
}
