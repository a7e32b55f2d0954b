package io.hbench.it;

import static java.util.Objects.requireNonNull;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;

/**
 * HDFS and YARN in a JVM of their own, as a user's cluster is ({@link ClusterMain}: a MiniDFSCluster and a
 * MiniMRYarnCluster, whose NodeManagers start every container as a process), on a classpath of Hadoop's jars and
 * that one class; and the client configuration a gateway would have, in a directory of its own.
 *
 * <p>The NodeManagers are sized so that several containers run at once on two cores: 512 MB per task and per
 * ApplicationMaster, 4 GB and 8 vcores per node.
 *
 * <p>Lifecycle: {@link #start} starts the cluster's JVM and returns once the cluster has written its configuration;
 * {@link #close} kills that JVM and every process it started (the containers) and waits until they are gone.
 */
final class YarnCluster implements AutoCloseable {
    /** The NameNode's audit log, in the cluster's home. */
    private static final String AUDIT_LOG = "namenode-audit.log";

    private final ClusterJvm jvm;
    private final Path home;
    private final Path conf;
    private final String hadoopClasspath;

    private YarnCluster(ClusterJvm jvm, String hadoopClasspath) {
        this.jvm = jvm;
        this.home = jvm.home();
        this.conf = jvm.conf();
        this.hadoopClasspath = hadoopClasspath;
    }

    /**
     * Starts a cluster of {@code nodes} DataNodes and as many NodeManagers, keeping all its files under {@code home},
     * on the Hadoop hbench is built against.
     */
    static YarnCluster start(Path home, int nodes) throws IOException, InterruptedException {
        return start(home, nodes, Environment.hadoopVersion());
    }

    /**
     * Starts a cluster as {@link #start(Path, int)} does on the jars of Hadoop {@code version}, one of those the build
     * writes a classpath for; the cluster's processes and {@link #benchJar} run on that release.
     */
    static YarnCluster start(Path home, int nodes, String version) throws IOException, InterruptedException {
        Files.createDirectories(home);
        String hadoopClasspath = Environment.hadoopClasspath(version);
        List<String> args = new ArrayList<>(List.of(home.toString(), Integer.toString(nodes),
                ClusterJvm.site(home).toString()));
        Map<String, String> settings = containerSettings();
        settings.putAll(heartbeatSettings());
        settings.put("yarn.nodemanager.resource.memory-mb", "4096");
        settings.forEach((key, value) -> args.add(key + "=" + value));
        Path log4j = writeClusterLog4j(home.resolve("cluster-log4j.properties"), home.resolve(AUDIT_LOG));
        return new YarnCluster(ClusterJvm.start(home, "1536m", hadoopClasspath, log4j, ClusterMain.class, args,
                Map.of()), hadoopClasspath);
    }

    /**
     * How the test clusters size their containers, so that several run at once on two cores: 512 MB per task and per
     * ApplicationMaster, 8 vcores per NodeManager (memory alone limits), no virtual memory check, and a disk that is
     * nearly full still healthy. Each cluster adds its NodeManagers' memory.
     *
     * <p>Tasks and ApplicationMasters start as the resource sampler's processes do, with one garbage collector thread
     * and the quick compiler only: they live seconds, too few to earn back the optimising compiler's work (a small
     * TestDFSIO job in one JVM takes 6.0 s of CPU with it, 3.9 s without), and on two cores one container's CPU is
     * the others' wait.
     */
    static Map<String, String> containerSettings() {
        String taskOpts = "-Xmx384m " + Environment.jvmFlags() + " " + Environment.jvmOpens();
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("yarn.nodemanager.resource.cpu-vcores", "8");
        settings.put("yarn.scheduler.minimum-allocation-mb", "128");
        settings.put("yarn.nodemanager.vmem-check-enabled", "false");
        settings.put("yarn.nodemanager.disk-health-checker.max-disk-utilization-per-disk-percentage", "99.9");
        settings.put("mapreduce.map.memory.mb", "512");
        settings.put("mapreduce.reduce.memory.mb", "512");
        settings.put("yarn.app.mapreduce.am.resource.mb", "512");
        settings.put("mapreduce.map.java.opts", taskOpts);
        settings.put("mapreduce.reduce.java.opts", taskOpts);
        settings.put("yarn.app.mapreduce.am.command-opts", taskOpts);
        return settings;
    }

    /**
     * How often the test clusters' NodeManagers and ApplicationMasters call the ResourceManager: every 250 ms rather
     * than Hadoop's 1 s. A job waits for a round of both to get its ApplicationMaster's container, another for its
     * maps', another for its reducer's and to hear that each ended; the ratio of the two stays Hadoop's, so that peers
     * still spread over hosts one per NodeManager heartbeat as on a real cluster.
     */
    static Map<String, String> heartbeatSettings() {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("yarn.resourcemanager.nodemanagers.heartbeat-interval-ms", "250");
        settings.put("yarn.app.mapreduce.am.scheduler.heartbeat.interval-ms", "250");
        return settings;
    }

    /** Writes {@code settings} into {@code conf} as the four site files, each key where Hadoop looks for it. */
    static void writeSiteFiles(Configuration settings, Path conf) throws IOException {
        Map<String, Configuration> files = new LinkedHashMap<>();
        for (String file : List.of("core-site.xml", "hdfs-site.xml", "mapred-site.xml", "yarn-site.xml")) {
            files.put(file, new Configuration(false));
        }
        for (Map.Entry<String, String> entry : settings) {
            String key = entry.getKey();
            String file = key.startsWith("dfs.") ? "hdfs-site.xml"
                    : key.startsWith("mapreduce.") || key.startsWith("yarn.app.mapreduce.") ? "mapred-site.xml"
                    : key.startsWith("yarn.") ? "yarn-site.xml" : "core-site.xml";
            files.get(file).set(key, settings.getRaw(key));
        }
        Files.createDirectories(conf);
        for (Map.Entry<String, Configuration> file : files.entrySet()) {
            try (OutputStream out = Files.newOutputStream(conf.resolve(file.getKey()))) {
                file.getValue().writeXml(out);
            }
        }
    }

    /** The client configuration directory, as HADOOP_CONF_DIR on a gateway. */
    Path confDir() {
        return conf;
    }

    /** The cluster's configuration, for the tests' own checks. */
    Configuration configuration() {
        Configuration configuration = new Configuration(false);
        try (java.util.stream.Stream<Path> files = Files.list(conf)) {
            files.filter(file -> file.toString().endsWith(".xml"))
                    .forEach(file -> configuration.addResource(new org.apache.hadoop.fs.Path(file.toUri())));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return configuration;
    }

    /**
     * Runs {@code hadoop jar bench.jar args...} as the {@code hadoop} script does: RunJar, the configuration directory
     * and Hadoop's jars on the classpath, nothing of hbench's but bench.jar.
     */
    BenchRun benchJar(String... args) throws IOException, InterruptedException {
        return BenchRun.of(benchJarCommand(args), home);
    }

    /** As {@link #benchJar}, failed if it has not ended within {@code timeout}. */
    BenchRun benchJarWithin(Duration timeout, String... args) throws IOException, InterruptedException {
        return BenchRun.within(timeout, benchJarCommand(args), home);
    }

    /** The command line of {@link #benchJar}, for a test that runs it itself. */
    List<String> benchJarCommand(String... args) {
        return benchJarCommand(conf, hadoopClasspath, args);
    }

    /**
     * {@code hadoop jar bench.jar args...} as a gateway of the Hadoop hbench is built against, with the configuration
     * directory {@code conf}, runs it.
     */
    static List<String> benchJarCommand(Path conf, String... args) {
        return benchJarCommand(conf, Environment.hadoopClasspath(), args);
    }

    /**
     * The client's JVM starts as the tasks' do ({@link #containerSettings}), with one garbage collector thread and the
     * quick compiler only, as {@code HADOOP_CLIENT_OPTS} may set them: a client lives seconds to minutes, mostly
     * waiting on YARN, and its optimising compiler's CPU was the clusters' wait on two cores (a small embedded
     * TestDFSIO run took 15.2 s of CPU with the JVM's defaults, 8.3 s so).
     */
    private static List<String> benchJarCommand(Path conf, String hadoopClasspath, String... args) {
        List<String> command = new ArrayList<>(List.of(Environment.java(), "-Xmx512m"));
        command.addAll(Arrays.asList(Environment.jvmFlags().split(" ")));
        command.addAll(Arrays.asList(Environment.jvmOpens().split(" ")));
        command.addAll(List.of("-cp", conf + File.pathSeparator + hadoopClasspath,
                "org.apache.hadoop.util.RunJar", Environment.benchJar()));
        command.addAll(Arrays.asList(args));
        return command;
    }

    /**
     * The task JVMs YARN runs now for this cluster's jobs: map and reduce attempts, not ApplicationMasters, and not
     * the shells that launch them.
     */
    List<ProcessHandle> taskProcesses() {
        List<ProcessHandle> tasks = new ArrayList<>();
        jvm.process().descendants().filter(handle -> handle.info().command().map(command -> command.endsWith("/java"))
                .orElse(false) && handle.info().commandLine()
                .map(line -> line.contains("org.apache.hadoop.mapred.YarnChild")).orElse(false)).forEach(tasks::add);
        return tasks;
    }

    @Override
    public void close() {
        jvm.close();
    }

    /**
     * The cluster's logging: quiet, but for the NameNode's audit log, written as a NameNode writes it
     * ({@code FSNamesystem.audit} at INFO, Hadoop's layout) to {@code auditLog}, so that a test can read what the
     * NameNode was asked to do.
     */
    private static Path writeClusterLog4j(Path file, Path auditLog) {
        writeQuietLog4j(file);
        try {
            Files.writeString(file, "log4j.logger.org.apache.hadoop.hdfs.server.namenode.FSNamesystem.audit=INFO, audit\n"
                    + "log4j.additivity.org.apache.hadoop.hdfs.server.namenode.FSNamesystem.audit=false\n"
                    + "log4j.appender.audit=org.apache.log4j.FileAppender\n"
                    + "log4j.appender.audit.File=" + auditLog + "\n"
                    + "log4j.appender.audit.layout=org.apache.log4j.PatternLayout\n"
                    + "log4j.appender.audit.layout.ConversionPattern=%d{ISO8601} %p %c{2}: %m%n\n",
                    StandardCharsets.UTF_8, StandardOpenOption.APPEND);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The NameNode's audit log, every line it has written so far. */
    List<String> auditLog() throws IOException {
        Path log = home.resolve(AUDIT_LOG);
        return Files.exists(log) ? Files.readAllLines(log, StandardCharsets.UTF_8) : List.of();
    }

    static Path writeQuietLog4j(Path file) {
        try {
            Files.writeString(file, "log4j.rootLogger=WARN, stderr\n"
                    + "log4j.appender.stderr=org.apache.log4j.ConsoleAppender\n"
                    + "log4j.appender.stderr.Target=System.err\n"
                    + "log4j.appender.stderr.layout=org.apache.log4j.PatternLayout\n"
                    + "log4j.appender.stderr.layout.ConversionPattern=%d{ISO8601} %p %c: %m%n\n",
                    StandardCharsets.UTF_8);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String tail(Path log) {
        try (InputStream in = Files.newInputStream(log)) {
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return text.length() > 4000 ? text.substring(text.length() - 4000) : text;
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    /** Where the build put what these tests need; see bench-it's pom. */
    static final class Environment {
        private Environment() {
        }

        static String java() {
            return Paths.get(System.getProperty("java.home"), "bin", "java").toString();
        }

        static String jvmOpens() {
            return property("hbench.it.jvmOpens");
        }

        /**
         * One garbage collector thread and the quick compiler only ({@code test.jvm.flags}, as the tests' own JVMs):
         * for every JVM a test starts, client, cluster or container.
         */
        static String jvmFlags() {
            return property("hbench.it.jvmFlags");
        }

        static String benchJar() {
            return property("hbench.it.benchJar");
        }

        /** Where {@link ClusterMain} was loaded from: these tests' classes, which the cluster's JVM needs for it. */
        static String ownClasses() {
            try {
                return Paths.get(ClusterMain.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                        .toString();
            } catch (java.net.URISyntaxException e) {
                throw new IllegalStateException(e);
            }
        }

        /** Every path a cluster's processes run from: the JDK, Hadoop's jars, bench.jar and these tests' classes. */
        static List<Path> paths() {
            List<Path> paths = new ArrayList<>(List.of(Paths.get(System.getProperty("java.home")),
                    Paths.get(benchJar()), Paths.get(ownClasses())));
            for (String entry : hadoopClasspath().split(File.pathSeparator)) {
                paths.add(Paths.get(entry));
            }
            return paths;
        }

        /** The Hadoop release hbench is built against. */
        static String hadoopVersion() {
            return property("hbench.it.hadoopVersion");
        }

        /** The jars of the Hadoop release hbench is built against. */
        static String hadoopClasspath() {
            return hadoopClasspath(hadoopVersion());
        }

        /** The jars of Hadoop {@code version}: the release hbench is built against, or another the build names. */
        static String hadoopClasspath(String version) {
            String file = version.equals(hadoopVersion()) ? property("hbench.it.hadoopClasspath")
                    : property("hbench.it.hadoopClasspath." + version);
            try {
                return Files.readString(Paths.get(file)).trim();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        private static String property(String key) {
            return requireNonNull(System.getProperty(key), key + " is not set: run these tests with Maven (failsafe)");
        }
    }
}
