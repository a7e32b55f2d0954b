package io.hbench.metadata;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbench.error.InvalidOptionException;
import io.hbench.load.RateOptions;
import io.hbench.load.Schedule;
import io.hbench.testing.ToolRun;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/** The options' defaults and refusals: the builder names its options, the tool names them by their flags. */
class FsMetadataOptionsTest {
    private final FsMetadataTool tool = new FsMetadataTool(new PrintStream(new ByteArrayOutputStream(), true, UTF_8),
            new PrintStream(new ByteArrayOutputStream(), true, UTF_8));

    @Test
    void defaultsAreNnThroughputBenchmarksOnTheDefaultFileSystem() {
        FsMetadataOptions options = FsMetadataOptions.builder(FsOperation.CREATE).build();

        assertThat(options.threads()).isEqualTo(3);
        assertThat(options.files()).isEqualTo(10);
        assertThat(options.filesPerDir()).isEqualTo(4);
        assertThat(options.directories()).isEqualTo(3);
        assertThat(options.baseDir()).isEqualTo("/benchmarks/FsMetadata");
        assertThat(options.keepResults()).isFalse();
    }

    @Test
    void aValueOutOfRangeIsRefusedNamingItsOption() {
        assertRefused(b -> b.threads(0), "threads must be at least 1, got 0");
        assertRefused(b -> b.files(-5), "files must be at least 1, got -5");
        assertRefused(b -> b.filesPerDir(0), "filesPerDir must be at least 1, got 0");
        assertRefused(b -> b.files(100).filesPerDir(1), "filesPerDir 1 is too small for 100 files: 20 directory"
                + " levels hold at most 20; use filesPerDir 2 or more");
    }

    @Test
    void aBaseDirThatIsRelativeOrARootIsRefused() {
        assertRefused(b -> b.baseDir("benchmarks"), "baseDir must be an absolute path such as /benchmarks/FsMetadata"
                + " or a URI such as s3a://bucket/dir, got 'benchmarks'");
        for (String root : List.of("/", "s3a://bucket", "s3a://bucket/", "file:///")) {
            assertRefused(b -> b.baseDir(root), "baseDir must not be the root directory of a file system: each"
                    + " operation removes what it made under it (without keepResults), so give it a directory of its"
                    + " own, got '" + root + "'");
        }
        assertRefused(b -> b.baseDir(""), "baseDir '' is not a path or URI: Can not create a Path from an empty string");
        assertThat(FsMetadataOptions.builder(FsOperation.LIST).baseDir("s3a://bucket/bench").build().baseDir())
                .isEqualTo("s3a://bucket/bench");
    }

    @Test
    void theCommandLineNamesTheFlagsAndTakesEveryOne() throws Exception {
        assertThatThrownBy(() -> tool.parseOnly(new Configuration(), "-op", "open", "-threads", "0"))
                .hasMessage("-threads must be at least 1, got 0");
        assertThatThrownBy(() -> tool.parseOnly(new Configuration(), "-op", "open", "-baseDir", "s3a://b/"))
                .hasMessageStartingWith("-baseDir must not be the root directory of a file system: each operation"
                        + " removes what it made under it (without -keepResults)");
        assertThatThrownBy(() -> tool.parseOnly(new Configuration(), "-op", "open", "-files", "many"))
                .hasMessageContaining("-files").hasMessageContaining("many");
        assertThatThrownBy(() -> tool.parseOnly(new Configuration(), "-op", "blockReport"))
                .hasMessage("-op blockReport is not an operation: give one of create mkdirs open fileStatus list"
                        + " rename delete all");

        FsMetadataOptions options = tool.parseOnly(new Configuration(), "-op", "list", "-threads", "8", "-files",
                "1000", "-filesPerDir", "16", "-baseDir", "s3a://bucket/meta", "-keepResults");
        assertThat(options.toString()).isEqualTo("FsMetadataOptions{operation=list, threads=8, files=1000,"
                + " filesPerDir=16, baseDir=s3a://bucket/meta, keepResults=true}");
    }

    @Test
    void aRateIsAboveZeroAndItsArrivalsAndSeedComeWithOne() {
        assertRefused(b -> b.rate(0), "rate must be more than 0 operations per second, got 0.0");
        assertRefused(b -> b.rate(-5), "rate must be more than 0 operations per second, got -5.0");
        assertRefused(b -> b.rate(Double.POSITIVE_INFINITY), "rate must be more than 0 operations per second, got"
                + " Infinity");
        assertRefused(b -> b.arrivals(Schedule.Arrivals.POISSON), "arrivals shapes the schedule of a rate: give rate"
                + " too");
        assertRefused(b -> b.seed(3), "seed shapes the schedule of a rate: give rate too");

        assertThat(FsMetadataOptions.builder(FsOperation.OPEN).build().rate()).isEmpty();
        RateOptions rate = FsMetadataOptions.builder(FsOperation.OPEN).rate(250).arrivals(Schedule.Arrivals.POISSON)
                .seed(9).build().rate().orElseThrow();
        assertThat(rate.rate()).isEqualTo(250);
        assertThat(rate.arrivals()).isEqualTo(Schedule.Arrivals.POISSON);
        assertThat(rate.seed()).isEqualTo(9);
        assertThat(FsMetadataOptions.builder(FsOperation.OPEN).rate(250).build().rate().orElseThrow().arrivals())
                .isEqualTo(Schedule.Arrivals.FIXED);
    }

    @Test
    void theCommandLineTakesARateAsNnThroughputBenchmarkDoes() throws Exception {
        FsMetadataOptions options = tool.parseOnly(new Configuration(), "-op", "list", "-rate", "2000.5", "-arrivals",
                "poisson", "-seed", "77");
        assertThat(options.toString()).isEqualTo("FsMetadataOptions{operation=list, threads=3, files=10,"
                + " filesPerDir=4, baseDir=/benchmarks/FsMetadata, keepResults=false, rate=2000.5, arrivals=poisson,"
                + " seed=77}");
        RateOptions drawn = tool.parseOnly(new Configuration(), "-op", "list", "-rate", "100").rate().orElseThrow();
        assertThat(drawn.rate()).isEqualTo(100);
        assertThat(drawn.arrivals()).isEqualTo(Schedule.Arrivals.FIXED);
    }

    @Test
    void aBadRateIsAUsageErrorInOneLine() throws Exception {
        assertUsageError("FsMetadata: -rate must be more than 0 operations per second, got 0.0", "-rate", "0");
        assertUsageError("FsMetadata: -rate must be more than 0 operations per second, got -5.0", "-rate", "-5");
        assertUsageError("FsMetadata: -rate 'fast' is not a number", "-rate", "fast");
        assertUsageError("FsMetadata: -arrivals bursty: give fixed or poisson", "-rate", "100", "-arrivals",
                "bursty");
        assertUsageError("FsMetadata: -arrivals shapes the schedule of a -rate: give -rate too", "-arrivals",
                "poisson");
        assertUsageError("FsMetadata: -seed shapes the schedule of a -rate: give -rate too", "-seed", "5");
    }

    private static void assertUsageError(String message, String... flags) throws Exception {
        List<String> args = new ArrayList<>(List.of("-op", "create"));
        args.addAll(List.of(flags));
        ToolRun run = ToolRun.run(new Configuration(), FsMetadataTool::new, args.toArray(String[]::new));

        assertThat(run.status).isEqualTo(2);
        assertThat(run.err.lines().collect(Collectors.toList())).containsExactly(message,
                "Run 'FsMetadata -help' for usage.");
        assertThat(run.out).isEmpty();
    }

    @Test
    void aRunWithoutOpIsAUsageErrorInOneLineBeforeAnyFileSystemIsReached() throws Exception {
        ToolRun run = ToolRun.run(new Configuration(), FsMetadataTool::new, "-threads", "4");

        assertThat(run.status).isEqualTo(2);
        List<String> err = run.err.lines().collect(Collectors.toList());
        assertThat(err).containsExactly("FsMetadata: no -op: give one of create mkdirs open fileStatus list rename"
                + " delete all", "Run 'FsMetadata -help' for usage.");
        assertThat(run.out).isEmpty();
        assertThat(ToolRun.run(new Configuration(), FsMetadataTool::new, "-help").out.lines().findFirst())
                .hasValue("Usage: FsMetadata [genericOptions] -op create|mkdirs|open|fileStatus|list"
                        + "|rename|delete|all [-threads T] [-files N] [-filesPerDir P] [-baseDir dir] [-keepResults]"
                        + " [-rate R [-arrivals fixed|poisson] [-seed N]] [-failoverAt D] [-json file]");
    }

    private static void assertRefused(UnaryOperator<FsMetadataOptions.Builder> values, String message) {
        assertThatThrownBy(() -> values.apply(FsMetadataOptions.builder(FsOperation.ALL)).build())
                .isInstanceOf(InvalidOptionException.class).hasMessage(message);
    }
}
