package io.hbench.it;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType;
import org.apache.hadoop.yarn.api.records.NodeState;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.exceptions.YarnException;

/**
 * A Hadoop cluster of several hosts on this machine, each node a {@link NetworkNamespaces} host with its own address,
 * name and /tmp: {@code master} runs the NameNode, ResourceManager and JobHistoryServer, each worker a DataNode and a
 * NodeManager, and each DataNode-only host a DataNode alone ({@link HadoopNodeMain}), every one from Hadoop's jars
 * alone, and YARN starts every task in a process on its worker's host: never on a DataNode-only host, which holds
 * replicas but runs no task. The client runs on the gateway, this machine, with the cluster's configuration as a
 * gateway has it.
 *
 * <p>Each NodeManager has room for the resource sampler's container and two 512 MB tasks, or one beside an
 * ApplicationMaster, so that a job of as many maps as there are free slots runs on every worker at once. Blocks are
 * written twice ({@code dfs.replication} 2): the writer's own DataNode, then one other, a DataNode-only host's too.
 * A task whose split names hosts waits for one of them for up to one round of the NodeManagers' heartbeats before it
 * runs elsewhere, so that a read asked to run beside its data, or away from it, does
 * ({@link #writeCapacitySchedulerConfiguration}).
 *
 * <p>Lifecycle: {@link #start} returns once every DataNode (the workers' and the DataNode-only hosts') and every
 * NodeManager (the workers') has registered; {@link #close} kills every
 * node's process tree; the namespaces are their creator's to remove.
 */
final class NamespaceCluster implements AutoCloseable {
    static final String MASTER = "master";
    private static final long START_TIMEOUT_SECONDS = 240;
    /** The sampler's container (384 MB) and two tasks of 512 MB. */
    private static final int NODE_MEMORY_MB = 384 + 2 * 512;

    private final NetworkNamespaces net;
    private final Path home;
    private final Path conf;
    private final List<String> workers;
    private final List<String> dataNodeOnly;
    private final List<Process> nodes = new ArrayList<>();

    private NamespaceCluster(NetworkNamespaces net, Path home, List<String> workers, List<String> dataNodeOnly) {
        this.net = net;
        this.home = home;
        this.conf = home.resolve("conf");
        this.workers = workers;
        this.dataNodeOnly = dataNodeOnly;
    }

    /**
     * Starts a master on the host {@value #MASTER}, a DataNode alone on each of {@code dataNodeOnly}, and a worker on
     * every other host of {@code net}.
     *
     * @param dataNodeOnly hosts of {@code net} that run a DataNode and no NodeManager
     * @param diskDelayMillis how long each host's DataNode holds every packet a task writes ({@link HadoopNodeMain})
     */
    static NamespaceCluster start(NetworkNamespaces net, Path home, List<String> dataNodeOnly,
            Map<String, Long> diskDelayMillis) throws IOException, InterruptedException {
        List<String> workers = new ArrayList<>(net.hosts());
        workers.remove(MASTER);
        if (dataNodeOnly.contains(MASTER) || !workers.containsAll(dataNodeOnly)) {
            throw new IllegalArgumentException("DataNode-only hosts " + dataNodeOnly + " not all among "
                    + workers);
        }
        workers.removeAll(dataNodeOnly);
        NamespaceCluster cluster = new NamespaceCluster(net, home, workers, List.copyOf(dataNodeOnly));
        try {
            cluster.writeConfiguration();
            Path masterReady = cluster.startNode(MASTER, "master");
            cluster.await(() -> Files.exists(masterReady), "the master to start");
            for (String worker : workers) {
                cluster.startNode(worker, "worker", Long.toString(diskDelayMillis.getOrDefault(worker, 0L)));
            }
            for (String host : dataNodeOnly) {
                cluster.startNode(host, "datanode", Long.toString(diskDelayMillis.getOrDefault(host, 0L)));
            }
            cluster.await(cluster::allRegistered, "every DataNode and NodeManager to register");
        } catch (IOException | InterruptedException | RuntimeException e) {
            cluster.close();
            throw e;
        }
        return cluster;
    }

    private void writeConfiguration() throws IOException {
        String master = net.address(MASTER);
        String classpath = YarnCluster.Environment.hadoopClasspath();
        Map<String, String> settings = YarnCluster.containerSettings();
        settings.putAll(YarnCluster.heartbeatSettings());
        settings.put("fs.defaultFS", "hdfs://" + master + ":8020");
        settings.put("hadoop.tmp.dir", "${hbench.node.dir}/hadoop-tmp");
        settings.put("dfs.namenode.name.dir", "${hbench.node.dir}/name");
        settings.put("dfs.datanode.data.dir", "${hbench.node.dir}/data");
        settings.put("dfs.replication", "2");
        settings.put("dfs.namenode.safemode.extension", "0");
        settings.put("dfs.heartbeat.interval", "1");
        settings.put("yarn.resourcemanager.hostname", master);
        settings.put("yarn.nodemanager.aux-services", "mapreduce_shuffle");
        settings.put("yarn.nodemanager.aux-services.mapreduce_shuffle.class", "org.apache.hadoop.mapred.ShuffleHandler");
        settings.put("yarn.nodemanager.local-dirs", "${hbench.node.dir}/nm-local");
        settings.put("yarn.nodemanager.log-dirs", "${hbench.node.dir}/nm-logs");
        settings.put("yarn.nodemanager.resource.memory-mb", Integer.toString(NODE_MEMORY_MB));
        settings.put("yarn.application.classpath", classpath);
        settings.put("mapreduce.framework.name", "yarn");
        settings.put("mapreduce.application.classpath", classpath);
        settings.put("mapreduce.jobhistory.address", master + ":10020");
        // The reducer starts once every map has ended, so that it never holds a map's slot.
        settings.put("mapreduce.job.reduce.slowstart.completedmaps", "1.0");
        Configuration site = new Configuration(false);
        settings.forEach(site::set);
        YarnCluster.writeSiteFiles(site, conf);
        YarnCluster.writeQuietLog4j(conf.resolve("log4j.properties"));
        writeCapacitySchedulerConfiguration();
        // The DataNodes' metrics, which hbench reads over /jmx from a DataNode-only host, refresh every second rather
        // than every 10 s, so that a run of tens of seconds sees its own bytes.
        Files.writeString(conf.resolve("hadoop-metrics2.properties"), "*.period=1\n");
    }

    /**
     * The CapacityScheduler's queues as Hadoop's test jar on the classpath sets them, but for locality: a container
     * whose request names hosts waits for one of them for as many missed scheduling opportunities as there are
     * NodeManagers (YARN's most), about one round of heartbeats, before it goes to another host. That file sets
     * {@code node-locality-delay} -1, which sent every container at once to the first host with room and left
     * -readFrom's hosts unhonoured; and it comes after yarn-site.xml, so this one, first on the classpath, replaces it.
     * The additional delay 0 holds a job's last such request as long as its first, which by default goes elsewhere
     * after one missed opportunity. A request that names no host is placed at once.
     */
    private void writeCapacitySchedulerConfiguration() throws IOException {
        Configuration scheduler = new Configuration(false);
        scheduler.addResource("capacity-scheduler.xml");
        if (scheduler.get("yarn.scheduler.capacity.root.queues") == null) {
            throw new IllegalStateException("no capacity-scheduler.xml with queues on the classpath");
        }
        scheduler.set("yarn.scheduler.capacity.node-locality-delay", Integer.toString(workers.size()));
        scheduler.set("yarn.scheduler.capacity.rack-locality-additional-delay", "0");
        try (OutputStream out = Files.newOutputStream(conf.resolve("capacity-scheduler.xml"))) {
            scheduler.writeXml(out);
        }
    }

    /** Starts {@link HadoopNodeMain} on {@code host}; returns the file it writes once its daemons run. */
    private Path startNode(String host, String role, String... more) throws IOException {
        Path dir = home.resolve(host);
        Files.createDirectories(dir);
        Path ready = dir.resolve("ready");
        List<String> command = new ArrayList<>(List.of(YarnCluster.Environment.java(),
                host.equals(MASTER) ? "-Xmx768m" : "-Xmx512m", "-XX:+UseSerialGC", "-Dhbench.node.dir=" + dir));
        command.addAll(Arrays.asList(YarnCluster.Environment.jvmOpens().split(" ")));
        command.addAll(List.of("-cp", conf + File.pathSeparator + YarnCluster.Environment.hadoopClasspath()
                + File.pathSeparator + YarnCluster.Environment.ownClasses(), HadoopNodeMain.class.getName(),
                role, ready.toString()));
        command.addAll(Arrays.asList(more));
        Process process = net.onHost(host, command).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(dir.resolve("node.log").toFile()).start();
        nodes.add(process);
        return ready;
    }

    private boolean allRegistered() {
        Configuration client = configuration();
        try (FileSystem fs = FileSystem.newInstance(client); YarnClient yarn = YarnClient.createYarnClient()) {
            yarn.init(client);
            yarn.start();
            return ((DistributedFileSystem) fs).getDataNodeStats(DatanodeReportType.LIVE).length
                    == workers.size() + dataNodeOnly.size()
                    && yarn.getNodeReports(NodeState.RUNNING).size() == workers.size();
        } catch (IOException | YarnException e) {
            return false;
        }
    }

    private interface Condition {
        boolean holds() throws IOException;
    }

    private void await(Condition condition, String what) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(START_TIMEOUT_SECONDS);
        while (!condition.holds()) {
            for (int i = 0; i < nodes.size(); i++) {
                if (!nodes.get(i).isAlive()) {
                    throw new IllegalStateException("a node exited with " + nodes.get(i).exitValue()
                            + " while waiting for " + what + ": " + logs());
                }
            }
            if (System.nanoTime() - deadline > 0) {
                throw new IllegalStateException("waited " + START_TIMEOUT_SECONDS + " s for " + what + ": " + logs());
            }
            Thread.sleep(500);
        }
    }

    private String logs() {
        StringBuilder text = new StringBuilder();
        for (String host : net.hosts()) {
            Path log = home.resolve(host).resolve("node.log");
            if (Files.exists(log)) {
                text.append("\n--- ").append(host).append('\n').append(YarnCluster.tail(log));
            }
        }
        return text.toString();
    }

    /** The hosts that run a DataNode and a NodeManager. */
    List<String> workers() {
        return List.copyOf(workers);
    }

    /** The cluster's configuration as a gateway reads it (the master by address), for the tests' own checks. */
    Configuration configuration() {
        Configuration configuration = new YarnConfiguration();
        for (String file : List.of("core-site.xml", "hdfs-site.xml", "yarn-site.xml", "mapred-site.xml")) {
            configuration.addResource(new org.apache.hadoop.fs.Path(conf.resolve(file).toUri()));
        }
        return configuration;
    }

    /**
     * Runs {@code hadoop jar bench.jar args...} on the gateway as the {@code hadoop} script does: RunJar, the
     * configuration directory and Hadoop's jars on the classpath, nothing of hbench's but bench.jar.
     */
    BenchRun benchJar(Path directory, String... args) throws IOException, InterruptedException {
        return BenchRun.of(net.onGateway(benchJarCommand(args)), directory);
    }

    /** The command line of {@link #benchJar}, for a process a test starts on a host itself. */
    List<String> benchJarCommand(String... args) {
        return YarnCluster.benchJarCommand(conf, args);
    }

    @Override
    public void close() {
        for (Process node : nodes) {
            node.descendants().forEach(ProcessHandle::destroyForcibly);
            node.destroyForcibly();
        }
        for (Process node : nodes) {
            try {
                node.waitFor(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
