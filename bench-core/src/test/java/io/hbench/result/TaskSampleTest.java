package io.hbench.result;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TaskSampleTest {
    private static final Instant START = Instant.parse("2026-11-22T20:10:00.123Z");
    private static final Instant END = Instant.parse("2026-11-22T20:10:02.623Z");
    private static final Metric BYTES = Metric.of("bytes", 1024, Unit.BYTES, Better.NEITHER);

    @Test
    void keepsItsFields() {
        TaskSample task = new TaskSample("task_0001_m_000001", "dn1", START, END, List.of(BYTES));

        assertThat(task.id()).isEqualTo("task_0001_m_000001");
        assertThat(task.host()).contains("dn1");
        assertThat(task.duration()).isEqualTo(Duration.ofMillis(2500));
        assertThat(task.metric("bytes")).contains(BYTES);
        assertThat(task.metric("files")).isEmpty();
    }

    @Test
    void treatsNullHostAsUnknown() {
        assertThat(new TaskSample("t1", null, START, END, List.of()).host()).isEmpty();
    }

    @Test
    void copiesMetrics() {
        List<Metric> metrics = new ArrayList<>(List.of(BYTES));
        TaskSample task = new TaskSample("t1", null, START, END, metrics);
        metrics.clear();

        assertThat(task.metrics()).containsExactly(BYTES);
    }

    @Test
    void acceptsZeroDuration() {
        assertThat(new TaskSample("t1", null, START, START, List.of()).duration()).isZero();
    }

    @Test
    void rejectsBlankId() {
        assertThatThrownBy(() -> new TaskSample(" ", null, START, END, List.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("id is blank");
    }

    @Test
    void rejectsBlankHost() {
        assertThatThrownBy(() -> new TaskSample("t1", "", START, END, List.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("host is blank");
    }

    @Test
    void rejectsNullStart() {
        assertThatThrownBy(() -> new TaskSample("t1", null, null, END, List.of()))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("start is null");
    }

    @Test
    void rejectsEndBeforeStart() {
        assertThatThrownBy(() -> new TaskSample("t1", null, END, START, List.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("end is before start: start=2026-11-22T20:10:02.623Z, end=2026-11-22T20:10:00.123Z");
    }

    @Test
    void rejectsDuplicateMetricNames() {
        assertThatThrownBy(() -> new TaskSample("t1", null, START, END, List.of(BYTES, Metric.of("bytes", 1, Unit.BYTES, Better.NEITHER))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("duplicate metric: bytes");
    }
}
