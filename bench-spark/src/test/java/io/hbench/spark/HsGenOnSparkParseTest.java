package io.hbench.spark;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import io.hbench.cli.BenchTool;
import io.hbench.hs.HsGenTool;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * HSGen on Spark's command line fails as MapReduce HSGen's does, before Spark starts: exit 2, the same one line and
 * the usage hint on stderr, nothing on stdout.
 */
class HsGenOnSparkParseTest {
    private static final String ROWS_NOT_A_COUNT = "HSGen: -rows 'lots' is not a row count: use a whole number,"
            + " optionally with k, m, b or t (thousands, millions, billions, trillions)";

    /** The exit status, stderr and stdout of one run. */
    private static List<Object> run(BiFunction<PrintStream, PrintStream, ? extends BenchTool<?>> factory,
            String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        BenchTool<?> tool = factory.apply(new PrintStream(out, true, UTF_8), new PrintStream(err, true, UTF_8));
        tool.setConf(new Configuration());
        int status = tool.run(args);
        return List.of(status, err.toString(UTF_8), out.toString(UTF_8));
    }

    @ParameterizedTest
    @ValueSource(strings = {"lots /out", "-5 /out", "-rows 10 1000", "-rows 10 -maps 0", "-rows 10 -replication x",
            "-rows 10 -sort", "-output /out"})
    void badFlagsFailAsMapReduceHsGensDo(String commandLine) {
        String[] args = commandLine.split(" ");

        List<Object> spark = run(HsGenOnSpark::new, args);

        assertThat(spark).isEqualTo(run(HsGenTool::new, args));
        assertThat(spark.get(0)).isEqualTo(2);
        assertThat(((String) spark.get(1)).lines()).hasSize(2).last().isEqualTo("Run 'HSGen -help' for usage.");
        assertThat(spark.get(2)).isEqualTo("");
    }

    @Test
    void theMainExits2WithOneLineAndStartsNoSpark() throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process process = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
                HsGenOnSpark.class.getName(), "-rows", "lots").start();
        process.getOutputStream().close();
        String out = new String(process.getInputStream().readAllBytes(), UTF_8);
        String err = new String(process.getErrorStream().readAllBytes(), UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("child JVM ended").isTrue();

        assertThat(err.lines()).as("stderr").containsExactly(ROWS_NOT_A_COUNT, "Run 'HSGen -help' for usage.");
        assertThat(out).as("stdout").isEmpty();
        assertThat(process.exitValue()).as("exit status, stderr: %s", err).isEqualTo(2);
    }
}
