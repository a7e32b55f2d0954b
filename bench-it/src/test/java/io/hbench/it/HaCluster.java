package io.hbench.it;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.hadoop.conf.Configuration;

/**
 * An HA nameservice in a JVM of its own ({@link HaClusterMain}), on a classpath of Hadoop's jars and that one class,
 * and the client configuration a gateway of it has, in a directory of its own; no YARN.
 *
 * <p>Lifecycle: {@link #start} starts the cluster's JVM and returns once it has written the client configuration;
 * {@link #close} kills that JVM and waits until it is gone.
 */
final class HaCluster implements AutoCloseable {
    private static final long START_TIMEOUT_SECONDS = 240;

    private final Process process;
    private final Path home;
    private final Path conf;

    private HaCluster(Process process, Path home, Path conf) {
        this.process = process;
        this.home = home;
        this.conf = conf;
    }

    static HaCluster start(Path home) throws IOException, InterruptedException {
        Files.createDirectories(home);
        Path site = home.resolve("ha-site.xml");
        // The NameNodes' metrics every second, not 10: each run's NameNode calls are read from their JMX a period
        // after it ends, which the client's configuration below says.
        Files.writeString(home.resolve("hadoop-metrics2.properties"), "*.period=1\n");
        List<String> command = new ArrayList<>(List.of(YarnCluster.Environment.java(), "-Xmx1024m"));
        command.addAll(Arrays.asList(YarnCluster.Environment.jvmOpens().split(" ")));
        command.addAll(List.of("-Dlog4j.configuration=file:"
                + YarnCluster.writeQuietLog4j(home.resolve("cluster-log4j.properties")),
                "-cp", home + File.pathSeparator + YarnCluster.Environment.hadoopClasspath() + File.pathSeparator
                        + YarnCluster.Environment.ownClasses(),
                HaClusterMain.class.getName(), home.toString(), site.toString()));
        Process process = new ProcessBuilder(command).directory(home.toFile()).redirectErrorStream(true)
                .redirectOutput(home.resolve("cluster.log").toFile()).start();
        HaCluster cluster = new HaCluster(process, home, home.resolve("conf"));
        try {
            cluster.awaitStart(site);
        } catch (IOException | InterruptedException | RuntimeException e) {
            cluster.close();
            throw e;
        }
        return cluster;
    }

    private void awaitStart(Path site) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(START_TIMEOUT_SECONDS);
        while (!Files.exists(site)) {
            if (!process.isAlive()) {
                throw new IllegalStateException("the HA cluster exited with " + process.exitValue()
                        + " before it started: " + YarnCluster.tail(home.resolve("cluster.log")));
            }
            if (System.nanoTime() - deadline > 0) {
                throw new IllegalStateException("the HA cluster did not start within " + START_TIMEOUT_SECONDS + " s: "
                        + YarnCluster.tail(home.resolve("cluster.log")));
            }
            Thread.sleep(200);
        }
        Configuration written = new Configuration(false);
        written.addResource(new org.apache.hadoop.fs.Path(site.toUri()));
        written.set("hbench.namenode.metricsPeriod", "1s");
        YarnCluster.writeSiteFiles(written, conf);
        YarnCluster.writeQuietLog4j(conf.resolve("log4j.properties"));
    }

    /** The client configuration, for the tests' own checks. */
    Configuration configuration() {
        Configuration configuration = new Configuration(false);
        configuration.addResource(new org.apache.hadoop.fs.Path(conf.resolve("core-site.xml").toUri()));
        configuration.addResource(new org.apache.hadoop.fs.Path(conf.resolve("hdfs-site.xml").toUri()));
        return configuration;
    }

    /** {@code hadoop jar bench.jar args...} on a gateway of this nameservice. */
    BenchRun benchJar(String... args) throws IOException, InterruptedException {
        return BenchRun.of(YarnCluster.benchJarCommand(conf, args), home);
    }

    /** As {@link #benchJar}, as {@code user}: Hadoop's HADOOP_USER_NAME, which a cluster without Kerberos believes. */
    BenchRun benchJarAs(String user, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(YarnCluster.benchJarCommand(conf, args));
        command.add(1, "-DHADOOP_USER_NAME=" + user);
        return BenchRun.of(command, home);
    }

    @Override
    public void close() {
        process.destroyForcibly();
        try {
            process.onExit().get(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("the HA cluster's process " + process.pid() + " did not end", e);
        }
    }
}
