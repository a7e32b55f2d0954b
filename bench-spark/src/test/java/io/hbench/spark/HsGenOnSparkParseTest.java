package io.hbench.spark;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import io.hbench.cli.BenchTool;
import io.hbench.hs.HsGenTool;
import io.hbench.hs.HsSortTool;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * HSGen's and HSSort's command lines on Spark fail as MapReduce's do, before Spark starts: exit 2, the same one line
 * and the usage hint on stderr, nothing on stdout.
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
        assertFailsAsOnMapReduce(HsGenOnSpark::new, HsGenTool::new, "HSGen", commandLine.split(" "));
    }

    @ParameterizedTest
    @ValueSource(strings = {"/in /out /extra", "-sampler magic", "-reduces 0", "-reduces x", "-replication 0",
            "-input /a -output /a"})
    void badFlagsFailAsMapReduceHsSortsDo(String commandLine) {
        assertFailsAsOnMapReduce(HsSortOnSpark::new, HsSortTool::new, "HSSort", commandLine.split(" "));
    }

    private static void assertFailsAsOnMapReduce(BiFunction<PrintStream, PrintStream, ? extends BenchTool<?>> onSpark,
            BiFunction<PrintStream, PrintStream, ? extends BenchTool<?>> onMapReduce, String program, String... args) {
        List<Object> spark = run(onSpark, args);

        assertThat(spark).isEqualTo(run(onMapReduce, args));
        assertThat(spark.get(0)).isEqualTo(2);
        assertThat(((String) spark.get(1)).lines()).hasSize(2).last()
                .isEqualTo("Run '" + program + " -help' for usage.");
        assertThat(spark.get(2)).isEqualTo("");
    }

    @Test
    void theMainExits2WithOneLineAndStartsNoSpark() throws Exception {
        assertMainExits2(HsGenOnSpark.class, "HSGen", ROWS_NOT_A_COUNT, "-rows", "lots");
    }

    @Test
    void theSortMainExits2WithOneLineAndStartsNoSpark() throws Exception {
        assertMainExits2(HsSortOnSpark.class, "HSSort", "HSSort: -reduces 'x' is not a whole number", "-reduces", "x");
    }

    /** Runs {@code main}'s class in a JVM of its own. */
    private static void assertMainExits2(Class<?> main, String program, String error, String... args)
            throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> command = new ArrayList<>(List.of(java.toString(), "-cp", System.getProperty("java.class.path"),
                main.getName()));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).start();
        process.getOutputStream().close();
        String out = new String(process.getInputStream().readAllBytes(), UTF_8);
        String err = new String(process.getErrorStream().readAllBytes(), UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("child JVM ended").isTrue();

        assertThat(err.lines()).as("stderr").containsExactly(error, "Run '" + program + " -help' for usage.");
        assertThat(out).as("stdout").isEmpty();
        assertThat(process.exitValue()).as("exit status, stderr: %s", err).isEqualTo(2);
    }
}
