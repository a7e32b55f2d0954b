package io.hbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** One finished process: its exit status and what it printed on each stream. */
final class BenchRun {
    private static final Duration TIMEOUT = Duration.ofMinutes(10);

    final int status;
    final String out;
    final String err;

    private BenchRun(int status, String out, String err) {
        this.status = status;
        this.out = out;
        this.err = err;
    }

    /** Runs {@code command} in {@code directory}, its output kept in files there, within the timeout. */
    static BenchRun of(List<String> command, Path directory) throws IOException, InterruptedException {
        return within(TIMEOUT, command, directory);
    }

    /** As {@link #of}, with {@code environment} added to this JVM's. */
    static BenchRun of(List<String> command, Map<String, String> environment, Path directory)
            throws IOException, InterruptedException {
        return within(TIMEOUT, command, environment, directory);
    }

    /** As {@link #of}, killed and failed if it has not ended within {@code timeout}. */
    static BenchRun within(Duration timeout, List<String> command, Path directory)
            throws IOException, InterruptedException {
        return within(timeout, command, Map.of(), directory);
    }

    private static BenchRun within(Duration timeout, List<String> command, Map<String, String> environment,
            Path directory) throws IOException, InterruptedException {
        Path out = Files.createTempFile(directory, "run-", ".out");
        Path err = Files.createTempFile(directory, "run-", ".err");
        ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile()).redirectOutput(out.toFile())
                .redirectError(err.toFile());
        builder.environment().putAll(environment);
        Process process = builder.start();
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly().waitFor();
            throw new IllegalStateException(String.join(" ", command) + " did not end within " + timeout.toSeconds()
                    + " s; it printed: " + Files.readString(out) + Files.readString(err));
        }
        return new BenchRun(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
    }

    /** A process a test ran itself, ended with {@code status}, that printed into {@code out} and {@code err}. */
    static BenchRun ended(int status, Path out, Path err) throws IOException {
        return new BenchRun(status, Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
    }

    /** Waits until {@code process}, still running, has printed a line starting with {@code start} to {@code err}. */
    static void awaitLine(Process process, Path err, String start) throws IOException, InterruptedException {
        await(process, err, start, () -> Files.readAllLines(err).stream().anyMatch(line -> line.startsWith(start)));
    }

    /** What a test waits for while a process runs. */
    interface Condition {
        boolean holds() throws IOException;
    }

    /**
     * Waits at most 120 s until {@code condition}, named {@code what}, holds while {@code process} still runs; its
     * {@code err} says why it did not.
     */
    static void await(Process process, Path err, String what, Condition condition)
            throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (!condition.holds()) {
            assertThat(process.isAlive()).as("ended first: " + Files.readString(err)).isTrue();
            assertThat(System.nanoTime() - deadline).as("waited 120 s for: " + what).isNegative();
            Thread.sleep(200);
        }
    }

    /** For assertion messages. */
    String printed() {
        return "exit " + status + "\n--- stdout\n" + out + "\n--- stderr\n" + err;
    }
}
