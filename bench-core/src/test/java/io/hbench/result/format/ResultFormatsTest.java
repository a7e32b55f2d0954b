package io.hbench.result.format;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ResultFormatsTest {
    @Test
    void findsFormatsByName() {
        assertThat(ResultFormats.byName("json")).isInstanceOf(JsonResultFormat.class);
        assertThat(ResultFormats.byName("TEXT")).isInstanceOf(TextResultFormat.class);
        assertThat(ResultFormats.names()).containsExactly("json", "text");
    }

    @Test
    void rejectsUnknownName() {
        assertThatThrownBy(() -> ResultFormats.byName("xml"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown result format: xml (expected one of [json, text])");
    }
}
