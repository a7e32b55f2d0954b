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
 * Router-based federation in a JVM of its own ({@link RouterClusterMain}: two subclusters behind one Router), on a
 * classpath of Hadoop's jars and these tests' classes; and the client configuration a gateway of the federation would
 * have, in a directory of its own, whose {@code fs.defaultFS} is the Router's nameservice.
 *
 * <p>Lifecycle: {@link #start} returns once the cluster has written its configuration; {@link #close} kills its JVM.
 */
final class RouterCluster implements AutoCloseable {
    private final Process process;
    private final Path home;
    private final Path conf;

    private RouterCluster(Process process, Path home) {
        this.process = process;
        this.home = home;
        this.conf = home.resolve("conf");
    }

    static RouterCluster start(Path home) throws IOException, InterruptedException {
        Files.createDirectories(home);
        Path site = home.resolve("router-site.xml");
        List<String> command = new ArrayList<>(List.of(YarnCluster.Environment.java(), "-Xmx1g"));
        command.addAll(Arrays.asList(YarnCluster.Environment.jvmOpens().split(" ")));
        command.addAll(List.of("-Dlog4j.configuration=file:"
                        + YarnCluster.writeQuietLog4j(home.resolve("cluster-log4j.properties")),
                "-cp", YarnCluster.Environment.hadoopClasspath() + File.pathSeparator
                        + YarnCluster.Environment.ownClasses(),
                RouterClusterMain.class.getName(), site.toString()));
        Process process = new ProcessBuilder(command).directory(home.toFile()).redirectErrorStream(true)
                .redirectOutput(home.resolve("cluster.log").toFile()).start();
        RouterCluster cluster = new RouterCluster(process, home);
        try {
            cluster.awaitStart(site);
        } catch (IOException | InterruptedException | RuntimeException e) {
            cluster.close();
            throw e;
        }
        return cluster;
    }

    private void awaitStart(Path site) throws IOException, InterruptedException {
        YarnCluster.awaitConfiguration(process, site, home.resolve("cluster.log"));
        Configuration running = new Configuration(false);
        running.addResource(new org.apache.hadoop.fs.Path(site.toUri()));
        YarnCluster.writeSiteFiles(running, conf);
        YarnCluster.writeQuietLog4j(conf.resolve("log4j.properties"));
    }

    /** The client's configuration, for the tests' own checks. */
    Configuration configuration() {
        Configuration configuration = new Configuration(false);
        for (String file : List.of("core-site.xml", "hdfs-site.xml")) {
            configuration.addResource(new org.apache.hadoop.fs.Path(conf.resolve(file).toUri()));
        }
        return configuration;
    }

    /** The URI of subcluster {@code nameservice}'s NameNode, to look at it directly, not through the Router. */
    String nameNode(String nameservice) {
        return configuration().get(RouterClusterMain.NAMENODE_KEY_PREFIX + nameservice);
    }

    /** {@code hadoop jar bench.jar args...} on a gateway of the federation. */
    BenchRun benchJar(String... args) throws IOException, InterruptedException {
        return BenchRun.of(YarnCluster.benchJarCommand(conf, args), home);
    }

    @Override
    public void close() {
        process.destroyForcibly();
        try {
            process.onExit().get(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("the Router cluster's process " + process.pid() + " did not end", e);
        }
    }
}
