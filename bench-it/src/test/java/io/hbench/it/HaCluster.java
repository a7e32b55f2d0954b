package io.hbench.it;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;

/**
 * An HA nameservice in a JVM of its own ({@link HaClusterMain}), on a classpath of Hadoop's jars and that one class,
 * and the client configuration a gateway of it has, in a directory of its own; no YARN.
 *
 * <p>Lifecycle: {@link ClusterJvm}'s.
 */
final class HaCluster implements AutoCloseable {
    private final ClusterJvm jvm;
    private final Path home;
    private final Path conf;

    private HaCluster(ClusterJvm jvm) {
        this.jvm = jvm;
        this.home = jvm.home();
        this.conf = jvm.conf();
    }

    static HaCluster start(Path home) throws IOException, InterruptedException {
        Files.createDirectories(home);
        // The NameNodes' metrics every second, not 10: each run's NameNode calls are read from their JMX a period
        // after it ends, which the client's setting below says.
        Files.writeString(home.resolve("hadoop-metrics2.properties"), "*.period=1\n");
        Path log4j = YarnCluster.writeQuietLog4j(home.resolve("cluster-log4j.properties"));
        return new HaCluster(ClusterJvm.start(home, "1024m", home + File.pathSeparator
                + YarnCluster.Environment.hadoopClasspath(), log4j, HaClusterMain.class,
                List.of(home.toString(), ClusterJvm.site(home).toString()),
                Map.of("hbench.namenode.metricsPeriod", "1s")));
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
        jvm.close();
    }
}
