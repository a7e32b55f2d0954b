package io.hbench.nnthroughput;

import io.hbench.error.InvalidOptionException;
import io.hbench.load.Schedule;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class NnOptionsTest {
    @Test
    void defaultsAreHadoops() {
        NnOptions create = NnOptions.builder(NnOperation.CREATE).build();
        NnOptions reports = NnOptions.builder(NnOperation.BLOCK_REPORT).build();
        NnOptions replication = NnOptions.builder(NnOperation.REPLICATION).build();

        assertThat(create.threads()).isEqualTo(3);
        assertThat(create.files()).isEqualTo(10);
        assertThat(create.filesPerDir()).isEqualTo(4);
        assertThat(create.close()).isFalse();
        assertThat(create.baseDir(NnOperation.CREATE)).isEqualTo("/nnThroughputBenchmark/create");
        assertThat(create.logLevel()).isEqualTo("ERROR");
        assertThat(create.ugCacheRefreshCount()).isEqualTo(Integer.MAX_VALUE);
        assertThat(NnOptions.builder(NnOperation.MKDIRS).build().dirsPerDir()).isEqualTo(2);
        assertThat(reports.datanodes()).isEqualTo(10);
        assertThat(reports.reports()).isEqualTo(30);
        assertThat(reports.blocksPerReport()).isEqualTo(100);
        assertThat(reports.blocksPerFile()).isEqualTo(10);
        assertThat(replication.nodesToDecommission()).isEqualTo(1);
        assertThat(replication.nodeReplicationLimit()).isEqualTo(100);
        assertThat(replication.totalBlocks()).isEqualTo(100);
        assertThat(new Replication(null, replication.resolve(new Configuration())).operationsRequired()).isEqualTo(6);
    }

    @Test
    void blockSizeAndReplicationNotGivenAreTheClustersOnceResolved() {
        Configuration cluster = new Configuration(false);
        cluster.set("dfs.blocksize", "64m");
        cluster.setInt("dfs.replication", 2);
        NnOptions leftToCluster = NnOptions.builder(NnOperation.CREATE).build();
        NnOptions given = NnOptions.builder(NnOperation.REPLICATION).blockSize(16).replication((short) 1).build();

        assertThatThrownBy(leftToCluster::blockSize).isInstanceOf(IllegalStateException.class)
                .hasMessage("blockSize is the cluster's until the options are resolved against its configuration"
                        + " (NnOptions.resolve)");
        NnOptions resolved = leftToCluster.resolve(cluster);
        assertThat(resolved.blockSize()).isEqualTo(64L << 20);
        assertThat(resolved.replication()).isEqualTo((short) 2);
        assertThat(resolved.given()).isEmpty();
        assertThat(given.resolve(cluster).blockSize()).isEqualTo(16);
        assertThat(given.resolve(cluster).replication()).isEqualTo((short) 1);
        assertThat(leftToCluster.resolve(new Configuration(false)).blockSize()).as("Hadoop's default dfs.blocksize")
                .isEqualTo(128L << 20);
    }

    @Test
    void aStepOfAllGetsOnlyItsOwnOptions() {
        NnOptions all = NnOptions.builder(NnOperation.ALL).files(100).dirs(7).threads(8).close(true)
                .datanodes(4).keepResults(true).baseDirName("/b").build();

        NnOptions mkdirs = all.forStep(NnOperation.MKDIRS);
        NnOptions create = all.forStep(NnOperation.CREATE);
        NnOptions open = all.forStep(NnOperation.OPEN);

        assertThat(mkdirs.dirs()).isEqualTo(7);
        assertThat(mkdirs.threads()).isEqualTo(8);
        assertThat(mkdirs.given()).containsExactlyInAnyOrder(NnOption.DIRS, NnOption.THREADS, NnOption.KEEP_RESULTS,
                NnOption.BASE_DIR_NAME);
        assertThat(create.close()).isTrue();
        assertThat(open.close()).isFalse();
        assertThat(open.files()).isEqualTo(100);
        assertThat(all.forStep(NnOperation.BLOCK_REPORT).datanodes()).isEqualTo(4);
    }

    @Test
    void aStepOfAllKeepsTheRunsBlockSizeAndReplicationThoughItDoesNotOwnThem() {
        Configuration cluster = new Configuration(false);
        cluster.set("dfs.blocksize", "64m");
        NnOptions all = NnOptions.builder(NnOperation.ALL).replication((short) 2).build().resolve(cluster);

        NnOptions create = all.forStep(NnOperation.CREATE);

        assertThat(create.given()).doesNotContain(NnOption.REPLICATION_FACTOR, NnOption.BLOCK_SIZE);
        assertThat(create.replication()).isEqualTo((short) 2);
        assertThat(create.blockSize()).isEqualTo(64L << 20);
    }

    @Test
    void theGroupsRefuseValuesTheBuilderRefuses() {
        assertThatThrownBy(() -> new LoadShape(0, null, 0, true, Map.of(), false))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new NamespaceOptions("/b", 10, 0, 10, 2, false, false))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new BlockReportOptions(0, 30, 100, 10)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new ReplicationOptions(-1, 100, 100)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new NewFiles(-1, (short) 0, false, false))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new NameNodeSettings(null, 1, false)).isInstanceOf(NullPointerException.class)
                .hasMessage("logLevel is null");
        assertThatThrownBy(() -> new ScheduleOptions(0.0, Schedule.Arrivals.FIXED, 0))
                .isInstanceOf(InvalidOptionException.class);
    }

    @Test
    void ugCacheRefreshCountOfZeroOrLessMeansNeverAsInHadoop() {
        assertThat(NnOptions.builder(NnOperation.OPEN).ugCacheRefreshCount(0).build().ugCacheRefreshCount())
                .isEqualTo(Integer.MAX_VALUE);
        assertThat(NnOptions.builder(NnOperation.OPEN).ugCacheRefreshCount(5).build().ugCacheRefreshCount())
                .isEqualTo(5);
    }

    @Test
    void badValuesNameTheOption() {
        assertThatThrownBy(() -> NnOptions.builder(NnOperation.BLOCK_REPORT).datanodes(0).build())
                .hasMessage("datanodes must be at least 1, got 0");
        assertThatThrownBy(() -> NnOptions.builder(NnOperation.CREATE).blockSize(0).build())
                .hasMessage("blockSize must be at least 1, got 0");
        assertThatThrownBy(() -> NnOptions.builder(NnOperation.REPLICATION).datanodes(2).nodesToDecommission(2).build())
                .hasMessage("nodesToDecommission must be less than datanodes (2), got 2");
        assertThatThrownBy(() -> NnOptions.builder(NnOperation.OPEN).duration(Duration.ZERO).build())
                .hasMessage("duration must be more than 0, got PT0S");
        assertThatThrownBy(() -> NnOptions.builder(NnOperation.CREATE).logLevel("LOUD").build())
                .hasMessage("logLevel must be one of ERROR, WARN, INFO, DEBUG, TRACE, got 'LOUD'");
        assertThatThrownBy(() -> NnOptions.builder(NnOperation.CREATE).baseDirName("/").build())
                .hasMessage("baseDirName must not be the root directory: clean and keepResults-less runs delete"
                        + " what is under it");
        assertThatThrownBy(() -> NnOptions.builder(NnOperation.MKDIRS).dirs(30).dirsPerDir(1).build())
                .hasMessage("dirsPerDir 1 is too small for 30 directories: 20 directory levels hold at most 20;"
                        + " use dirsPerDir 2 or more");
        assertThatThrownBy(() -> NnOptions.builder(NnOperation.MIX).mix(Map.of(NnOperation.OPEN, 0)).build())
                .hasMessage("mix weight of open must be at least 1, got 0");
        assertThatThrownBy(() -> NnOptions.builder(NnOperation.MIX).build())
                .hasMessage("mix names no operation: give the operations to mix and their weights");
    }

    @Test
    void messagesNameOptionsAsTheLibraryDoesAndACallerMayNameThemOtherwise() {
        Function<String, String> flags = option -> "--" + option.toLowerCase(Locale.ROOT);

        assertThatThrownBy(() -> NnOptions.builder(NnOperation.REPLICATION).datanodes(2).nodesToDecommission(3)
                .build()).isInstanceOfSatisfying(InvalidOptionException.class, e -> assertThat(e.messageNaming(flags))
                        .isEqualTo("--nodestodecommission must be less than --datanodes (2), got 3"))
                .hasMessage("nodesToDecommission must be less than datanodes (2), got 3");
        assertThatThrownBy(() -> NnOptions.builder(NnOperation.CREATE).files(25).filesPerDir(1).build())
                .isInstanceOfSatisfying(InvalidOptionException.class, e -> assertThat(e.messageNaming(flags))
                        .isEqualTo("--filesperdir 1 is too small for 25 files: 20 directory levels hold at most 20;"
                                + " use --filesperdir 2 or more"));
    }

    @Test
    void anOperationUsesOnlyItsOwnOptionsAndAllThoseOfTheOperationsItRuns() {
        assertThat(NnOption.of(NnOperation.MKDIRS)).containsExactly(NnOption.THREADS, NnOption.DIRS,
                NnOption.DIRS_PER_DIR, NnOption.BASE_DIR_NAME, NnOption.KEEP_RESULTS, NnOption.LOG_LEVEL,
                NnOption.UG_CACHE_REFRESH_COUNT, NnOption.NON_SUPER_USER, NnOption.DURATION, NnOption.WARMUP,
                NnOption.HISTOGRAMS, NnOption.RATE, NnOption.ARRIVALS, NnOption.SEED, NnOption.RATES, NnOption.RAMP,
                NnOption.STEPS, NnOption.STEP_DURATION, NnOption.SLO, NnOption.PER_SUBCLUSTER,
                NnOption.SUB_CLUSTER_PATHS);
        assertThat(NnOption.CLOSE.appliesTo(NnOperation.CREATE)).isTrue();
        assertThat(NnOption.CLOSE.appliesTo(NnOperation.OPEN)).isFalse();
        // All runs every operation but the mix.
        assertThat(NnOption.of(NnOperation.ALL)).hasSize(NnOption.values().length - 2)
                .doesNotContain(NnOption.MIX_WEIGHTS, NnOption.READ_AFTER_WRITE);
    }

    @Test
    void warmUpNamesCountAgainstTheFanOut() {
        assertThatThrownBy(() -> NnOptions.builder(NnOperation.CREATE).files(15).warmup(10).filesPerDir(1).build())
                .hasMessage("filesPerDir 1 is too small for 25 files: 20 directory levels hold at most 20; use"
                        + " filesPerDir 2 or more");
    }

    @Test
    void refusesAnOptionThatDoesNotApplyToTheOperationInTheLibrarysOwnTerms() {
        assertThatThrownBy(() -> NnOptions.builder(NnOperation.OPEN).dirs(5).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("option dirs does not apply to open");
        assertThat(NnOption.DIRS.appliesTo(NnOperation.MKDIRS)).isTrue();
        assertThat(NnOption.DIRS.appliesTo(NnOperation.ALL)).isTrue();
        assertThat(NnOption.DIRS.appliesTo(NnOperation.OPEN)).isFalse();
    }
}
