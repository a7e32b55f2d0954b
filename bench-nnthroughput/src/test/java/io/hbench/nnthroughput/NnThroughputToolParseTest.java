package io.hbench.nnthroughput;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/**
 * Command-line validation, with no NameNode: every case fails while parsing, before any NameNode is
 * started or reached, with exit status 2, one line on stderr, the usage hint and nothing on stdout.
 */
class NnThroughputToolParseTest {
    private final ByteArrayOutputStream outBytes = new ByteArrayOutputStream();
    private final ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
    private final Configuration conf = new Configuration();

    private int run(String... args) {
        NnThroughputTool tool = new NnThroughputTool(new PrintStream(outBytes, true, UTF_8),
                new PrintStream(errBytes, true, UTF_8));
        tool.setConf(conf);
        return tool.run(args);
    }

    private void assertUsageError(int status, String firstLine) {
        assertThat(status).as("exit status").isEqualTo(2);
        List<String> err = errBytes.toString(UTF_8).lines().collect(Collectors.toList());
        assertThat(err).as("stderr").hasSize(2);
        assertThat(err.get(0)).isEqualTo(firstLine);
        assertThat(err.get(1)).isEqualTo("Run 'NNThroughputBenchmark -help' for usage.");
        assertThat(outBytes.toString(UTF_8)).as("stdout").isEmpty();
        errBytes.reset();
    }

    @Test
    void noArgumentsIsAUsageError() {
        assertUsageError(run(), "NNThroughputBenchmark: missing arguments");
    }

    @Test
    void noOpIsAUsageError() {
        assertUsageError(run("-threads", "4"), "NNThroughputBenchmark: no -op: give one of create mkdirs open delete"
                + " fileStatus rename append blockReport replication clean all mix");
    }

    @Test
    void unknownOpIsAUsageError() {
        assertUsageError(run("-op", "chmod"), "NNThroughputBenchmark: -op chmod is not an operation: give one of create"
                + " mkdirs open delete fileStatus rename append blockReport replication clean all mix");
    }

    @Test
    void opNamesAreCaseSensitiveAsInHadoop() {
        assertUsageError(run("-op", "filestatus"), "NNThroughputBenchmark: -op filestatus is not an operation: give one"
                + " of create mkdirs open delete fileStatus rename append blockReport replication clean all mix");
    }

    @Test
    void optionOfAnotherOpIsAUsageError() {
        assertUsageError(run("-op", "mkdirs", "-files", "10"), "NNThroughputBenchmark: -files does not belong to -op"
                + " mkdirs; its options are: -threads -dirs -dirsPerDir -baseDirName -keepResults -logLevel"
                + " -UGCacheRefreshCount -nonSuperUser -duration -warmup -noHistograms -rate -arrivals -seed -rates -ramp"
                + " -steps -stepDuration -slo -perSubcluster -subClusterPath");
    }

    @Test
    void closeBelongsToCreateOnly() {
        assertUsageError(run("-op", "open", "-close"), "NNThroughputBenchmark: -close does not belong to -op open; its"
                + " options are: -threads -files -filesPerDir -useExisting -blockSize -baseDirName -keepResults"
                + " -logLevel -UGCacheRefreshCount -nonSuperUser -duration -warmup -noHistograms -rate -arrivals"
                + " -seed -rates -ramp -steps -stepDuration -slo -perSubcluster -subClusterPath");
    }

    @Test
    void readAfterWriteBelongsToMixOnly() {
        assertThat(run("-op", "create", "-readAfterWrite")).isEqualTo(2);
        assertThat(errBytes.toString(UTF_8).lines().findFirst()).hasValueSatisfying(line -> assertThat(line)
                .startsWith("NNThroughputBenchmark: -readAfterWrite does not belong to -op create; its options are:"));
    }

    @Test
    void readAfterWriteNeedsAWriteInTheMix() {
        assertUsageError(run("-op", "mix", "-mix", "open=1,fileStatus=1", "-readAfterWrite"), "NNThroughputBenchmark:"
                + " -readAfterWrite reads what create and mkdirs make, and -mix has neither");
    }

    @Test
    void zeroThreadsIsAUsageError() {
        assertUsageError(run("-op", "create", "-threads", "0"), "NNThroughputBenchmark: -threads must be at least 1,"
                + " got 0");
    }

    @Test
    void filesPerDirTooSmallForTheFilesIsAUsageError() {
        assertUsageError(run("-op", "create", "-files", "100", "-filesPerDir", "1"), "NNThroughputBenchmark:"
                + " -filesPerDir 1 is too small for 100 files: 20 directory levels hold at most 20; use -filesPerDir 2"
                + " or more");
    }

    @Test
    void zeroFilesPerDirIsAUsageError() {
        assertUsageError(run("-op", "open", "-filesPerDir", "0"), "NNThroughputBenchmark: -filesPerDir must be at"
                + " least 1, got 0");
    }

    @Test
    void nonNumericCountIsAUsageError() {
        assertUsageError(run("-op", "create", "-files", "many"), "NNThroughputBenchmark: -files 'many' is not a whole"
                + " number");
    }

    @Test
    void mixWithoutWeightsIsAUsageError() {
        assertUsageError(run("-op", "mix"), "NNThroughputBenchmark: -op mix needs -mix, e.g. -mix"
                + " create=1,open=8,fileStatus=4");
    }

    @Test
    void mixOfAnUnknownOperationIsAUsageError() {
        assertUsageError(run("-op", "mix", "-mix", "open=8,chmod=1"), "NNThroughputBenchmark: -mix: 'chmod' is not an"
                + " operation; it mixes create mkdirs open delete fileStatus rename append");
    }

    @Test
    void mixOfBlockReportsIsAUsageError() {
        assertUsageError(run("-op", "mix", "-mix", "blockReport=1"), "NNThroughputBenchmark: -mix cannot include"
                + " blockReport; it mixes create mkdirs open delete fileStatus rename append");
    }

    @Test
    void badDurationIsAUsageError() {
        assertUsageError(run("-op", "open", "-duration", "soon"), "NNThroughputBenchmark: -duration 'soon' is not a"
                + " duration: use a whole number and ms, s, m or h (no unit means seconds), e.g. 30s");
    }

    @Test
    void relativeBaseDirIsAUsageError() {
        assertUsageError(run("-op", "create", "-baseDirName", "bench"), "NNThroughputBenchmark: -baseDirName must be"
                + " an absolute path such as /nnThroughputBenchmark, got 'bench'");
    }

    @Test
    void replicationAgainstARemoteNameNodeIsAUsageError() {
        conf.set("fs.defaultFS", "hdfs://nn.example:8020");

        assertUsageError(run("-op", "replication"), "NNThroughputBenchmark: -op replication runs only with the"
                + " NameNode in this process (standalone mode: no -fs); it drives the NameNode's block manager"
                + " directly, which a remote NameNode does not expose");
    }

    @Test
    void valuesThatDoNotFitTogetherNameTheFlags() {
        assertUsageError(run("-op", "replication", "-datanodes", "2", "-nodesToDecommission", "2"),
                "NNThroughputBenchmark: -nodesToDecommission must be less than -datanodes (2), got 2");
    }

    @Test
    void rootBaseDirIsAUsageErrorNamingTheFlags() {
        assertUsageError(run("-op", "create", "-baseDirName", "/"), "NNThroughputBenchmark: -baseDirName must not be"
                + " the root directory: clean and -keepResults-less runs delete what is under it");
    }

    @Test
    void badMixWeightIsAUsageErrorNamingTheFlag() {
        assertUsageError(run("-op", "mix", "-mix", "open=0"), "NNThroughputBenchmark: -mix weight of open must be at"
                + " least 1, got 0");
    }

    @Test
    void blockSizeAndReplicationBelowOneAreRefusedAsEveryOtherCountIs() {
        // The range is the options' to say, in the same words for a library caller and for every flag.
        assertUsageError(run("-op", "create", "-blockSize", "0"), "NNThroughputBenchmark: -blockSize must be at"
                + " least 1, got 0");
        assertUsageError(run("-op", "replication", "-replication", "-2"), "NNThroughputBenchmark: -replication must be"
                + " at least 1, got -2");
        assertUsageError(run("-op", "create", "-threads", "0"), "NNThroughputBenchmark: -threads must be at least"
                + " 1, got 0");
    }

    @Test
    void valuesThatAreNoNumbersOrPastTheirTypeAreRefusedNamingTheFlag() {
        assertUsageError(run("-op", "mix", "-mix", "open=x"), "NNThroughputBenchmark: -mix weight of open 'x' is not a"
                + " whole number");
        assertUsageError(run("-op", "replication", "-replication", "40000"), "NNThroughputBenchmark: -replication"
                + " '40000' is too large: at most 32767");
        assertUsageError(run("-op", "create", "-threads", "99999999999"), "NNThroughputBenchmark: -threads"
                + " '99999999999' is too large: at most 2147483647");
        assertUsageError(run("-op", "create", "-duration", "5 days"), "NNThroughputBenchmark: -duration '5 days' is"
                + " not a duration: use a whole number and ms, s, m or h (no unit means seconds), e.g. 30s");
    }

    @Test
    void optionOfAnotherOpIsRefusedBeforeItsValueIsRead() {
        assertUsageError(run("-op", "mkdirs", "-files", "many"), "NNThroughputBenchmark: -files does not belong to"
                + " -op mkdirs; its options are: -threads -dirs -dirsPerDir -baseDirName -keepResults -logLevel"
                + " -UGCacheRefreshCount -nonSuperUser -duration -warmup -noHistograms -rate -arrivals -seed -rates -ramp"
                + " -steps -stepDuration -slo -perSubcluster -subClusterPath");
    }

    @Test
    void mixIsNoOptionOfAllWhichRunsNoMix() {
        assertThat(run("-op", "all", "-mix", "open=1")).isEqualTo(2);
        assertThat(errBytes.toString(UTF_8)).startsWith("NNThroughputBenchmark: -mix does not belong to -op all;"
                + " its options are: -threads -files ");
    }

    @Test
    void allAcceptsEveryOpsOptions() {
        assertUsageError(run("-op", "all", "-files", "10", "-dirs", "5", "-threads", "0"),
                "NNThroughputBenchmark: -threads must be at least 1, got 0");
    }

    @Test
    void aRateOfZeroOrLessIsRefused() {
        assertUsageError(run("-op", "create", "-rate", "0"),
                "NNThroughputBenchmark: -rate must be more than 0 operations per second, got 0.0");
        assertUsageError(run("-op", "create", "-rate", "-5"),
                "NNThroughputBenchmark: -rate must be more than 0 operations per second, got -5.0");
        assertUsageError(run("-op", "create", "-rate", "fast"), "NNThroughputBenchmark: -rate 'fast' is not a number");
    }

    @Test
    void aRateIsRefusedForBlockReportAndReplication() {
        assertUsageError(run("-op", "blockReport", "-rate", "100"), "NNThroughputBenchmark: -rate does not belong to"
                + " -op blockReport; its options are: -blockSize -baseDirName -datanodes -reports -blocksPerReport"
                + " -blocksPerFile -keepResults -logLevel -UGCacheRefreshCount -nonSuperUser -duration -warmup"
                + " -noHistograms");
        assertUsageError(run("-op", "replication", "-rate", "100"), "NNThroughputBenchmark: -rate does not belong to"
                + " -op replication; its options are: -blockSize -baseDirName -datanodes -nodesToDecommission"
                + " -nodeReplicationLimit -totalBlocks -replication -keepResults -logLevel -UGCacheRefreshCount"
                + " -nonSuperUser");
    }

    @Test
    void theScheduleFlagsNeedARateAndFitIt() {
        assertUsageError(run("-op", "create", "-arrivals", "poisson"),
                "NNThroughputBenchmark: -arrivals shapes the schedule of a -rate: give -rate too");
        assertUsageError(run("-op", "create", "-rate", "100", "-arrivals", "bursty"),
                "NNThroughputBenchmark: -arrivals bursty: give fixed or poisson");
        assertUsageError(run("-op", "create", "-rate", "100", "-duration", "10s"), "NNThroughputBenchmark: -rate runs"
                + " the count of operations on its schedule: give the count, not -duration");
        assertUsageError(run("-op", "create", "-rate", "100", "-noHistograms"), "NNThroughputBenchmark: -rate records"
                + " every operation's latency and service time in histograms: drop -noHistograms");
    }

    @Test
    void clientsNeedARemoteNameNodeARateAndOneOperationPerClient() {
        assertUsageError(run("-op", "create", "-rate", "300", "-clients", "3"), "NNThroughputBenchmark: -clients runs"
                + " the load from map tasks against a NameNode they reach: give -fs hdfs://<namenode>; standalone mode"
                + " (no -fs) is one process");
        conf.set("fs.defaultFS", "hdfs://nn.example:8020");
        assertUsageError(run("-op", "create", "-clients", "3"), "NNThroughputBenchmark: -clients needs -rate: the"
                + " clients share the rate of one schedule, R/N each");
        assertUsageError(run("-op", "create", "-rate", "300", "-clients", "0"),
                "NNThroughputBenchmark: -clients '0' is too small: at least 1");
        assertUsageError(run("-op", "create", "-rate", "300", "-clients", "3", "-files", "2"),
                "NNThroughputBenchmark: -clients 3 needs -files 3 or more: one operation per client at least, got 2");
        assertUsageError(run("-op", "mkdirs", "-rate", "300", "-clients", "3", "-dirs", "2"),
                "NNThroughputBenchmark: -clients 3 needs -dirs 3 or more: one operation per client at least, got 2");
        assertUsageError(run("-op", "all", "-rate", "300", "-clients", "3"), "NNThroughputBenchmark: -clients runs one"
                + " operation: give -op create, mkdirs, open, delete, fileStatus, rename, append or mix rather than"
                + " all");
    }

    @Test
    void clientsAreRefusedWithACapacityCurve() {
        conf.set("fs.defaultFS", "hdfs://nn.example:8020");
        assertThat(run("-op", "fileStatus", "-rates", "1000,2000", "-clients", "3")).isEqualTo(2);
        assertThat(errBytes.toString(UTF_8)).startsWith("NNThroughputBenchmark: -clients");
    }

    @Test
    void aCurvesRatesMustBeAboveZeroAndIncrease() {
        assertUsageError(run("-op", "fileStatus", "-rates", "2000,1000"), "NNThroughputBenchmark: -rates must increase"
                + " from each rate to the next, got 1000 after 2000");
        assertUsageError(run("-op", "fileStatus", "-rates", "2000,2000"), "NNThroughputBenchmark: -rates must increase"
                + " from each rate to the next, got 2000 after 2000");
        assertUsageError(run("-op", "fileStatus", "-rates", "0,1000"), "NNThroughputBenchmark: -rates must each be"
                + " more than 0 operations per second, got 0");
        assertUsageError(run("-op", "fileStatus", "-rates", "1000,,2000"), "NNThroughputBenchmark: -rates '' is not a"
                + " number");
    }

    @Test
    void aRampIsAToBInWholeOperationsPerSecondWithTwoStepsOrMore() {
        assertUsageError(run("-op", "fileStatus", "-ramp", "1000-64000", "-steps", "7"), "NNThroughputBenchmark: -ramp"
                + " '1000-64000' is not a ramp: write A..B in whole operations per second, e.g. 1000..64000");
        assertUsageError(run("-op", "fileStatus", "-ramp", "64000..1000", "-steps", "7"), "NNThroughputBenchmark:"
                + " -ramp A..B must go up from at least 1 operation per second, got 64000..1000");
        assertUsageError(run("-op", "fileStatus", "-ramp", "1000..64000"), "NNThroughputBenchmark: -ramp needs -steps:"
                + " how many rates from A to B, 2 or more");
        assertUsageError(run("-op", "fileStatus", "-ramp", "1000..64000", "-steps", "1"), "NNThroughputBenchmark:"
                + " -steps must be at least 2, got 1");
        assertUsageError(run("-op", "fileStatus", "-ramp", "1..3", "-steps", "5"), "NNThroughputBenchmark: -ramp 1..3"
                + " in 5 -steps rounds two of them to the same whole rate, 1: give fewer -steps or a wider -ramp");
    }

    @Test
    void anUnreadableObjectiveIsRefusedNamingTheFlag() {
        String accepted = " is not a latency objective: write a percentile above 0 and at most 100, '=' and a bound"
                + " above 0 in us, ms or s, e.g. p99=10ms or p99.9=500us";
        assertUsageError(run("-op", "fileStatus", "-rates", "1000", "-slo", "p99<10ms"),
                "NNThroughputBenchmark: -slo 'p99<10ms'" + accepted);
        assertUsageError(run("-op", "fileStatus", "-rates", "1000", "-slo", "p99=10"),
                "NNThroughputBenchmark: -slo 'p99=10'" + accepted);
        assertUsageError(run("-op", "fileStatus", "-rates", "1000", "-slo", "p101=10ms"),
                "NNThroughputBenchmark: -slo 'p101=10ms'" + accepted);
        assertUsageError(run("-op", "fileStatus", "-rates", "1000", "-stepDuration", "0"),
                "NNThroughputBenchmark: -stepDuration must be more than 0, got PT0S");
    }

    @Test
    void theCurvesFlagsGoWithACurveOnlyAndOneKindOfRateAtATime() {
        assertUsageError(run("-op", "fileStatus", "-rate", "1000", "-steps", "3"), "NNThroughputBenchmark: -steps"
                + " divides a -ramp into rates: give -ramp A..B, or drop -steps");
        assertUsageError(run("-op", "fileStatus", "-rates", "1000,2000", "-steps", "3"), "NNThroughputBenchmark:"
                + " -steps divides a -ramp into rates: give -ramp A..B, or drop -steps");
        assertUsageError(run("-op", "fileStatus", "-rate", "1000", "-slo", "p99=5ms"), "NNThroughputBenchmark: -slo"
                + " shapes a capacity curve: give -rates or -ramp too");
        assertUsageError(run("-op", "fileStatus", "-rate", "1000", "-rates", "1000,2000"), "NNThroughputBenchmark:"
                + " -rate runs one rate and -rates a curve of them: give one");
        assertUsageError(run("-op", "fileStatus", "-rates", "1000,2000", "-ramp", "1..9", "-steps", "3"),
                "NNThroughputBenchmark: give -rates or -ramp, not both");
        assertUsageError(run("-op", "fileStatus", "-rates", "1000,2000", "-duration", "10s"), "NNThroughputBenchmark:"
                + " -rates runs each step for -stepDuration: drop -duration");
        assertUsageError(run("-op", "fileStatus", "-rates", "1000,2000", "-files", "10"), "NNThroughputBenchmark:"
                + " -rates does each step's rate times -stepDuration operations: drop -files");
        assertUsageError(run("-op", "fileStatus", "-rates", "1000,2000", "-keepResults"), "NNThroughputBenchmark:"
                + " -rates makes each step's own files before it and removes them after it: drop -keepResults");
        assertUsageError(run("-op", "all", "-ramp", "1000..4000", "-steps", "3"), "NNThroughputBenchmark: -ramp finds"
                + " the capacity of one operation: give one, not all");
        assertThat(run("-op", "blockReport", "-rates", "100,200")).isEqualTo(2);
        assertThat(errBytes.toString(UTF_8)).startsWith("NNThroughputBenchmark: -rates does not belong to -op"
                + " blockReport;");
    }

    @Test
    void helpListsEveryOption() {
        assertThat(run("-help")).isZero();
        String help = outBytes.toString(UTF_8);
        for (String option : List.of("op", "threads", "files", "filesPerDir", "dirs", "dirsPerDir", "close",
                "useExisting", "keepResults", "logLevel", "UGCacheRefreshCount", "baseDirName", "blockSize",
                "appendNewBlk", "datanodes", "reports", "blocksPerReport", "blocksPerFile", "nodesToDecommission",
                "nodeReplicationLimit", "totalBlocks", "replication", "nonSuperUser", "duration", "warmup", "mix",
                "noHistograms", "rate", "arrivals", "seed", "clients", "rates", "ramp", "steps", "stepDuration", "slo",
                "resFile", "json", "standaloneDir")) {
            assertThat(help).as("help lists -%s", option).containsPattern("(?m)^\\s+-" + option + "\\b");
        }
    }
}
