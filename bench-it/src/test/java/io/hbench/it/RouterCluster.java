package io.hbench.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;

/**
 * Router-based federation in a JVM of its own ({@link RouterClusterMain}: two subclusters behind one Router), on a
 * classpath of Hadoop's jars and these tests' classes; and the client configuration a gateway of the federation would
 * have, in a directory of its own, whose {@code fs.defaultFS} is the Router's nameservice.
 *
 * <p>Lifecycle: {@link ClusterJvm}'s.
 */
final class RouterCluster implements AutoCloseable {
    private final ClusterJvm jvm;
    private final Path home;
    private final Path conf;

    private RouterCluster(ClusterJvm jvm) {
        this.jvm = jvm;
        this.home = jvm.home();
        this.conf = jvm.conf();
    }

    static RouterCluster start(Path home) throws IOException, InterruptedException {
        Files.createDirectories(home);
        Path log4j = YarnCluster.writeQuietLog4j(home.resolve("cluster-log4j.properties"));
        return new RouterCluster(ClusterJvm.start(home, "1g", YarnCluster.Environment.hadoopClasspath(), log4j,
                RouterClusterMain.class, List.of(ClusterJvm.site(home).toString()), Map.of()));
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
        jvm.close();
    }
}
