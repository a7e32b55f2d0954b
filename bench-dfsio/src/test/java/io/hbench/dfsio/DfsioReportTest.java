package io.hbench.dfsio;

import static io.hbench.testing.DefaultLocales.withDefaultLocale;
import static org.assertj.core.api.Assertions.assertThat;

import io.hbench.datanodes.DataNodeBlocksTest;
import io.hbench.fs.StoreStatistics;
import io.hbench.result.Distribution;
import io.hbench.result.TimeSeries;
import io.hbench.result.Unit;
import io.hbench.stats.Histograms;
import io.hbench.testing.GoldenFiles;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The report's lines, byte for byte, against golden files in src/test/resources/io/hbench/dfsio. Run with
 * {@code -Dhbench.golden.update=true} to rewrite them, then read the diff before committing.
 */
class DfsioReportTest {
    private static final List<String> CLASSIC_LABELS = List.of("Throughput mb/sec", "Average IO rate mb/sec",
            "IO rate std deviation", "Test exec time sec", "Number of files", "Total MBytes processed");

    private static final ZonedDateTime NOW = ZonedDateTime.of(2026, 3, 1, 10, 0, 42, 0, ZoneId.of("UTC"));
    private static final Instant START = Instant.parse("2026-03-01T09:59:30.250Z");
    private static final long MIB = 1L << 20;

    @ParameterizedTest
    @MethodSource("io.hbench.testing.DefaultLocales#locales")
    void classicWriteLinesMatchGoldenFileInEveryDefaultLocale(Locale locale) throws Exception {
        List<String> lines = withDefaultLocale(locale, () -> DfsioReport.classicLines(seededWrite(), NOW));

        GoldenFiles.assertMatches(DfsioReportTest.class, "classic-write.txt", lines);
    }

    @ParameterizedTest
    @MethodSource("io.hbench.testing.DefaultLocales#locales")
    void hbenchWriteLinesMatchGoldenFileInEveryDefaultLocale(Locale locale) throws Exception {
        List<String> lines = withDefaultLocale(locale, () -> DfsioReport.hbenchLines(seededWrite()));

        GoldenFiles.assertMatches(DfsioReportTest.class, "hbench-write.txt", lines);
    }

    @ParameterizedTest
    @MethodSource("io.hbench.testing.DefaultLocales#locales")
    void hbenchLinesOfAFailedVerifiedReadMatchGoldenFileInEveryDefaultLocale(Locale locale) throws Exception {
        List<String> lines = withDefaultLocale(locale, () -> DfsioReport.hbenchLines(seededVerifiedReadWithFailure()));

        GoldenFiles.assertMatches(DfsioReportTest.class, "hbench-read-verify-failed.txt", lines);
    }

    @ParameterizedTest
    @MethodSource("io.hbench.testing.DefaultLocales#locales")
    void hbenchLinesOfAWriteToAnObjectStoreCountItsRequestsAndMatchGoldenFileInEveryDefaultLocale(Locale locale)
            throws Exception {
        List<String> lines = withDefaultLocale(locale, () -> DfsioReport.hbenchLines(seededObjectStoreWrite()));

        GoldenFiles.assertMatches(DfsioReportTest.class, "hbench-write-object-store.txt", lines);
    }

    @ParameterizedTest
    @MethodSource("io.hbench.testing.DefaultLocales#locales")
    void hbenchLinesOfAWriteOnHdfsShowEachDataNodeAndMatchGoldenFileInEveryDefaultLocale(Locale locale)
            throws Exception {
        DfsioResult write = seededWrite().withDataNodeBlocks(DataNodeBlocksTest.slowThirdReplica());

        List<String> lines = withDefaultLocale(locale, () -> DfsioReport.hbenchLines(write));

        GoldenFiles.assertMatches(DfsioReportTest.class, "hbench-write-datanodes.txt", lines);
    }

    @Test
    void classicLinesHaveTestDfsiosLabelsAndAlignment() {
        List<String> lines = DfsioReport.classicLines(seededWrite(), NOW);

        assertThat(lines).hasSize(9);
        assertThat(lines.get(0)).isEqualTo("----- TestDFSIO ----- : write");
        assertThat(lines.get(1)).startsWith("            Date & time: ");
        assertThat(lines.get(2)).startsWith("        Number of files: ");
        assertThat(lines.get(3)).startsWith(" Total MBytes processed: ");
        assertThat(lines.get(4)).startsWith("      Throughput mb/sec: ");
        assertThat(lines.get(5)).startsWith(" Average IO rate mb/sec: ");
        assertThat(lines.get(6)).startsWith("  IO rate std deviation: ");
        assertThat(lines.get(7)).startsWith("     Test exec time sec: ");
        assertThat(lines.get(8)).isEmpty();
    }

    @Test
    void classicDateIsFormattedAsJavaUtilDateDoes() {
        // new java.util.Date().toString() in UTC: "EEE MMM dd HH:mm:ss zzz yyyy"
        assertThat(DfsioReport.classicLines(seededWrite(), NOW).get(1))
                .isEqualTo("            Date & time: Sun Mar 01 10:00:42 UTC 2026");
    }

    @Test
    void classicNumbersHaveAtMostTwoDecimalsWithADotAndNoGrouping() throws Exception {
        List<String> lines = withDefaultLocale(Locale.GERMANY, () -> DfsioReport.classicLines(seededWrite(), NOW));

        for (String line : lines.subList(3, 8)) {
            assertThat(line.substring(25)).as(line).matches("[0-9]+(\\.[0-9]{1,2})?");
        }
    }

    @Test
    void noHbenchLineContainsAClassicLabel() {
        List<String> lines = new ArrayList<>(DfsioReport.hbenchLines(seededWrite()));
        lines.addAll(DfsioReport.hbenchLines(seededVerifiedReadWithFailure()));
        lines.addAll(DfsioReport.hbenchLines(result(DfsioOptions.builder(DfsioOperation.READ).verify(true).build(),
                tasks(new Random(1), 2, 4 * MIB), List.of())));

        for (String label : CLASSIC_LABELS) {
            assertThat(lines).as("hbench lines containing \"%s\"", label).noneMatch(line -> line.contains(label));
        }
    }

    @Test
    void verifiedReadThatPassedSaysSo() {
        DfsioResult passed = result(DfsioOptions.builder(DfsioOperation.READ).verify(true).build(),
                List.of(new DfsioTask("test_io_0", "dn1", START, START.plusSeconds(2), Duration.ofSeconds(2), 3 * MIB)),
                List.of());

        assertThat(DfsioReport.hbenchLines(passed))
                .contains("                Data verified: every byte read matched (3 MiB)");
    }

    @Test
    void aWriteToChosenDataNodesSaysHowManyBlocksWentThereAndWhyNotAll() {
        DfsioResult write = seededWrite();
        DfsioOptions options = DfsioOptions.builder(DfsioOperation.WRITE).nrFiles(8).fileSize(64 * MIB)
                .dataNodes(List.of("dn1", "dn2:9866")).build();
        DfsioResult placedAll = new DfsioResult(options, write.start(), write.end(), write.execTime(), write.tasks(),
                write.ioCallLatency(), write.openLatency(), write.throughputOverTime(), write.failures(), write.jobs(),
                Optional.empty(), StoreStatistics.none(), Optional.of(new FavoredPlacement(24, 24)), Optional.empty());

        assertThat(DfsioReport.hbenchLines(placedAll)).contains("  Blocks placed on -dataNodes: 24 of 24");
        assertThat(DfsioReport.favoredPlacement(new FavoredPlacement(23, 24))).isEqualTo("  Blocks placed on"
                + " -dataNodes: 23 of 24  (the NameNode placed 1 block elsewhere: it passes over a favored node that is"
                + " not a live DataNode, is decommissioning, full or too busy)");
        assertThat(DfsioReport.hbenchLines(write)).noneMatch(line -> line.contains("-dataNodes"));
    }

    @Test
    void dropBehindSaysWhetherTheStreamsAcceptedIt() {
        DfsioResult write = seededWrite();
        DfsioResult accepted = new DfsioResult(DfsioOptions.builder(DfsioOperation.WRITE).dropBehind(true).build(),
                write.start(), write.end(), write.execTime(), write.tasks(), write.ioCallLatency(), write.openLatency(),
                write.throughputOverTime(), write.failures(), write.jobs(), Optional.empty(), StoreStatistics.none(),
                Optional.empty(), Optional.of(new DropBehind(8, 0)));

        assertThat(DfsioReport.hbenchLines(accepted)).contains("                  Drop behind: accepted by the streams of"
                + " all 8 files (DataNodes with native I/O drop the pages behind them)");
        assertThat(DfsioReport.dropBehind(new DropBehind(0, 1))).isEqualTo("                  Drop behind: refused by the"
                + " streams of all 1 file: this file system's streams cannot drop pages behind");
        assertThat(DfsioReport.dropBehind(new DropBehind(3, 5))).isEqualTo("                  Drop behind: accepted by the"
                + " streams of 3 of 8 files, refused by 5");
        assertThat(DfsioReport.hbenchLines(write)).noneMatch(line -> line.contains("Drop behind"));
    }

    @Test
    void readFromSaysWhereTheTasksRanAndThatTheHostsArePreferences() {
        DfsioResult write = seededWrite();

        assertThat(DfsioReport.hbenchLines(write.withReadLocality(Optional.of(new ReadLocality(ReadFrom.OTHER, 0, 0,
                6))))).contains("                    Read from: 6 of 6 tasks on a host without a replica of their"
                        + " file, 0 on a host with one  (-readFrom other asks YARN for such hosts, which it takes as"
                        + " preferences)");
        assertThat(DfsioReport.readLocality(new ReadLocality(ReadFrom.OTHER, 2, 2, 0), 2)).isEqualTo("                 "
                + "   Read from: 0 of 2 tasks on a host without a replica of their file, 2 on a host with one"
                + "  (-readFrom other asks YARN for such hosts, which it takes as preferences; every host that runs"
                + " tasks holds a replica of 2 of 2 files, whose tasks asked for no host)");
        assertThat(DfsioReport.readLocality(new ReadLocality(ReadFrom.LOCAL, 1, 5, 1), 6)).isEqualTo("                 "
                + "   Read from: 5 of 6 tasks on a host with a replica of their file, 1 on a host without one"
                + "  (-readFrom local asks YARN for such hosts, which it takes as preferences; no host that runs"
                + " tasks holds a replica of 1 of 6 files, whose tasks asked for no host)");
        assertThat(DfsioReport.readLocality(new ReadLocality(ReadFrom.ANY, 0, 2, 4), 6)).isEqualTo("                 "
                + "   Read from: 2 of 6 tasks on a host with a replica of their file, 4 on a host without one"
                + "  (-readFrom any asks for no host)");
        assertThat(DfsioReport.hbenchLines(write)).noneMatch(line -> line.contains("Read from"));
    }

    @Test
    void cleanSaysWhatItRemovedInMebibytesWhateverTheSize() {
        assertThat(DfsioReport.cleanLines(new CleanedDirectory(new Path("/benchmarks/TestDFSIO"), 5, 3L << 30,
                List.of()))).containsExactly("removed /benchmarks/TestDFSIO: 5 files, 3072.000 MiB (3221225472 bytes)");
    }

    @Test
    void unverifiedRunSaysNothingAboutVerification() {
        assertThat(DfsioReport.hbenchLines(seededWrite())).noneMatch(line -> line.contains("verified"));
    }

    @Test
    void throughputSeriesIsCutAfterThirtySecondsWithACount() {
        List<Double> values = new ArrayList<>();
        for (int i = 0; i < 33; i++) {
            values.add((double) i * MIB);
        }
        DfsioResult result = new DfsioResult(DfsioOptions.builder(DfsioOperation.WRITE).build(), START,
                START.plusSeconds(40), Duration.ofSeconds(40), List.of(), emptyLatency(),
                emptyLatency(), new TimeSeries("throughput", Unit.BYTES_PER_SECOND, START, Duration.ofSeconds(1),
                values),
                List.of(), List.of());

        assertThat(DfsioReport.hbenchLines(result)).contains("    All tasks MiB/s by second: 0 1 2 3 4 5 6 7 8 9 10 11"
                + " 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 ... (3 more seconds in -json)");
    }

    // ---- the seeded results ----

    /** A write of 8 files of 64 MiB with seeded task times, latencies and per-second throughput. */
    private static DfsioResult seededWrite() {
        Random random = new Random(20260301L);
        DfsioOptions options = DfsioOptions.builder(DfsioOperation.WRITE).nrFiles(8).fileSize(64 * MIB).build();
        return new DfsioResult(options, START, START.plusMillis(41_750), Duration.ofMillis(38_125),
                tasks(random, 8, 64 * MIB), latency(random, 8 * 64), openLatency(new Random(11L), 8), series(random, 12),
                List.of(), List.of());
    }

    /** The seeded write, to an object store whose client counted 8 PUTs of 64 MiB parts, 16 HEADs and a retry. */
    private static DfsioResult seededObjectStoreWrite() {
        DfsioResult write = seededWrite();
        // As a client of each task's own counts, every kind, zeros included.
        StoreStatistics requests = StoreStatistics.of(Map.ofEntries(Map.entry("object_put_request", 8L),
                Map.entry("multipart_upload_part_put", 8L), Map.entry("action_http_get_request", 0L),
                Map.entry("object_metadata_request", 16L), Map.entry("object_list_request", 8L),
                Map.entry("object_continue_list_request", 0L), Map.entry("object_copy_requests", 0L),
                Map.entry("object_delete_request", 0L), Map.entry("object_bulk_delete_request", 0L),
                Map.entry("store_io_retry", 1L), Map.entry("store_io_throttled", 0L)));
        return new DfsioResult(write.options(), write.start(), write.end(), write.execTime(), write.tasks(),
                write.ioCallLatency(), write.openLatency(), write.throughputOverTime(), write.failures(), write.jobs(),
                Optional.empty(), requests);
    }

    /** A -verify read of 8 files where one file held a wrong byte. */
    private static DfsioResult seededVerifiedReadWithFailure() {
        Random random = new Random(7L);
        DfsioOptions options = DfsioOptions.builder(DfsioOperation.READ).nrFiles(8).fileSize(32 * MIB)
                .verify(true).build();
        return new DfsioResult(options, START, START.plusMillis(20_500), Duration.ofMillis(18_875),
                tasks(random, 8, 32 * MIB), latency(random, 8 * 32), openLatency(new Random(13L), 8), series(random, 6),
                List.of("test_io_5: byte at offset 12345678 is 0x00, expected 0x9c"), List.of());
    }

    private static List<DfsioTask> tasks(Random random, int count, long bytes) {
        List<DfsioTask> tasks = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Instant start = START.plusMillis(500 + random.nextInt(2000));
            long millis = 2000 + random.nextInt(6000);
            Duration time = Duration.ofMillis(millis).plusNanos(random.nextInt(1_000_000));
            tasks.add(new DfsioTask(DfsioOptions.fileName(i), "dn" + (1 + i % 3), start,
                    start.plusMillis(millis + 3), time, bytes));
        }
        return tasks;
    }

    private static Distribution latency(Random random, int calls) {
        Histogram histogram = Histograms.newHistogram();
        for (int i = 0; i < calls; i++) {
            histogram.recordValue(2_000 + (long) (Math.abs(random.nextGaussian()) * 15_000));
        }
        return Histograms.toDistribution("io_call_latency", Unit.SECONDS, histogram, 1e6);
    }

    /** One open per task, a few milliseconds each. */
    private static Distribution openLatency(Random random, int tasks) {
        Histogram histogram = Histograms.newHistogram();
        for (int i = 0; i < tasks; i++) {
            histogram.recordValue(800 + random.nextInt(4_000));
        }
        return Histograms.toDistribution("open_latency", Unit.SECONDS, histogram, 1e6);
    }

    private static TimeSeries series(Random random, int seconds) {
        List<Double> values = new ArrayList<>();
        for (int i = 0; i < seconds; i++) {
            values.add(random.nextInt(400 * 1024) / 1024.0 * MIB);
        }
        return new TimeSeries("throughput", Unit.BYTES_PER_SECOND, Instant.ofEpochSecond(
                START.getEpochSecond()), Duration.ofSeconds(1), values);
    }

    private static DfsioResult result(DfsioOptions options, List<DfsioTask> tasks, List<String> failures) {
        return new DfsioResult(options, START, START.plusSeconds(10), Duration.ofSeconds(9), tasks, emptyLatency(),
                emptyLatency(), new TimeSeries("throughput", Unit.BYTES_PER_SECOND, START, Duration.ofSeconds(1),
                        List.of()), failures, List.of());
    }

    private static Distribution emptyLatency() {
        return Histograms.toDistribution("io_call_latency", Unit.SECONDS, Histograms.newHistogram(), 1e6);
    }
}
