package io.hbench.hs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.result.Engine;
import io.hbench.result.SubmittedJob;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.math.BigInteger;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * TPCx-HS driven through a hand-written engine whose jobs write the files HSDataCheck reads on the local file system,
 * as a real engine's would: the phases in order, a failed phase ending the benchmark, and the engine in the result.
 */
class TpcxhsEngineTest {
    private static final long ROWS = 20;

    @TempDir
    Path temp;

    @Test
    void theEngineRunsGenSortAndValidateOncePerRunAfterItsCheckAndLandsInTheResult() throws Exception {
        RecordingEngine engine = new RecordingEngine();

        TpcxhsResult result = tpcxhs(engine).run(options());

        assertThat(engine.calls).containsExactly("requireReady", "gen", "sort", "validate", "gen", "sort", "validate");
        assertThat(result.failures()).isEmpty();
        assertThat(result.runs()).hasSize(2).allMatch(TpcxhsResult.Run::passed);
        assertThat(result.engine()).isEqualTo(TpcxhsResultTest.SPARK);
        assertThat(result.jobs()).extracting(SubmittedJob::name).containsExactly("gen", "sort", "validate", "gen",
                "sort", "validate");
        assertThat(result.toBenchResult(HsProgramLinesTest.ENVIRONMENT).engine()).contains(TpcxhsResultTest.SPARK);
    }

    @Test
    void aFailedValidationEndsTheBenchmarkWithNoMetric() throws Exception {
        RecordingEngine engine = new RecordingEngine();
        engine.validateErrors = List.of("error\tmisorder in part-r-00000 at record 3");

        TpcxhsResult result = tpcxhs(engine).run(options());

        assertThat(engine.calls).containsExactly("requireReady", "gen", "sort", "validate");
        assertThat(result.runs()).hasSize(1);
        assertThat(result.metric()).isEmpty();
        assertThat(result.failures()).containsExactly(
                "Run 1, HSValidate: 1 error; first: misorder in part-r-00000 at record 3");
    }

    @Test
    void aJobThatThrowsEndsTheBenchmarkInItsPhase() throws Exception {
        RecordingEngine engine = new RecordingEngine();
        engine.sortFailure = new IOException("executor lost\nat line 2");

        TpcxhsResult result = tpcxhs(engine).run(options());

        assertThat(engine.calls).containsExactly("requireReady", "gen", "sort");
        assertThat(result.runs().get(0).phases()).extracting(TpcxhsResult.Phase::name)
                .containsExactly("HSGen", "HSDataCheck", "HSSort");
        assertThat(result.failures()).containsExactly("Run 1, HSSort: executor lost");
    }

    @Test
    void anEngineThatIsNotReadyStopsTheBenchmarkBeforeAnythingIsWritten() throws Exception {
        RecordingEngine engine = new RecordingEngine();
        engine.notReady = new BenchException(ErrorCode.UNSUPPORTED_CONFIGURATION, "no executors");

        assertThatThrownBy(() -> tpcxhs(engine).run(options())).isSameAs(engine.notReady);

        assertThat(engine.calls).containsExactly("requireReady");
        assertThat(temp.resolve("tpcxhs")).doesNotExist();
    }

    private static Tpcxhs tpcxhs(HsEngine engine) {
        return new Tpcxhs(new Configuration(), new PrintStream(OutputStream.nullOutputStream()), engine);
    }

    private TpcxhsOptions options() {
        return TpcxhsOptions.builder(ScaleFactor.ofRows(ROWS)).baseDir(temp.resolve("tpcxhs").toUri().toString())
                .replication(1).build();
    }

    /** Records each call; its jobs write {@link #ROWS} records of zeros where the real job would write its output. */
    private static final class RecordingEngine implements HsEngine {
        final List<String> calls = new ArrayList<>();
        BenchException notReady;
        IOException sortFailure;
        List<String> validateErrors = List.of();

        @Override
        public Engine info() {
            return TpcxhsResultTest.SPARK;
        }

        @Override
        public void requireReady() {
            calls.add("requireReady");
            if (notReady != null) {
                throw notReady;
            }
        }

        @Override
        public HsGenResult gen(HsGenOptions options) throws IOException {
            calls.add("gen");
            write(options.outputDir(), "part-m-00000");
            return new HsGenResult(options, Instant.EPOCH, Instant.EPOCH, Duration.ZERO, ROWS, BigInteger.ONE,
                    job("gen"), "file", List.of());
        }

        @Override
        public HsSortResult sort(HsSortOptions options) throws IOException {
            calls.add("sort");
            if (sortFailure != null) {
                throw sortFailure;
            }
            write(options.outputDir(), "part-r-00000");
            return new HsSortResult(options, Instant.EPOCH, Instant.EPOCH, Duration.ZERO, Duration.ZERO,
                    Duration.ZERO, 0, ROWS, 1, List.of(ROWS * Records.RECORD_LENGTH), job("sort"), "file", List.of());
        }

        @Override
        public HsValidateResult validate(HsValidateOptions options) {
            calls.add("validate");
            return new HsValidateResult(options, Instant.EPOCH, Instant.EPOCH, Duration.ZERO, 1, ROWS, BigInteger.ONE,
                    ROWS, BigInteger.ONE, validateErrors, job("validate"), "file", List.of());
        }

        private static SubmittedJob job(String name) {
            return new SubmittedJob("job_" + name, name, null);
        }

        private static void write(String dir, String file) throws IOException {
            org.apache.hadoop.fs.Path path = new org.apache.hadoop.fs.Path(dir, file);
            FileSystem fs = path.getFileSystem(new Configuration());
            try (FSDataOutputStream out = fs.create(path)) {
                out.write(new byte[(int) (ROWS * Records.RECORD_LENGTH)]);
            }
        }
    }
}
