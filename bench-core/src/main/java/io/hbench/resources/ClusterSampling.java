package io.hbench.resources;

import static java.util.Objects.requireNonNull;

import io.hbench.mapred.MapReduceFramework;
import io.hbench.result.HostUsage;
import io.hbench.result.Phase;
import io.hbench.result.ResourceUsage;
import io.hbench.undo.RunUndo;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType;
import org.apache.hadoop.yarn.api.records.NodeReport;
import org.apache.hadoop.yarn.api.records.NodeState;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.exceptions.YarnException;

/**
 * Samples every host of the cluster for a whole run, as PAT does: on YARN one small container on each NodeManager host
 * ({@link YarnSampler}), started before the run's first job is submitted and stopped after its last job ends; with
 * MapReduce in this process (the embedded cluster) this process's host. A DataNode host where hbench runs nothing (no
 * NodeManager) is sampled through its DataNode's own metrics over HTTP ({@link DataNodeSampler}): the DataNode's
 * figures, not the host's. Nothing is installed on the nodes and nothing needs root. A host that cannot be sampled is
 * named with the reason: a DataNode whose web endpoint refused, a NodeManager host where YARN gave the sampler no
 * container in time.
 * <p>
 * Costs: on YARN, one container per NodeManager host for the run's length (the smallest YARN grants:
 * {@value YarnSampler#CONTAINER_MEMORY_MB} MB asked) and no ApplicationMaster container; per host one thread taking
 * a snapshot of /proc per interval. It never holds the run back: should YARN keep one of the run's applications waiting
 * because of the sampler's, the sampler gives way and every host is named as not sampled, with that reason.
 * {@value #ENABLED_KEY}=false leaves sampling to the run's own tasks, on their hosts while they run.
 * <p>
 * Lifecycle: {@link #start} returns once every sampler has taken its first snapshot (or the start bound passed), so
 * that the run's first job comes after it; {@link #stop} ends the window and returns the figures; {@link #close} stops
 * the samplers and removes their files if {@code stop} was never called (a failed run).
 */
public final class ClusterSampling implements AutoCloseable {
    /** Whether a run samples the whole cluster for its whole length (default) or only its tasks' hosts. */
    public static final String ENABLED_KEY = "hbench.resources.cluster";
    /** How long the sampler's tasks may take to start, in Hadoop's time units; default 60 s. */
    public static final String START_TIMEOUT_KEY = "hbench.resources.cluster.start-timeout";
    static final Duration DEFAULT_START_TIMEOUT = Duration.ofSeconds(60);

    private final Duration interval;
    private final Window window;
    private final DataNodeSampler dataNodes;
    private final HdfsSlowNodeReports slowNodeReports;
    /** What reads the DataNodes' and the NameNode's JMX, for both: closed with this sampling. */
    private final JmxReader reader;
    private final PrintStream progress;
    private boolean stopped;

    private ClusterSampling(Duration interval, Window window, DataNodeSampler dataNodes,
            HdfsSlowNodeReports slowNodeReports, JmxReader reader, PrintStream progress) {
        this.interval = interval;
        this.window = window;
        this.dataNodes = dataNodes;
        this.slowNodeReports = slowNodeReports;
        this.reader = reader;
        this.progress = progress;
    }

    /** What is being sampled: this process's host, or every NodeManager's. */
    interface Window {
        /** Ends sampling; every host's samples, and an unavailable entry per host that could not be sampled. */
        List<HostSamples> stop() throws IOException, InterruptedException;

        /** Ends sampling and drops what was taken. */
        void cancel();
    }

    /**
     * Starts sampling the cluster {@code conf} names, or returns empty if resource sampling or whole-cluster sampling
     * is off.
     *
     * @param progress where the sampler says what it samples, or why it cannot
     * @throws InterruptedException if interrupted while the samplers start; a sampler that cannot start is no error:
     *         the run's tasks sample their own hosts, and {@code progress} says why
     */
    public static Optional<ClusterSampling> start(Configuration conf, PrintStream progress)
            throws InterruptedException {
        requireNonNull(conf, "conf is null");
        requireNonNull(progress, "progress is null");
        Optional<Duration> interval = ResourceSampling.interval(conf);
        if (interval.isEmpty() || !conf.getBoolean(ENABLED_KEY, true)) {
            return Optional.empty();
        }
        String run = "hbench-run-" + UUID.randomUUID();
        if (MapReduceFramework.isLocal(conf)) {
            return Optional.of(withDataNodes(conf, interval.get(), new ThisHost(run, interval.get()),
                    HostNames::isThisHost, "a DataNode host; MapReduce runs in the client, so hbench runs nothing"
                            + " there", progress));
        }
        // Each host's sampler counts the CPU time of the run's task JVMs apart, by this mark.
        OwnProcesses.mark(conf, run);
        try {
            YarnHosts nodeManagers = YarnHosts.start(conf, run, interval.get(), progress);
            return Optional.of(withDataNodes(conf, interval.get(), nodeManagers, nodeManagers::covers,
                    "a DataNode host without a NodeManager: hbench can run nothing there", progress));
        } catch (IOException e) {
            if (RunUndo.stopping()) {
                return Optional.empty();
            }
            // Sampling never fails a run: its tasks still sample their own hosts.
            progress.println("hbench: resource sampler: cannot sample every host (" + e.getMessage()
                    + "); the run's tasks sample their own hosts instead");
            return Optional.empty();
        }
    }

    /**
     * {@code window}, and the DataNode hosts it does not cover through their DataNodes' metrics.
     *
     * @param uncovered what such a host is, for the reason it is not sampled if its DataNode does not answer
     */
    private static ClusterSampling withDataNodes(Configuration conf, Duration interval, Window window,
            Predicate<String> covers, String uncovered, PrintStream progress) throws InterruptedException {
        Map<String, DataNodeSampler.Endpoint> dataNodes = new TreeMap<>();
        for (DatanodeInfo dataNode : liveDataNodes(conf)) {
            if (!covers.test(dataNode.getHostName())) {
                DataNodeSampler.Endpoint endpoint = DataNodeSampler.Endpoint.of(dataNode, conf);
                dataNodes.putIfAbsent(endpoint.host, endpoint);
            }
        }
        JmxReader reader = JmxReader.of(conf);
        try {
            return new ClusterSampling(interval, window, DataNodeSampler.start(reader,
                    new ArrayList<>(dataNodes.values()), interval, uncovered, progress),
                    HdfsSlowNodeReports.of(conf, reader), reader, progress);
        } catch (InterruptedException | RuntimeException e) {
            window.cancel();
            reader.close();
            throw e;
        }
    }

    /**
     * Ends the window and returns every host's figures over it.
     *
     * @param phases the run's own phases, to mark on charts
     * @param taskHosts the hosts that ran the run's tasks: one the sampler missed is named as not sampled
     */
    public ResourceUsage stop(List<Phase> phases, Collection<String> taskHosts)
            throws IOException, InterruptedException {
        if (stopped) {
            throw new IllegalStateException("already stopped");
        }
        stopped = true;
        List<HostSamples> samples = window.stop();
        List<HostUsage> dataNodeHosts = dataNodes.stop();
        List<String> missed = new ArrayList<>();
        for (String host : taskHosts) {
            if (samples.stream().noneMatch(one -> HostNames.same(one.host(), host))
                    && dataNodeHosts.stream().noneMatch(one -> HostNames.same(one.host(), host))) {
                missed.add(host);
            }
        }
        return UsageCalculator.usage(samples, missed, interval, phases, dataNodeHosts)
                .covering(ResourceUsage.Coverage.RUN);
    }

    /**
     * HDFS's own slow-node detection as the NameNode reports it now ({@link HdfsSlowNodeReports}), as the result's
     * outputs: asked at the run's end, beside {@link #stop}. Empty where HDFS keeps no such report.
     */
    public Map<String, String> hdfsSlowNodeReports() throws InterruptedException {
        return slowNodeReports.read(progress);
    }

    /** Cancels sampling if it was not stopped: stops the samplers and removes their files; releases the JMX reader. */
    @Override
    public void close() {
        if (!stopped) {
            stopped = true;
            window.cancel();
            dataNodes.cancel();
        }
        reader.close();
    }

    /** MapReduce runs in this process: its host is where every task runs. */
    private static final class ThisHost implements Window {
        private final HostSampler.Participation participation;

        ThisHost(String run, Duration interval) {
            // Every task runs in this process: its CPU time is hbench's own.
            this.participation = HostSampler.joinCountingOwn(run, interval, Optional.empty());
        }

        @Override
        public List<HostSamples> stop() {
            return List.of(participation.leave());
        }

        @Override
        public void cancel() {
            participation.leave();
        }
    }

    /** Every NodeManager host through {@link YarnSampler}, and why each host it could not sample was not. */
    private static final class YarnHosts implements Window {
        private final YarnSampler sampler;
        private final List<String> nodeManagers;
        private final Duration startTimeout;

        private YarnHosts(YarnSampler sampler, List<String> nodeManagers, Duration startTimeout) {
            this.sampler = sampler;
            this.nodeManagers = nodeManagers;
            this.startTimeout = startTimeout;
        }

        static YarnHosts start(Configuration conf, String run, Duration interval, PrintStream progress)
                throws IOException, InterruptedException {
            List<String> nodeManagers = nodeManagerHosts(conf);
            Duration startTimeout = Duration.ofMillis(conf.getTimeDuration(START_TIMEOUT_KEY,
                    DEFAULT_START_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS));
            YarnSampler sampler = YarnSampler.start(conf, run, interval, startTimeout, nodeManagers, progress);
            return new YarnHosts(sampler, nodeManagers, startTimeout);
        }

        /** Whether {@code host} runs a NodeManager: one it samples, or names as not sampled. */
        boolean covers(String host) {
            return nodeManagers.stream().anyMatch(nodeManager -> HostNames.same(nodeManager, host));
        }

        @Override
        public List<HostSamples> stop() throws IOException, InterruptedException {
            List<HostSamples> samples = new ArrayList<>(sampler.stop());
            for (String host : nodeManagers) {
                if (samples.stream().noneMatch(one -> HostNames.same(one.host(), host))) {
                    samples.add(HostSamples.unavailable(HostNames.canonical(host), "a NodeManager host where YARN"
                            + " gave the sampler no container within " + startTimeout.toSeconds() + " s"));
                }
            }
            return samples;
        }

        @Override
        public void cancel() {
            sampler.cancel();
        }
    }

    /** The running NodeManagers' hosts, as YARN names them and as any user may ask YARN. */
    public static List<String> nodeManagerHosts(Configuration conf) throws IOException {
        try (YarnClient yarn = YarnClient.createYarnClient()) {
            yarn.init(conf);
            yarn.start();
            TreeSet<String> hosts = new TreeSet<>();
            for (NodeReport node : yarn.getNodeReports(NodeState.RUNNING)) {
                hosts.add(node.getNodeId().getHost());
            }
            return new ArrayList<>(hosts);
        } catch (YarnException e) {
            throw new IOException("cannot ask YARN for its NodeManagers: " + e.getMessage(), e);
        }
    }

    /** The live DataNodes; none if the file system is not HDFS or the user may not list them. */
    private static List<DatanodeInfo> liveDataNodes(Configuration conf) {
        try {
            FileSystem fs = FileSystem.get(conf);
            if (!(fs instanceof DistributedFileSystem)) {
                return List.of();
            }
            return List.of(((DistributedFileSystem) fs).getDataNodeStats(DatanodeReportType.LIVE));
        } catch (IOException e) {
            return List.of();
        }
    }
}
