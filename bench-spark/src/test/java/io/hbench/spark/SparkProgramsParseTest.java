package io.hbench.spark;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import io.hbench.cli.BenchTool;
import io.hbench.hs.HsDataCheckTool;
import io.hbench.hs.HsGenTool;
import io.hbench.hs.HsValidateTool;
import io.hbench.hs.HsSortTool;
import io.hbench.hs.TpcxhsTool;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * HSGen, HSSort, HSValidate, HSDataCheck and TPCx-HS on Spark's command lines fail as MapReduce's do, before Spark starts:
 * exit 2, the same one line and the usage hint on stderr, nothing on stdout.
 */
class SparkProgramsParseTest {
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

    @ParameterizedTest
    @ValueSource(strings = {"-rows 10 -sf 1", "-baseDir /hs", "-sf 0.5x", "-rows 10 -price lots", "-rows 10 -maps 0"})
    void badFlagsFailAsMapReduceTpcxhsDoes(String commandLine) {
        assertFailsAsOnMapReduce(TpcxhsOnSpark::new, TpcxhsTool::new, "TPCx-HS", commandLine.split(" "));
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

    @ParameterizedTest
    @ValueSource(strings = {"-rows 0", "-input /in -report /in", "/in /report -gen"})
    void badFlagsFailAsMapReduceHsValidatesDo(String commandLine) {
        assertFailsAsOnMapReduce(HsValidateOnSpark::new, HsValidateTool::new, "HSValidate", commandLine.split(" "));
    }

    @ParameterizedTest
    @ValueSource(strings = {"-replication 0", "/gen -rows lots", "/gen /other"})
    void badFlagsFailAsMapReduceHsDataChecksDo(String commandLine) {
        assertFailsAsOnMapReduce(HsDataCheckOnSpark::new, HsDataCheckTool::new, "HSDataCheck", commandLine.split(" "));
    }

    /**
     * A main in a JVM of its own, as spark-submit starts it: the flags are refused before Spark starts. The mains are
     * of one shape; a JVM costs seconds, so two of them stand for the rest.
     */
    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "io.hbench.spark.HsGenOnSpark|-rows lots|" + ROWS_NOT_A_COUNT,
        "io.hbench.spark.TpcxhsOnSpark|-rows 10 -sf 1|TPCx-HS: -sf and -rows both size the data: give one"})
    void theMainExits2WithOneLineAndStartsNoSpark(String main, String commandLine, String error) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-cp", System.getProperty("java.class.path"), main));
        command.addAll(List.of(commandLine.split(" ")));
        Process process = new ProcessBuilder(command).start();
        process.getOutputStream().close();
        String out = new String(process.getInputStream().readAllBytes(), UTF_8);
        String err = new String(process.getErrorStream().readAllBytes(), UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("child JVM ended").isTrue();

        String program = error.substring(0, error.indexOf(':'));
        assertThat(err.lines()).as("stderr").containsExactly(error, "Run '" + program + " -help' for usage.");
        assertThat(out).as("stdout").isEmpty();
        assertThat(process.exitValue()).as("exit status, stderr: %s", err).isEqualTo(2);
    }
}
