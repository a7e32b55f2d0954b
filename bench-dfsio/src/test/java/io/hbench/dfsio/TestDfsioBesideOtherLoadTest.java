package io.hbench.dfsio;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbench.cli.ResultPublisher;
import io.hbench.embedded.EmbeddedCluster;
import io.hbench.findings.Finding;
import io.hbench.findings.Findings;
import io.hbench.findings.LinkCapacities;
import io.hbench.result.BenchResult;
import io.hbench.result.HostUsage;
import io.hbench.result.MetricKey;
import io.hbench.result.json.JsonResultReader;
import io.hbench.testing.ToolRun;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * TestDFSIO on the embedded cluster while processes outside hbench keep every CPU of the machine busy: the run is held
 * back by other load, and its findings say so, as a user on a shared machine meets them.
 * <p>
 * The converse (a quiet machine: hbench's own limit or none) is not tested here: on a shared build machine other
 * load comes and goes, so no run can count on the CPU being hbench's.
 */
class TestDfsioBesideOtherLoadTest {
    /** Busy loops per CPU: enough to keep every CPU busy and to outweigh the client's own busy threads. */
    private static final int BURNERS_PER_CPU = 3;
    private static final Pattern OTHER_LOAD = Pattern.compile(
            "held back by CPU: (\\d+) % busy, of which hbench's tasks (\\d+) %; other load on (.+)");

    @TempDir
    static Path temp;

    private static EmbeddedCluster cluster;
    private static Configuration conf;
    private final List<ProcessHandle> burners = new ArrayList<>();

    @BeforeAll
    static void startCluster() throws IOException {
        cluster = EmbeddedCluster.start(new Configuration(), temp.resolve("cluster"));
        conf = cluster.clientConfiguration();
    }

    @AfterAll
    static void stopCluster() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @AfterEach
    void stopBurners() {
        burners.forEach(ProcessHandle::destroyForcibly);
    }

    @Test
    void aRunBesideProcessesThatAreNotHbenchsSaysOtherLoadHeldItBack() throws Exception {
        startBurners(BURNERS_PER_CPU * Runtime.getRuntime().availableProcessors());
        // The client's process tree counts as hbench's: the burners must not be in it, or they would count as its own.
        Set<Long> descendants = ProcessHandle.current().descendants().map(ProcessHandle::pid)
                .collect(Collectors.toSet());
        assertThat(burners).allSatisfy(burner -> assertThat(descendants).doesNotContain(burner.pid()));

        Path json = temp.resolve("beside-other-load.json");
        Duration cpuBefore = clientCpu();
        ToolRun write = ToolRun.run(conf, TestDfsioTool::new, "-write", "-nrFiles", "2", "-fileSize", "8MB",
                "-rootDir", "/t/other-load", "-json", json.toString(), "-resFile",
                temp.resolve("results.log").toString());

        Duration clientCpuInRun = clientCpu().minus(cpuBefore);
        assertThat(burners).as("burners still running through the run").allMatch(ProcessHandle::isAlive);
        assertThat(write.status).as(write.err).isZero();
        BenchResult result;
        try (Reader in = Files.newBufferedReader(json, StandardCharsets.UTF_8)) {
            result = JsonResultReader.read(in);
        }
        HostUsage host = result.resources().orElseThrow().hosts().get(0);
        // Suite and report judge from the result file, as the console did from the result in memory.
        List<Finding> otherLoad = Findings.of(result, LinkCapacities.none()).stream().filter(Finding::otherLoad)
                .collect(Collectors.toList());
        assertThat(otherLoad).as(write.out).hasSize(1);
        Finding finding = otherLoad.get(0);
        assertThat(finding.kind()).isEqualTo(Finding.Kind.LIMIT);
        Matcher figures = OTHER_LOAD.matcher(finding.text());
        assertThat(figures.matches()).as(finding.text()).isTrue();
        assertThat(Integer.parseInt(figures.group(1))).isBetween(80, 100);
        assertThat(figures.group(3)).isEqualTo(host.host());
        assertThat(write.out).contains(ResultPublisher.FINDINGS_HEADER + "\n", "\nlimit: " + finding.text() + "\n");
        // The client's tree was counted (its threads wrote and replicated the files), and no burner was: the count
        // stays within the CPU time the client used meanwhile (give or take clock ticks), which one burner's would
        // about double.
        double ownSeconds = ownCpuSeconds(host);
        String seen = finding.text() + "; cpu_hbench " + host.series(MetricKey.of("cpu_hbench")).orElseThrow()
                .values() + ": " + ownSeconds + " CPU s, the client's " + clientCpuInRun;
        assertThat(ownSeconds).as(seen).isPositive()
                .isLessThanOrEqualTo(clientCpuInRun.toMillis() / 1000.0 * 1.05 + 0.2);
    }

    /** The CPU time this JVM, the client with the embedded cluster and MapReduce in it, has used. */
    private static Duration clientCpu() {
        return ProcessHandle.current().info().totalCpuDuration().orElseThrow();
    }

    /** The CPU seconds {@code cpu_hbench} counts over the host's sampled intervals: percent of all its CPUs. */
    private static double ownCpuSeconds(HostUsage host) {
        List<Double> percent = host.series(MetricKey.of("cpu_hbench")).orElseThrow().values();
        List<Instant> times = host.sampleTimes();
        double seconds = 0;
        for (int i = 0; i < percent.size(); i++) {
            if (percent.get(i) != null) {
                seconds += percent.get(i) / 100 * Runtime.getRuntime().availableProcessors()
                        * Duration.between(times.get(i), times.get(i + 1)).toMillis() / 1000.0;
            }
        }
        return seconds;
    }

    /**
     * Starts {@code count} busy loops that are not this process's descendants: a shell starts them in the background
     * and ends, so that they pass to init. Each ends by itself once this process is gone.
     */
    private void startBurners(int count) throws IOException, InterruptedException {
        String loop = "(while kill -0 " + ProcessHandle.current().pid() + " 2>/dev/null; do :; done)"
                + " </dev/null >/dev/null 2>&1 & echo $!";
        Process starter = new ProcessBuilder("sh", "-c", String.join("; ", Collections.nCopies(count, loop)))
                .redirectErrorStream(true).start();
        String pids = new String(starter.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
        assertThat(starter.waitFor()).as(pids).isZero();
        for (String pid : pids.trim().split("\\s+")) {
            ProcessHandle.of(Long.parseLong(pid)).ifPresent(burners::add);
        }
        assertThat(burners).hasSize(count);
    }
}
