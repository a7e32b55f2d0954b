package io.hbench.result.format;

import io.hbench.result.BenchResult;
import io.hbench.result.TaskSample;
import io.hbench.result.Better;
import io.hbench.result.Environment;
import io.hbench.result.Metric;
import io.hbench.result.Unit;
import io.hbench.testing.GoldenFiles;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.StringWriter;
import java.util.List;
import java.util.Locale;

import static io.hbench.result.format.SampleResults.END;
import static io.hbench.result.format.SampleResults.START;
import static io.hbench.testing.DefaultLocales.withDefaultLocale;
import static org.assertj.core.api.Assertions.assertThat;

class TextResultFormatTest {
    private final TextResultFormat format = new TextResultFormat();

    @ParameterizedTest
    @MethodSource("io.hbench.testing.DefaultLocales#locales")
    void writesGoldenFileInEveryDefaultLocale(Locale locale) throws Exception {
        byte[] written = withDefaultLocale(locale, () -> {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            format.write(SampleResults.seeded(), out);
            return out.toByteArray();
        });

        GoldenFiles.assertMatches(TextResultFormatTest.class, "result.txt", written);
    }

    @Test
    void leavesOutEmptySections() throws IOException {
        assertThat(write(minimal().metric("files", 4, Unit.COUNT, Better.NEITHER).build())).isEqualTo(""
                + "hbench TestDFSIO write: PASSED\n"
                + "  start 2026-11-22T20:10:00.123Z  end 2026-11-22T20:10:05.456Z  (5.333 s)\n"
                + "  environment:\n"
                + "    hbench 0.1.0 (abc), Hadoop 3.4.2, Java 17, Linux, on gw1\n"
                + "  metrics:\n"
                + "    files  4.000 count\n"
                + "  tasks: 0\n");
    }

    @Test
    void countsTasksWithoutPrintingThem() throws IOException {
        BenchResult result = minimal().metric("files", 4, Unit.COUNT, Better.NEITHER)
                .taskSample(new TaskSample("task-1", "dn1", START, END, List.of()))
                .taskSample(new TaskSample("task-2", "dn2", START, END, List.of()))
                .build();

        assertThat(write(result)).contains("  tasks: 2 on 2 hosts\n").doesNotContain("task-1").doesNotContain("dn1");
    }

    @Test
    void listsFailuresOnePerLine() throws IOException {
        BenchResult result = minimal().failure("task 3 failed").failure("lost datanode\ncaused by: timeout").build();

        assertThat(write(result)).endsWith(""
                + "  failures:\n"
                + "    - task 3 failed\n"
                + "    - lost datanode\n"
                + "      caused by: timeout\n");
    }

    @Test
    void alignsMetricsAndPrintsThreeDecimalsWithoutGrouping() throws IOException {
        BenchResult result = minimal()
                .metric("files", 4, Unit.COUNT, Better.NEITHER)
                .metric(Metric.of("ops_per_second", 1234567.5, Unit.OPERATIONS_PER_SECOND, Better.HIGHER)
                        .withLabel("operation", "create"))
                .metric("rounded", 0.0005, Unit.SECONDS, Better.LOWER)
                .metric("negative_zero", -0.0, Unit.PERCENT, Better.NEITHER)
                .build();

        assertThat(write(result)).contains(""
                + "  metrics:\n"
                + "    files                                                      4.000 count\n"
                + "    ops_per_second{operation=create} (higher is better)  1234567.500 ops/s\n"
                + "    rounded (lower is better)                                  0.001 seconds\n"
                + "    negative_zero                                              0.000 percent\n");
    }

    private String write(BenchResult result) throws IOException {
        StringWriter out = new StringWriter();
        format.write(result, out);
        return out.toString();
    }

    private static BenchResult.Builder minimal() {
        Environment environment = Environment.builder().hbench("0.1.0", "abc").hadoopVersion("3.4.2").java("17")
                .os("Linux").clientHost("gw1").build();
        return BenchResult.builder("TestDFSIO", "write").primaryMetric("files").environment(environment)
                .start(START).end(END);
    }
}
