package io.hbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.yarn.api.records.ApplicationReport;
import org.apache.hadoop.yarn.api.records.YarnApplicationState;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run stopped by SIGTERM leaves nothing of its own on the cluster, kills what it runs there and exits with 143:
 * {@code hadoop jar bench.jar TestDFSIO -write}, with the resource sampler's YARN application, against HDFS and YARN
 * in processes of their own, stopped while the sampler starts (before the job is submitted), while the job's tasks
 * run, and while it prints its results and stops the sampler. A user's directory, and the data of a write whose job
 * completed, stay.
 */
class KilledRunIT {
    private static final long EXIT_BOUND_SECONDS = 60;
    private static final String SAMPLING_PREFIX = ".hbench-sampling-";

    @TempDir
    static Path temp;

    private static YarnCluster cluster;
    private static FileSystem fs;
    private static YarnClient yarn;
    private static org.apache.hadoop.fs.Path usersFile;

    @BeforeAll
    static void startCluster() throws Exception {
        cluster = YarnCluster.start(temp.resolve("cluster"), 2);
        fs = FileSystem.newInstance(cluster.configuration());
        yarn = YarnClient.createYarnClient();
        yarn.init(cluster.configuration());
        yarn.start();
        usersFile = new org.apache.hadoop.fs.Path(fs.getHomeDirectory(), "results/keep.txt");
        try (FSDataOutputStream out = fs.create(usersFile)) {
            out.writeUTF("the user's own");
        }
    }

    @AfterAll
    static void stopCluster() throws Exception {
        if (yarn != null) {
            yarn.stop();
        }
        if (fs != null) {
            fs.close();
        }
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void stoppedWhileTheSamplerStartsItUndoesTheSampler() throws Exception {
        Set<String> before = everyPath();

        Stopped run = stopWhen("/it/kill-start", this::samplingDirectoryExists);

        assertThat(run.status).as(run.err).isEqualTo(143);
        assertThat(run.interruptedLine()).as(run.err).contains("removed " + home() + "/" + SAMPLING_PREFIX);
        assertNothingLeft(before, run);
    }

    @Test
    void stoppedWhileTheJobRunsItKillsTheJobAndTheSamplerAndRemovesWhatTheRunMade() throws Exception {
        Set<String> before = everyPath();

        Stopped run = stopWhen("/kill-job/bench", () -> !cluster.taskProcesses().isEmpty());

        assertThat(run.status).as(run.err).isEqualTo(143);
        // The tasks may not have made io_data yet. The sampler's application is killed by the stop, or ended by the
        // run's own clean-up as its job is killed; either way none runs after (assertNothingLeft).
        assertThat(run.interruptedLine()).as(run.err).containsPattern("killed job job_\\d+_\\d+")
                .contains("removed " + home() + "/" + SAMPLING_PREFIX)
                .contains("removed /kill-job/bench/io_write", "removed /kill-job/bench/io_control",
                        "removed /kill-job,");
        assertNothingLeft(before, run);
    }

    @Test
    void stoppedWhileItPrintsItsResultsItKeepsTheCompletedDataAndRemovesTheRest() throws Exception {
        Set<String> before = everyPath();
        Path out = Files.createTempFile(temp, "run-", ".out");

        Stopped run = stopWhen("/it/kill-results", () -> printed(out, "----- TestDFSIO ----- : write"), out);

        assertThat(run.status).as(run.err).isEqualTo(143);
        assertThat(run.interruptedLine()).as(run.err).contains("removed /it/kill-results/io_write",
                "removed /it/kill-results/io_control")
                .doesNotContain("killed job", "io_data");
        Set<String> kept = new TreeSet<>(before);
        kept.addAll(List.of("/it", "/it/kill-results", "/it/kill-results/.hbench", "/it/kill-results/io_data",
                "/it/kill-results/io_data/test_io_0", "/it/kill-results/io_data/test_io_1"));
        assertNothingLeft(kept, run);
    }

    /** A run's exit status and what it printed on stderr. */
    private static final class Stopped {
        final int status;
        final String err;

        Stopped(int status, String err) {
            this.status = status;
            this.err = err;
        }

        /** The one line the stop printed; a second would name what was left behind. */
        String interruptedLine() {
            List<String> lines = new ArrayList<>();
            err.lines().filter(line -> line.startsWith("hbench: interrupted") || line.startsWith("hbench: left behind"))
                    .forEach(lines::add);
            assertThat(lines).as(err).hasSize(1);
            assertThat(lines.get(0)).startsWith("hbench: interrupted by SIGTERM: ");
            assertThat(err).doesNotContain("internal error", "\tat ");
            return lines.get(0);
        }
    }

    private Stopped stopWhen(String root, BooleanSupplier ready) throws Exception {
        return stopWhen(root, ready, Files.createTempFile(temp, "run-", ".out"));
    }

    /**
     * Starts TestDFSIO -write on two small files under {@code root}, its stdout going to {@code out}, and sends it
     * SIGTERM once {@code ready}.
     */
    private Stopped stopWhen(String root, BooleanSupplier ready, Path out) throws Exception {
        Path err = Files.createTempFile(temp, "run-", ".err");
        Process run = new ProcessBuilder(cluster.benchJarCommand("TestDFSIO", "-write", "-nrFiles", "2", "-fileSize",
                "4MB", "-rootDir", root)).directory(temp.toFile()).redirectOutput(out.toFile())
                .redirectError(err.toFile()).start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
            while (!ready.getAsBoolean()) {
                assertThat(run.isAlive()).as("ended before it was stopped: " + Files.readString(err)).isTrue();
                assertThat(System.nanoTime() - deadline).as("not ready within 180 s: " + Files.readString(err))
                        .isNegative();
                Thread.sleep(50);
            }
            run.destroy();
            assertThat(run.waitFor(EXIT_BOUND_SECONDS, TimeUnit.SECONDS))
                    .as("ended within " + EXIT_BOUND_SECONDS + " s of SIGTERM: " + Files.readString(err)).isTrue();
            return new Stopped(run.exitValue(), Files.readString(err));
        } finally {
            run.descendants().forEach(ProcessHandle::destroyForcibly);
            run.destroyForcibly().waitFor();
        }
    }

    /** The user's home directory, as hbench names it: a path alone. */
    private static String home() {
        return fs.getHomeDirectory().toUri().getPath();
    }

    private boolean samplingDirectoryExists() {
        try {
            return fs.exists(fs.getHomeDirectory()) && List.of(fs.listStatus(fs.getHomeDirectory())).stream()
                    .anyMatch(status -> status.getPath().getName().startsWith(SAMPLING_PREFIX));
        } catch (IOException e) {
            return false;
        }
    }

    private static boolean printed(Path out, String line) {
        try {
            return Files.exists(out) && Files.readString(out).contains(line);
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Every application the run started has ended, and the file system holds what it held before, the user's file
     * included, but for MapReduce's job history. The stopped jobs' ApplicationMasters may still be cleaning their
     * staging directories as the client exits, so this waits for them a while.
     */
    private static void assertNothingLeft(Set<String> before, Stopped run) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        Set<String> after = everyPath();
        List<String> running = runningApplications();
        while ((!after.equals(before) || !running.isEmpty()) && System.nanoTime() - deadline < 0) {
            Thread.sleep(500);
            after = everyPath();
            running = runningApplications();
        }
        assertThat(running).as(run.err).isEmpty();
        assertThat(after).as(run.err).containsExactlyElementsOf(before);
        try (java.io.DataInputStream in = fs.open(usersFile)) {
            assertThat(in.readUTF()).isEqualTo("the user's own");
        }
    }

    private static List<String> runningApplications() throws Exception {
        List<String> running = new ArrayList<>();
        for (ApplicationReport report : yarn.getApplications()) {
            YarnApplicationState state = report.getYarnApplicationState();
            if (state != YarnApplicationState.FINISHED && state != YarnApplicationState.FAILED
                    && state != YarnApplicationState.KILLED) {
                running.add(report.getApplicationId() + " " + report.getName() + " " + state);
            }
        }
        return running;
    }

    /**
     * Every path on the file system, as a path alone, but MapReduce's job history and the per-user staging directory
     * that its first job made (a job's own directory in it is listed: the job removes it as it ends).
     */
    private static Set<String> everyPath() throws IOException {
        Set<String> paths = new TreeSet<>();
        addEvery(new org.apache.hadoop.fs.Path("/"), paths);
        return paths;
    }

    private static void addEvery(org.apache.hadoop.fs.Path dir, Set<String> paths) throws IOException {
        for (FileStatus status : fs.listStatus(dir)) {
            String path = status.getPath().toUri().getPath();
            if (status.getPath().getName().equals("history")) {
                continue;
            }
            boolean stagingRoot = status.getPath().getName().equals(".staging")
                    || status.getPath().getParent().getName().equals("apps_staging_dir");
            if (!stagingRoot) {
                paths.add(path);
            }
            if (status.isDirectory()) {
                addEvery(status.getPath(), paths);
            }
        }
    }
}
