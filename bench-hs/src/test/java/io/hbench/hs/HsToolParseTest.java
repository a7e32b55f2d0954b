package io.hbench.hs;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbench.cli.BenchTool;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.function.BiFunction;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/**
 * Command-line validation of the five programs with no cluster: every case fails while parsing,
 * before a cluster session opens: exit 2, one line on stderr, the usage hint, nothing on stdout.
 */
class HsToolParseTest {
    private final ByteArrayOutputStream outBytes = new ByteArrayOutputStream();
    private final ByteArrayOutputStream errBytes = new ByteArrayOutputStream();

    private int run(BiFunction<PrintStream, PrintStream, ? extends BenchTool<?>> factory, String... args) {
        BenchTool<?> tool = factory.apply(new PrintStream(outBytes, true, UTF_8), new PrintStream(errBytes, true, UTF_8));
        tool.setConf(new Configuration());
        return tool.run(args);
    }

    private void assertUsageError(int status, String firstLine, String usageStart) {
        assertThat(status).as("exit status").isEqualTo(2);
        List<String> err = errBytes.toString(UTF_8).lines().collect(Collectors.toList());
        assertThat(err).hasSize(2);
        assertThat(err.get(0)).isEqualTo(firstLine);
        assertThat(err.get(1)).isEqualTo("Run '" + usageStart.split(" ")[0] + " -help' for usage.");
        assertThat(outBytes.toString(UTF_8)).isEmpty();
        errBytes.reset();
    }

    @Test
    void hsGenReadsItsRowCountFromTheFirstArgument() {
        assertUsageError(run(HsGenTool::new, "lots", "/out"), "HSGen: -rows 'lots' is not a row count: use a whole"
                + " number, optionally with k, m, b or t (thousands, millions, billions, trillions)", "HSGen ");
    }

    @Test
    void hsGenSaysANegativeOrHugeRowCountIsOneAndWhatIsWrongWithIt() {
        assertUsageError(run(HsGenTool::new, "-5", "/out"), "HSGen: <rows> '-5' cannot be negative", "HSGen ");
        assertUsageError(run(HsGenTool::new, "99999999t", "/out"), "HSGen: -rows '99999999t' is too large: at most"
                + " 9223372036854775807 rows", "HSGen ");
    }

    @Test
    void hsGenRefusesARowCountGivenBothWays() {
        assertUsageError(run(HsGenTool::new, "-rows", "10", "1000"),
                "HSGen: '1000' and -rows both give the rows: give one", "HSGen ");
    }

    @Test
    void hsSortRefusesAThirdArgument() {
        assertUsageError(run(HsSortTool::new, "/in", "/out", "/extra"), "HSSort: unexpected argument '/extra'",
                "HSSort ");
    }

    @Test
    void tpcxhsNeedsASize() {
        assertUsageError(run(TpcxhsTool::new, "-baseDir", "/x"),
                "TPCx-HS: give the data size: -sf <scale factor> or -rows <N>", "TPCx-HS ");
    }

    @Test
    void tpcxhsRefusesAnUnknownScaleFactorForm() {
        assertUsageError(run(TpcxhsTool::new, "-sf", "1e3"), "TPCx-HS: -sf '1e3' is not a scale factor: use a plain"
                + " decimal number of terabytes, such as 1, 3, 10, or 0.0001 for a test run", "TPCx-HS ");
    }

    @Test
    void tpcxhsRefusesAScaleFactorOutsideTheList() {
        assertUsageError(run(TpcxhsTool::new, "-sf", "2"), "TPCx-HS: -sf 2 is not a TPCx-HS scale factor: use 1, 3,"
                + " 10, 30, 100, 300, 1000, 3000 or 10000, or one below 1 for a test run", "TPCx-HS ");
    }

    @Test
    void tpcxhsRefusesZeroRows() {
        assertUsageError(run(TpcxhsTool::new, "-rows", "0"), "TPCx-HS: -rows must be at least 1, got 0", "TPCx-HS ");
    }

    @Test
    void tpcxhsRefusesBothSizes() {
        assertUsageError(run(TpcxhsTool::new, "-sf", "1", "-rows", "10"),
                "TPCx-HS: -sf and -rows both size the data: give one", "TPCx-HS ");
    }

    @Test
    void tpcxhsRefusesANonPositivePrice() {
        assertUsageError(run(TpcxhsTool::new, "-sf", "0.0001", "-price", "-5"), "TPCx-HS: -price must be above 0,"
                + " got -5", "TPCx-HS ");
    }

    @Test
    void hsGenRefusesZeroRows() {
        assertUsageError(run(HsGenTool::new, "-rows", "0"), "HSGen: -rows must be at least 1, got 0", "HSGen ");
    }

    @Test
    void hsGenNeedsRows() {
        assertUsageError(run(HsGenTool::new, "-maps", "2"), "HSGen: -rows is required: -rows <N>, or <N> as the first argument as TeraGen takes it", "HSGen ");
    }

    @Test
    void hsGenRefusesAMalformedRowCount() {
        assertUsageError(run(HsGenTool::new, "-rows", "12x"), "HSGen: -rows '12x' is not a row count: use a whole"
                + " number, optionally with k, m, b or t (thousands, millions, billions, trillions)", "HSGen ");
    }

    @Test
    void hsGenRefusesMoreMapsThanRows() {
        assertUsageError(run(HsGenTool::new, "-rows", "3", "-maps", "4"), "HSGen: -maps 4 is more than the 3 rows to"
                + " generate: every map needs at least one row", "HSGen ");
    }

    @Test
    void hsSortRefusesAnUnknownSampler() {
        assertUsageError(run(HsSortTool::new, "-sampler", "magic"),
                "HSSort: -sampler 'magic' is not a sampler: use balanced or classic", "HSSort ");
    }

    @Test
    void hsSortRefusesZeroReducers() {
        assertUsageError(run(HsSortTool::new, "-reduces", "0"), "HSSort: -reduces must be from 1 to 100000, got 0",
                "HSSort ");
    }

    @Test
    void hsSortRefusesToWriteIntoItsInput() {
        assertUsageError(run(HsSortTool::new, "-input", "/a", "-output", "/a"),
                "HSSort: -output must not be the -input directory: the output replaces what is in it", "HSSort ");
    }

    @Test
    void hsValidateRefusesZeroRows() {
        assertUsageError(run(HsValidateTool::new, "-rows", "0"), "HSValidate: -rows must be at least 1, got 0",
                "HSValidate ");
    }

    @Test
    void hsDataCheckRefusesZeroReplication() {
        assertUsageError(run(HsDataCheckTool::new, "-replication", "0"),
                "HSDataCheck: -replication must be from 1 to 512, got 0", "HSDataCheck ");
        assertThatThrownBy(() -> HsDataCheckOptions.builder("/d").replication(0).build())
                .as("a library caller reads the option's name, the command line its flag")
                .hasMessage("replication must be from 1 to 512, got 0");
        assertThatThrownBy(() -> HsGenOptions.builder(10).outputDir(" ").build()).hasMessage("outputDir is empty");
        assertUsageError(run(HsGenTool::new, "10", " "), "HSGen: -output is empty", "HSGen ");
    }

    @Test
    void everyProgramAnswersHelp() {
        for (BiFunction<PrintStream, PrintStream, ? extends BenchTool<?>> factory : List.<BiFunction<PrintStream,
                PrintStream, ? extends BenchTool<?>>>of(HsGenTool::new, HsSortTool::new, HsValidateTool::new,
                HsDataCheckTool::new, TpcxhsTool::new)) {
            outBytes.reset();
            assertThat(run(factory, "-help")).isZero();
            assertThat(outBytes.toString(UTF_8)).startsWith("Usage: ").contains("-json");
        }
        assertThat(errBytes.toString(UTF_8)).isEmpty();
    }
}
