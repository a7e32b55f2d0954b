package io.hbench.it;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.hadoop.conf.Configuration;

/**
 * A test cluster's own JVM, as a user's cluster runs apart from its clients: Hadoop's jars, bench-it's classes and
 * one main class ({@link ClusterMain}, {@link HaClusterMain}, {@link RouterClusterMain}) that starts the cluster and
 * then writes its running configuration to {@link #site}; from that, the client configuration a gateway of the
 * cluster has, in {@code home/conf}. Its output goes to {@code home/cluster.log}.
 *
 * <p>Lifecycle: {@link #start} returns once the cluster has written its configuration, or fails with the tail of its
 * log; {@link #close} kills the JVM and every process it started (YARN's containers) and waits until they are gone.
 */
final class ClusterJvm implements AutoCloseable {
    private static final long START_TIMEOUT_SECONDS = 240;

    private final Process process;
    private final Path home;

    private ClusterJvm(Process process, Path home) {
        this.process = process;
        this.home = home;
    }

    /** Where a cluster started in {@code home} writes its running configuration: the main class's argument. */
    static Path site(Path home) {
        return home.resolve("cluster-site.xml");
    }

    /**
     * Starts {@code main} with {@code args} in a JVM of {@code heap} on {@code classpath} (Hadoop's jars; bench-it's
     * classes are added), logging as {@code log4j} says, and waits for its configuration; then writes the client
     * configuration: the cluster's, with {@code clientSettings} over it. The JVM has one garbage collector thread and
     * the quick compiler only, as the tests' own JVMs ({@code test.jvm.flags}): on two cores the optimising compiler's
     * and G1's threads were the tests' wait.
     */
    static ClusterJvm start(Path home, String heap, String classpath, Path log4j, Class<?> main, List<String> args,
            Map<String, String> clientSettings) throws IOException, InterruptedException {
        Files.createDirectories(home);
        List<String> command = new ArrayList<>(List.of(YarnCluster.Environment.java(), "-Xmx" + heap));
        command.addAll(Arrays.asList(YarnCluster.Environment.jvmFlags().split(" ")));
        command.addAll(Arrays.asList(YarnCluster.Environment.jvmOpens().split(" ")));
        command.addAll(List.of("-Dlog4j.configuration=file:" + log4j, "-cp",
                classpath + File.pathSeparator + YarnCluster.Environment.ownClasses(), main.getName()));
        command.addAll(args);
        Process process = new ProcessBuilder(command).directory(home.toFile()).redirectErrorStream(true)
                .redirectOutput(home.resolve("cluster.log").toFile()).start();
        ClusterJvm jvm = new ClusterJvm(process, home);
        try {
            jvm.awaitConfiguration();
            Configuration client = new Configuration(false);
            client.addResource(new org.apache.hadoop.fs.Path(site(home).toUri()));
            clientSettings.forEach(client::set);
            YarnCluster.writeSiteFiles(client, jvm.conf());
            YarnCluster.writeQuietLog4j(jvm.conf().resolve("log4j.properties"));
        } catch (IOException | InterruptedException | RuntimeException e) {
            jvm.close();
            throw e;
        }
        return jvm;
    }

    private void awaitConfiguration() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(START_TIMEOUT_SECONDS);
        while (!Files.exists(site(home))) {
            if (!process.isAlive()) {
                throw new IllegalStateException("the cluster exited with " + process.exitValue() + " before it started: "
                        + YarnCluster.tail(home.resolve("cluster.log")));
            }
            if (System.nanoTime() - deadline > 0) {
                throw new IllegalStateException("the cluster did not start within " + START_TIMEOUT_SECONDS + " s: "
                        + YarnCluster.tail(home.resolve("cluster.log")));
            }
            Thread.sleep(200);
        }
    }

    /** The client configuration directory, as HADOOP_CONF_DIR on a gateway. */
    Path conf() {
        return home.resolve("conf");
    }

    Path home() {
        return home;
    }

    /** The cluster's JVM, whose descendants are the processes the cluster started. */
    Process process() {
        return process;
    }

    @Override
    public void close() {
        List<ProcessHandle> all = new ArrayList<>();
        process.descendants().forEach(all::add);
        all.add(process.toHandle());
        for (ProcessHandle each : all) {
            each.destroyForcibly();
        }
        for (ProcessHandle each : all) {
            try {
                each.onExit().get(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (ExecutionException | TimeoutException e) {
                throw new IllegalStateException("process " + each.pid() + " of the cluster did not end", e);
            }
        }
    }
}
