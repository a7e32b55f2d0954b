package io.hbench.result;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class UnitTest {
    @Test
    void findsEveryUnitBySymbol() {
        for (Unit unit : Unit.values()) {
            assertThat(Unit.bySymbol(unit.symbol())).isSameAs(unit);
        }
    }

    @Test
    void speaksTheSchemasVocabularyOfBaseUnits() {
        assertThat(Unit.values()).extracting(Unit::symbol).containsExactly(
                "count", "bytes", "seconds", "bytes/s", "ops/s", "1/s", "ratio", "percent", "sf/h", "price/(sf/h)");
    }

    @Test
    void rejectsUnknownSymbol() {
        assertThatThrownBy(() -> Unit.bySymbol("furlongs"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown unit: furlongs");
    }
}
