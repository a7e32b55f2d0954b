package io.hbench.resources;

import static java.util.Objects.requireNonNull;

import io.hbench.mapred.MapReduceFramework;
import io.hbench.result.Phase;
import io.hbench.result.ResourceUsage;
import io.hbench.undo.RunUndo;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
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
 * MapReduce in this process (the embedded cluster) this process's host. Nothing is installed on the nodes and nothing
 * needs root. A host that cannot be sampled is named with the reason: a DataNode host without a NodeManager, a
 * NodeManager host where YARN gave the sampler no container in time.
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
    private boolean stopped;

    private ClusterSampling(Duration interval, Window window) {
        this.interval = interval;
        this.window = window;
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
            return Optional.of(new ClusterSampling(interval.get(), new ThisHost(conf, run, interval.get())));
        }
        // Each host's sampler counts the CPU time of the run's task JVMs apart, by this mark.
        OwnProcesses.mark(conf, run);
        try {
            return Optional.of(new ClusterSampling(interval.get(), YarnHosts.start(conf, run, interval.get(),
                    progress)));
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
        List<String> missed = new ArrayList<>();
        for (String host : taskHosts) {
            if (samples.stream().noneMatch(one -> HostNames.same(one.host(), host))) {
                missed.add(host);
            }
        }
        return UsageCalculator.usage(samples, missed, interval, phases).covering(ResourceUsage.Coverage.RUN);
    }

    /** Cancels sampling if it was not stopped: stops the samplers and removes their files. */
    @Override
    public void close() {
        if (!stopped) {
            stopped = true;
            window.cancel();
        }
    }

    /** MapReduce runs in this process: its host is where every task runs. */
    private static final class ThisHost implements Window {
        private final HostSampler.Participation participation;
        private final List<String> dataNodesElsewhere;

        ThisHost(Configuration conf, String run, Duration interval) {
            // Every task runs in this process: its CPU time is hbench's own.
            this.participation = HostSampler.joinCountingOwn(run, interval, Optional.empty());
            List<String> elsewhere = new ArrayList<>();
            for (String dataNode : dataNodeHosts(conf)) {
                if (!HostNames.isThisHost(dataNode)) {
                    elsewhere.add(HostNames.canonical(dataNode));
                }
            }
            this.dataNodesElsewhere = elsewhere;
        }

        @Override
        public List<HostSamples> stop() {
            List<HostSamples> samples = new ArrayList<>(List.of(participation.leave()));
            dataNodesElsewhere.forEach(host -> samples.add(HostSamples.unavailable(host, "a DataNode host; MapReduce"
                    + " runs in the client, so hbench runs nothing there")));
            return samples;
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
        private final List<String> dataNodes;
        private final Duration startTimeout;

        private YarnHosts(YarnSampler sampler, List<String> nodeManagers, List<String> dataNodes,
                Duration startTimeout) {
            this.sampler = sampler;
            this.nodeManagers = nodeManagers;
            this.dataNodes = dataNodes;
            this.startTimeout = startTimeout;
        }

        static YarnHosts start(Configuration conf, String run, Duration interval, PrintStream progress)
                throws IOException, InterruptedException {
            List<String> nodeManagers = nodeManagerHosts(conf);
            Duration startTimeout = Duration.ofMillis(conf.getTimeDuration(START_TIMEOUT_KEY,
                    DEFAULT_START_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS));
            YarnSampler sampler = YarnSampler.start(conf, run, interval, startTimeout, nodeManagers, progress);
            return new YarnHosts(sampler, nodeManagers, dataNodeHosts(conf), startTimeout);
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
            for (String host : dataNodes) {
                if (samples.stream().noneMatch(one -> HostNames.same(one.host(), host))) {
                    samples.add(HostSamples.unavailable(HostNames.canonical(host), "a DataNode host without a"
                            + " NodeManager: hbench can run nothing there"));
                }
            }
            return samples;
        }

        @Override
        public void cancel() {
            sampler.cancel();
        }
    }

    /** The running NodeManagers' hosts, as any user may ask YARN. */
    private static List<String> nodeManagerHosts(Configuration conf) throws IOException {
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

    /** The live DataNodes' hosts; none if the file system is not HDFS or the user may not list them. */
    private static List<String> dataNodeHosts(Configuration conf) {
        try {
            FileSystem fs = FileSystem.get(conf);
            if (!(fs instanceof DistributedFileSystem)) {
                return List.of();
            }
            TreeSet<String> hosts = new TreeSet<>();
            for (DatanodeInfo dataNode : ((DistributedFileSystem) fs).getDataNodeStats(DatanodeReportType.LIVE)) {
                hosts.add(dataNode.getHostName());
            }
            return new ArrayList<>(hosts);
        } catch (IOException e) {
            return List.of();
        }
    }
}
