package io.hbench.bsp.runners;

import static java.util.Objects.requireNonNull;

import io.hbench.bsp.BspJobResult;
import io.hbench.bsp.BspJobSpec;
import io.hbench.bsp.BspRunner;
import io.hbench.bsp.BspSettings;
import io.hbench.bsp.RuntimeSupport;
import io.hbench.bsp.coordination.Coordinator;
import io.hbench.bsp.transport.HostAddresses;
import io.hbench.bsp.transport.LinkSettings;
import io.hbench.bsp.transport.PeerAddress;
import io.hbench.bsp.trust.RunSecret;
import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.mapred.JobMonitor;
import io.hbench.mapred.MapReduceFramework;
import io.hbench.resources.ResourceSampling;
import io.hbench.result.SubmittedJob;
import java.io.IOException;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapred.TIPStatus;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobID;
import org.apache.hadoop.mapreduce.JobStatus;
import org.apache.hadoop.mapreduce.TaskReport;
import org.apache.hadoop.mapreduce.TaskType;
import org.apache.hadoop.mapreduce.lib.output.NullOutputFormat;
import org.apache.hadoop.security.Credentials;
import org.apache.hadoop.yarn.api.records.ApplicationAttemptId;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.ApplicationReport;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.exceptions.YarnException;

/**
 * Runs every peer as a map task of one map-only MapReduce job: one task per peer, no speculative
 * execution, one attempt, progress reported so long supersteps are not killed. The coordinator
 * runs here, in the submitting client. All peers must run at once, so a job with more peers than
 * the cluster can run at once is refused before it is submitted: on YARN from the running nodes'
 * free memory and vcores against the map container's size; in MapReduce's in-process runner from
 * {@link BspSettings#LOCAL_MAX_PEERS_KEY}, and there the runner is told to run them all at once.
 *
 * <p>On YARN the peers' splits name no host: the CapacityScheduler gives asks that name none at most one container per
 * NodeManager heartbeat ({@code per-node-heartbeat.maximum-offswitch-assignments}, 1 by default), so with room on
 * every host the peers spread one per host per round of heartbeats. Naming hosts places them worse: the
 * ApplicationMaster asks with locality relaxed, and the scheduler relaxes a job's last asks after a single missed
 * chance, putting the last peer beside another (docs/bsp.md). When there are more peers than hosts with room, or room
 * on one host only, the progress stream says so before the job is submitted; where the peers ran is in their
 * reports, for the program to judge.
 *
 * <p>Peers on other hosts are never told to reach the coordinator at a loopback address: see
 * {@link BspSettings#COORDINATOR_ADDRESS_KEY}. Each run has a fresh {@link RunSecret}, which reaches
 * the peers in the job's credentials (YARN gives them to the job's containers alone; they are not
 * in the job's configuration); connections refused for not proving it are told on the progress stream.
 *
 * <p>On YARN the peers may take long to join: containers start as the cluster has room. The coordinator's fixed join
 * deadline gives way to a {@link JoinWatch}, which looks at the peers' map tasks every second, says how the joining
 * goes, and fails the job only when a peer whose container started {@code -timeout} ago has not joined, or when YARN
 * has started nothing for {@code -timeout} while some peers wait for a container.
 *
 * <p>The job is submitted through {@link JobMonitor}, which says its id and tracking URL on the progress
 * stream; the result names it ({@link BspJobResult#job()}).
 *
 * <p>Lifecycle: each {@link #run} starts a coordinator, submits the job and, before it returns or
 * throws, kills the job if it is still running (a failure, or this thread interrupted) and closes
 * the coordinator.
 */
public final class MapReduceBspRunner implements BspRunner {
    static final String PEERS_KEY = "hbench.bsp.job.peers";
    static final String COORDINATOR_HOST_KEY = "hbench.bsp.job.coordinator.host";
    static final String COORDINATOR_PORT_KEY = "hbench.bsp.job.coordinator.port";
    /** The job's failure timeout, in milliseconds: how long a peer keeps trying to reach its coordinator. */
    static final String FAILURE_TIMEOUT_KEY = "hbench.bsp.job.failure.timeout.ms";
    private static final String LOCAL_MAPS_KEY = "mapreduce.local.map.tasks.maximum";
    /** How long a job that ended before its peers gets for a peer's own account to reach the coordinator. */
    private static final long LAST_WORDS_MILLIS = 2000;
    private static final long POLL_MILLIS = 200;
    /** How often the peers' map tasks are looked at while they join: one call to the ApplicationMaster each time. */
    private static final long TASK_POLL_NANOS = TimeUnit.SECONDS.toNanos(1);
    /**
     * The secrets of the jobs running in MapReduce's in-process runner, by coordinator. Its tasks cannot be trusted to
     * see the job's credentials: Hadoop 3.4's LocalJobRunner starts a job's thread before it sets them, so a task may
     * copy the empty set. Its peers are threads of this process, so memory is as private as the credentials.
     */
    private static final Map<String, RunSecret> IN_PROCESS_SECRETS = new ConcurrentHashMap<>();

    private final Configuration conf;
    private final PrintStream progress;
    private final HostAddresses.Network network;

    /** @param progress where the job's submission is told, with its id and tracking URL (stderr) */
    public MapReduceBspRunner(Configuration conf, PrintStream progress) {
        this(conf, progress, HostAddresses.SYSTEM);
    }

    /** A runner that sees {@code network} as this host's (tests: a fake one). */
    MapReduceBspRunner(Configuration conf, PrintStream progress, HostAddresses.Network network) {
        this.conf = new Configuration(requireNonNull(conf, "conf is null"));
        this.progress = requireNonNull(progress, "progress is null");
        this.network = requireNonNull(network, "network is null");
    }

    static boolean inProcess(Configuration conf) {
        return MapReduceFramework.isLocal(conf);
    }

    /** The secret of the job a peer task belongs to. */
    static Optional<RunSecret> secret(Configuration conf, Credentials credentials) {
        if (inProcess(conf)) {
            return Optional.ofNullable(IN_PROCESS_SECRETS.get(conf.get(COORDINATOR_HOST_KEY) + ":"
                    + conf.get(COORDINATOR_PORT_KEY)));
        }
        return RunSecret.from(credentials);
    }

    @Override
    public BspJobResult run(BspJobSpec spec) throws InterruptedException {
        requireNonNull(spec, "spec is null");
        boolean local = inProcess(conf);
        // Before anything is asked of the cluster: an address its hosts cannot reach is the user's to fix.
        var address = BspSettings.coordinatorAddress(conf, local, network);
        if (!local) {
            BspSettings.checkDataAddressForOtherHosts(conf, network);
        }
        checkCapacity(spec, local);
        BspJobSpec sampled = spec.withResourceInterval(ResourceSampling.interval(conf));
        RunSecret secret = RunSecret.generate();
        try (Coordinator coordinator = Coordinator.start(address.getHostString(), address.getPort(), sampled,
                LinkSettings.from(conf), secret, progress::println)) {
            Job job = newJob(conf, spec, coordinator.where(), local);
            secret.addTo(job.getCredentials());
            if (local) {
                IN_PROCESS_SECRETS.put(coordinator.where(), secret);
            } else {
                // YARN may take minutes to start every container: the peers get -timeout from their own start.
                coordinator.leaveJoinDeadlineToCaller();
            }
            SubmittedJob submitted = submit(job, spec);
            Optional<JoinWatch> joins = local ? Optional.empty() : Optional.of(new JoinWatch(coordinator.where(),
                    spec.peers(), spec.failureTimeout(), System.nanoTime()));
            // In MapReduce's in-process runner there is no YARN to ask: the client stays unstarted.
            try (YarnClient yarn = YarnClient.createYarnClient()) {
                if (!local) {
                    yarn.init(conf);
                    yarn.start();
                }
                boolean told = false;
                long nextLook = System.nanoTime();
                while (!coordinator.awaitEnd(POLL_MILLIS)) {
                    if (!told && coordinator.started()) {
                        // Containers can take long to start on a busy cluster: say when the program itself runs.
                        progress.println("hbench: " + spec.name() + ": all " + spec.peers() + " peers joined the BSP coordinator at "
                                + coordinator.where() + "; the program runs");
                        told = true;
                    }
                    if (joins.isPresent() && !coordinator.started() && System.nanoTime() - nextLook >= 0) {
                        nextLook = System.nanoTime() + TASK_POLL_NANOS;
                        watchJoins(joins.get(), coordinator, job, yarn, spec);
                    }
                    if (job.isComplete()) {
                        if (!coordinator.awaitEnd(LAST_WORDS_MILLIS)) {
                            String reason = job.getStatus().getFailureInfo();
                            coordinator.fail(ErrorCode.JOB_FAILED, "the BSP job " + spec.name() + " (" + job.getJobID()
                                    + ") ended before its peers did, for a reason outside them"
                                    + (reason == null || reason.isBlank() ? "" : ": " + RuntimeSupport.describe(
                                            new IOException(reason))));
                        }
                    }
                }
                BspJobResult result = coordinator.awaitResult();
                awaitCompletion(job, spec);
                return result.withJob(submitted);
            } catch (InterruptedException e) {
                coordinator.fail(ErrorCode.PEER_FAILED, "the BSP job " + spec.name() + " was interrupted");
                throw e;
            } catch (IOException e) {
                throw new BenchException(ErrorCode.CLUSTER_UNAVAILABLE, "lost track of the BSP job " + spec.name()
                        + ": " + RuntimeSupport.describe(e), e);
            } finally {
                kill(job);
                IN_PROCESS_SECRETS.remove(coordinator.where());
            }
        }
    }

    /** The map-only job of {@code spec}'s peers, who meet their coordinator at {@code coordinator} (host:port). */
    static Job newJob(Configuration conf, BspJobSpec spec, String coordinator, boolean local) {
        try {
            Job job = Job.getInstance(conf, spec.name() + " (BSP, " + spec.peers() + " peers)");
            Configuration jobConf = job.getConfiguration();
            jobConf.setInt(PEERS_KEY, spec.peers());
            int colon = coordinator.lastIndexOf(':');
            jobConf.set(COORDINATOR_HOST_KEY, coordinator.substring(0, colon));
            jobConf.setInt(COORDINATOR_PORT_KEY, Integer.parseInt(coordinator.substring(colon + 1)));
            // A peer whose container starts while strangers crowd the coordinator keeps trying as long as the
            // coordinator waits for it to join.
            jobConf.setLong(FAILURE_TIMEOUT_KEY, spec.failureTimeout().toMillis());
            jobConf.setBoolean("mapreduce.map.speculative", false);
            jobConf.setInt("mapreduce.map.maxattempts", 1);
            if (local && jobConf.getInt(LOCAL_MAPS_KEY, 1) < spec.peers()) {
                jobConf.setInt(LOCAL_MAPS_KEY, spec.peers());
            }
            job.setJarByClass(PeerMapper.class);
            job.setInputFormatClass(PeerInputFormat.class);
            job.setMapperClass(PeerMapper.class);
            job.setNumReduceTasks(0);
            job.setOutputFormatClass(NullOutputFormat.class);
            job.setOutputKeyClass(NullWritable.class);
            job.setOutputValueClass(NullWritable.class);
            return job;
        } catch (IOException e) {
            throw cannotSubmit(spec, e);
        }
    }

    /** Tells how the peers' joining goes, and fails the job when YARN cannot place them or a started one is late. */
    private void watchJoins(JoinWatch joins, Coordinator coordinator, Job job, YarnClient yarn, BspJobSpec spec)
            throws IOException, InterruptedException {
        Set<Integer> joined = coordinator.registered().stream().map(PeerAddress::index).collect(Collectors.toSet());
        JoinWatch.Verdict verdict = joins.observe(System.nanoTime(), joined, containers(job, yarn));
        verdict.progress().ifPresent(line -> progress.println("hbench: " + spec.name() + ": " + line));
        verdict.failure().ifPresent(line -> coordinator.fail(ErrorCode.PEER_FAILED, line));
    }

    /**
     * What YARN says of the job's containers: where its ApplicationMaster is, how many of the peers' map tasks have had
     * their container started (a task leaves PENDING when its attempt's container is launched), and the application's
     * diagnostics, which while it waits for its ApplicationMaster say why (the queue's limits).
     */
    private static JoinWatch.Containers containers(Job job, YarnClient yarn) throws IOException, InterruptedException {
        if (job.getStatus().getState() != JobStatus.State.PREP) {
            int started = 0;
            for (TaskReport report : job.getTaskReports(TaskType.MAP)) {
                if (report.getCurrentStatus() != TIPStatus.PENDING) {
                    started++;
                }
            }
            return new JoinWatch.Containers(JoinWatch.ApplicationMaster.RUNNING, started, "");
        }
        JobID id = job.getJobID();
        try {
            ApplicationReport application = yarn.getApplicationReport(ApplicationId.newInstance(
                    Long.parseLong(id.getJtIdentifier()), id.getId()));
            ApplicationAttemptId attempt = application.getCurrentApplicationAttemptId();
            boolean allocated = attempt != null && yarn.getApplicationAttemptReport(attempt).getAMContainerId() != null;
            String diagnostics = application.getDiagnostics();
            return new JoinWatch.Containers(allocated ? JoinWatch.ApplicationMaster.STARTING
                    : JoinWatch.ApplicationMaster.WAITING, 0, diagnostics == null ? "" : diagnostics);
        } catch (YarnException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    /** Submits through the monitor, which tells the user the job's id and tracking URL as soon as there are any. */
    private SubmittedJob submit(Job job, BspJobSpec spec) {
        try {
            return new JobMonitor(progress, spec.name()).submit(job);
        } catch (IOException e) {
            throw cannotSubmit(spec, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BenchException(ErrorCode.CLUSTER_UNAVAILABLE, "interrupted while submitting the BSP job " + spec.name());
        }
    }

    private static BenchException cannotSubmit(BspJobSpec spec, IOException e) {
        return new BenchException(ErrorCode.CLUSTER_UNAVAILABLE,
                "cannot submit the BSP job " + spec.name() + ": " + RuntimeSupport.describe(e), e);
    }

    /** The peers are done; their tasks end at once, and the job should not outlive this call. */
    private static void awaitCompletion(Job job, BspJobSpec spec) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + spec.failureTimeout().toNanos();
        while (!job.isComplete() && System.nanoTime() - deadline < 0) {
            Thread.sleep(POLL_MILLIS);
        }
    }

    private static void kill(Job job) {
        try {
            if (!job.isComplete()) {
                job.killJob();
            }
        } catch (IOException e) {
            // Killing is a courtesy after the verdict; the job fails by itself once its peers are gone.
        }
    }

    private void checkCapacity(BspJobSpec spec, boolean local) {
        int peers = spec.peers();
        if (local) {
            int limit = BspSettings.localMaxPeers(conf);
            if (peers > limit) {
                throw new BenchException(ErrorCode.INVALID_ARGUMENT, "a BSP job of " + peers
                        + " peers needs them all running at once; MapReduce's in-process runner runs at most " + limit
                        + " (-D " + BspSettings.LOCAL_MAX_PEERS_KEY + ")");
            }
            return;
        }
        ClusterCapacity capacity = ClusterCapacity.ofYarn(conf);
        if (peers > capacity.concurrentMaps()) {
            throw new BenchException(ErrorCode.INVALID_ARGUMENT, "a BSP job of " + peers
                    + " peers needs them all running at once; the cluster has room for " + capacity.concurrentMaps()
                    + " map tasks of " + capacity.mapMemory() + " MB and " + capacity.mapVcores() + " vcores now ("
                    + capacity.runningNodes() + " running nodes)");
        }
        sharedHosts(spec.name(), peers, capacity.hostsWithRoom()).ifPresent(progress::println);
    }

    /** That some of the peers must share a host, for there are fewer hosts with room; empty if not. */
    static Optional<String> sharedHosts(String job, int peers, List<String> hostsWithRoom) {
        if (peers == 1) {
            return Optional.empty();
        }
        if (hostsWithRoom.size() == 1) {
            return Optional.of("hbench: " + job + ": YARN has room on one host only (" + hostsWithRoom.get(0)
                    + "), so all " + peers + " peers run there");
        }
        if (peers > hostsWithRoom.size()) {
            return Optional.of("hbench: " + job + ": " + peers + " peers for " + hostsWithRoom.size() + " hosts with"
                    + " room for a map task, so some hosts run several");
        }
        return Optional.empty();
    }
}
