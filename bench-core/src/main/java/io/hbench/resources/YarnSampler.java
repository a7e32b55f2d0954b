package io.hbench.resources;

import io.hbench.fs.Leftover;
import io.hbench.fs.RunLeftovers;
import io.hbench.undo.RunUndo;
import io.hbench.undo.UndoLog;
import java.io.DataInputStream;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.security.PrivilegedExceptionAction;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.DataOutputBuffer;
import org.apache.hadoop.mapred.Master;
import org.apache.hadoop.security.Credentials;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.token.Token;
import org.apache.hadoop.util.ClassUtil;
import org.apache.hadoop.yarn.api.ApplicationConstants;
import org.apache.hadoop.yarn.api.records.ApplicationAttemptId;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.ApplicationReport;
import org.apache.hadoop.yarn.api.records.ApplicationSubmissionContext;
import org.apache.hadoop.yarn.api.records.Container;
import org.apache.hadoop.yarn.api.records.ContainerLaunchContext;
import org.apache.hadoop.yarn.api.records.FinalApplicationStatus;
import org.apache.hadoop.yarn.api.records.LocalResource;
import org.apache.hadoop.yarn.api.records.LocalResourceType;
import org.apache.hadoop.yarn.api.records.LocalResourceVisibility;
import org.apache.hadoop.yarn.api.records.Priority;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.api.records.URL;
import org.apache.hadoop.yarn.api.records.YarnApplicationAttemptState;
import org.apache.hadoop.yarn.api.records.YarnApplicationState;
import org.apache.hadoop.yarn.client.ClientRMProxy;
import org.apache.hadoop.yarn.client.api.AMRMClient;
import org.apache.hadoop.yarn.client.api.NMClient;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.exceptions.YarnException;
import org.apache.hadoop.yarn.security.AMRMTokenIdentifier;

/**
 * Samples every NodeManager host on YARN for a run: this client registers as the ApplicationMaster of a YARN
 * application of its own (an unmanaged one: no ApplicationMaster container, and nothing waits for one), asks for one
 * small container on each NodeManager's host with locality not relaxed, and runs {@link SamplerProcess} in each, from
 * bench.jar as the client runs it. The CapacityScheduler still counts the application against its queue's share for
 * ApplicationMasters; should it hold one of the benchmark's applications back, it gives way ({@link GivingWay}).
 * <p>
 * Lifecycle: {@link #start} returns once the process in every container has taken its first snapshot, or the start
 * bound passed (requests still open are withdrawn, a container granted later is released); a daemon thread renews the
 * lease the processes watch, heartbeats the ResourceManager and gives way when it must; {@link #stop} creates the stop
 * file, waits for the containers to end, reads what they wrote and unregisters; {@link #cancel} stops the containers
 * and kills the application. Either removes the sampling directory and stops the thread. Having given way, the
 * application, its containers and the thread are gone already, and {@link #stop} names every host as not sampled,
 * with the reason. Should this client die, the ResourceManager ends the application when the heartbeats stop and the
 * processes stop when the lease does.
 */
final class YarnSampler implements ClusterSampling.Window {
    /** Memory asked per container: the process's 128 MB heap ({@link SamplerProcess#JVM_OPTIONS}) and the rest of it. */
    static final int CONTAINER_MEMORY_MB = 384;
    private static final Duration HEARTBEAT = Duration.ofSeconds(5);
    /** How often it looks for granted containers and started processes while they start. */
    private static final Duration POLL = Duration.ofMillis(200);
    private static final String JAR = "hbench.jar";
    private static final String CONF = "hbench-sampler.xml";

    private final Configuration conf;
    private final FileSystem fs;
    private final Path dir;
    private final Duration interval;
    private final Duration startTimeout;
    private final List<String> nodeManagers;
    private final YarnClient yarn;
    private final ApplicationId application;
    private final UserGroupInformation applicationMaster;
    private final AMRMClient<AMRMClient.ContainerRequest> scheduler;
    private final NMClient nodeManagerClient;
    private final ScheduledExecutorService heartbeat;
    private final GivingWay givingWay;
    private final PrintStream progress;
    private final Map<String, Container> running = new HashMap<>();
    private final UndoLog.Registration undo;
    // Guarded by this: whether stop or cancel began, and whom the sampler gave way to; once either is set, the other
    // never is.
    private boolean closing;
    private GivingWay.Decision gaveWay;

    private YarnSampler(Configuration conf, FileSystem fs, Path dir, Duration interval, Duration startTimeout,
            List<String> nodeManagers, YarnClient yarn, ApplicationId application,
            UserGroupInformation applicationMaster, AMRMClient<AMRMClient.ContainerRequest> scheduler,
            NMClient nodeManagerClient, ScheduledExecutorService heartbeat, GivingWay givingWay,
            PrintStream progress, UndoLog.Registration undo) {
        this.conf = conf;
        this.fs = fs;
        this.dir = dir;
        this.interval = interval;
        this.startTimeout = startTimeout;
        this.nodeManagers = nodeManagers;
        this.yarn = yarn;
        this.application = application;
        this.applicationMaster = applicationMaster;
        this.scheduler = scheduler;
        this.nodeManagerClient = nodeManagerClient;
        this.heartbeat = heartbeat;
        this.givingWay = givingWay;
        this.progress = progress;
        this.undo = undo;
    }

    /**
     * @throws IOException if bench.jar cannot be found (classes not in a jar) or YARN refuses the application
     */
    static YarnSampler start(Configuration conf, String run, Duration interval, Duration startTimeout,
            List<String> nodeManagers, PrintStream progress) throws IOException, InterruptedException {
        String jar = ClassUtil.findContainingJar(SamplerProcess.class);
        if (jar == null) {
            throw new IOException("hbench's classes are not in a jar, so no YARN container can run its sampler");
        }
        FileSystem fs = FileSystem.get(conf);
        // In the user's home: the run's own place, made and removed here, never anyone else's.
        Path dir = fs.makeQualified(new Path(fs.getHomeDirectory(), ".hbench-sampling-" + run));
        AtomicReference<ApplicationId> submitted = new AtomicReference<>();
        UndoLog.Registration undo = RunUndo.register(dir.toString(), () -> undoStart(conf, fs, dir, submitted.get()));
        if (!SamplerProcess.makeDirectories(fs, dir)) {
            undo.close();
            throw new IOException("cannot create the resource sampler's directory " + dir);
        }
        YarnClient yarn = YarnClient.createYarnClient();
        try {
            fs.copyFromLocalFile(new Path(jar), new Path(dir, JAR));
            try (OutputStream out = fs.create(new Path(dir, CONF), true)) {
                conf.writeXml(out);
            }
            fs.create(new Path(dir, SamplerProcess.LEASE), true).close();
            yarn.init(conf);
            yarn.start();
            ApplicationSubmissionContext context = yarn.createApplication().getApplicationSubmissionContext();
            ApplicationId application = context.getApplicationId();
            context.setApplicationName("hbench resource sampler");
            context.setApplicationType("hbench");
            context.setQueue(conf.get("mapreduce.job.queuename", YarnConfiguration.DEFAULT_QUEUE_NAME));
            context.setUnmanagedAM(true);
            context.setAMContainerSpec(ContainerLaunchContext.newInstance(null, null, null, null, null, null));
            context.setMaxAppAttempts(1);
            yarn.submitApplication(context);
            submitted.set(application);
            ApplicationAttemptId attempt = awaitLaunched(yarn, application, startTimeout);
            ApplicationReport own = yarn.getApplicationReport(application);
            GivingWay givingWay = new GivingWay(new GivingWay.Application(application.toString(), own.getUser(),
                    own.getQueue(), own.getSubmitTime(), ""), conf.getLong(
                            YarnConfiguration.RM_SCHEDULER_MINIMUM_ALLOCATION_MB,
                            YarnConfiguration.DEFAULT_RM_SCHEDULER_MINIMUM_ALLOCATION_MB));
            UserGroupInformation applicationMaster = UserGroupInformation.createRemoteUser(attempt.toString());
            Token<AMRMTokenIdentifier> token = yarn.getAMRMToken(application);
            token.setService(ClientRMProxy.getAMRMTokenService(conf));
            applicationMaster.addToken(token);
            AMRMClient<AMRMClient.ContainerRequest> scheduler = AMRMClient.createAMRMClient();
            NMClient nodeManagerClient = NMClient.createNMClient();
            doAs(applicationMaster, () -> {
                scheduler.init(conf);
                scheduler.start();
                scheduler.registerApplicationMaster(HostSamples.localHost(), -1, "");
                return null;
            });
            nodeManagerClient.init(conf);
            nodeManagerClient.start();
            ScheduledExecutorService heartbeat = Executors.newSingleThreadScheduledExecutor(runnable -> {
                Thread thread = new Thread(runnable, "hbench resource sampler heartbeat");
                thread.setDaemon(true);
                return thread;
            });
            YarnSampler sampler = new YarnSampler(conf, fs, dir, interval, startTimeout, nodeManagers, yarn,
                    application, applicationMaster, scheduler, nodeManagerClient, heartbeat, givingWay, progress,
                    undo);
            try {
                sampler.launch(run);
            } catch (IOException | InterruptedException | RuntimeException e) {
                sampler.cancel();
                throw e;
            }
            return sampler;
        } catch (YarnException e) {
            yarn.stop();
            fs.delete(dir, true);
            undo.close();
            throw new IOException("YARN refused the resource sampler: " + e.getMessage(), e);
        } catch (IOException | InterruptedException | RuntimeException e) {
            yarn.stop();
            fs.delete(dir, true);
            undo.close();
            throw e;
        }
    }

    /**
     * Undoes what {@link #start} made, for a run stopped from outside ({@link RunUndo}): kills the application, whose
     * containers YARN then stops, and removes the directory.
     */
    private static Optional<String> undoStart(Configuration conf, FileSystem fs, Path dir, ApplicationId application)
            throws IOException, YarnException {
        List<String> done = new ArrayList<>();
        if (application != null) {
            try (YarnClient yarn = YarnClient.createYarnClient()) {
                yarn.init(conf);
                yarn.start();
                YarnApplicationState state = yarn.getApplicationReport(application).getYarnApplicationState();
                if (state != YarnApplicationState.FINISHED && state != YarnApplicationState.FAILED
                        && state != YarnApplicationState.KILLED) {
                    yarn.killApplication(application);
                    done.add("killed YARN application " + application + " (the resource sampler)");
                }
            }
        }
        // This process's cached file systems are closed by now (io.hbench.cli.InterruptHook): one of its own, then.
        try (FileSystem own = FileSystem.newInstance(fs.getUri(), conf)) {
            if (own.delete(dir, true)) {
                String shown = Path.getPathWithoutSchemeAndAuthority(dir).toString();
                done.add(Leftover.after(own, dir, shown).map(Leftover::text).orElse("removed " + shown));
            }
        }
        return done.isEmpty() ? Optional.empty() : Optional.of(String.join(", ", done));
    }

    /** An unmanaged application's attempt is launched once the scheduler accepted it: then this client is its master. */
    private static ApplicationAttemptId awaitLaunched(YarnClient yarn, ApplicationId application, Duration bound)
            throws IOException, InterruptedException {
        long deadline = System.nanoTime() + bound.toNanos();
        while (System.nanoTime() < deadline) {
            try {
                YarnApplicationState state = yarn.getApplicationReport(application).getYarnApplicationState();
                if (state == YarnApplicationState.FAILED || state == YarnApplicationState.KILLED) {
                    throw new IOException("YARN ended the resource sampler's application " + application + ": "
                            + yarn.getApplicationReport(application).getDiagnostics());
                }
                ApplicationAttemptId attempt = yarn.getApplicationReport(application).getCurrentApplicationAttemptId();
                if (attempt != null && yarn.getApplicationAttemptReport(attempt).getYarnApplicationAttemptState()
                        == YarnApplicationAttemptState.LAUNCHED) {
                    return attempt;
                }
            } catch (YarnException e) {
                throw new IOException("cannot follow the resource sampler's application: " + e.getMessage(), e);
            }
            Thread.sleep(100);
        }
        throw new IOException("YARN did not accept the resource sampler's application " + application + " within "
                + bound.toSeconds() + " s");
    }

    /**
     * Asks for a container on every host and starts the process in each granted, until every host's process has taken
     * its first snapshot or the bound passed: only then may the benchmark submit its first job.
     */
    private void launch(String run) throws IOException, InterruptedException {
        Resource capability = Resource.newInstance(CONTAINER_MEMORY_MB, 1);
        Priority priority = Priority.newInstance(0);
        Map<String, AMRMClient.ContainerRequest> requests = new HashMap<>();
        for (String host : nodeManagers) {
            AMRMClient.ContainerRequest request = new AMRMClient.ContainerRequest(capability, new String[] {host},
                    null, priority, false);
            requests.put(host, request);
            scheduler.addContainerRequest(request);
        }
        long deadlineMillis = System.currentTimeMillis() + startTimeout.toMillis();
        ContainerLaunchContext launch = launchContext(run, deadlineMillis);
        int sampling = FirstSnapshots.await(nodeManagers.size(), () -> startGranted(requests, launch), startTimeout,
                POLL, FirstSnapshots.SYSTEM, progress);
        // Hosts without a container by now go unsampled: their requests are withdrawn, so that no container arrives
        // in the middle of the benchmark.
        requests.values().forEach(scheduler::removeContainerRequest);
        heartbeat.scheduleWithFixedDelay(this::beat, HEARTBEAT.toMillis(), HEARTBEAT.toMillis(),
                TimeUnit.MILLISECONDS);
        progress.println("hbench: resource sampler: sampling " + sampling + " of " + nodeManagers.size()
                + (nodeManagers.size() == 1 ? " NodeManager host" : " NodeManager hosts") + " every "
                + interval.toMillis() / 1000.0 + " s for the whole run (YARN application " + application + ")");
    }

    /**
     * Starts the process in each container granted since the last call; returns how many processes have taken their
     * first snapshot, as the files they write then in {@value SamplerProcess#STARTED} say.
     */
    private int startGranted(Map<String, AMRMClient.ContainerRequest> requests, ContainerLaunchContext launch)
            throws IOException, InterruptedException {
        List<Container> granted = doAs(applicationMaster, () -> scheduler.allocate(0).getAllocatedContainers());
        for (Container container : granted) {
            String host = container.getNodeId().getHost();
            AMRMClient.ContainerRequest request = requests.remove(host);
            if (request == null) {
                doAs(applicationMaster, () -> {
                    scheduler.releaseAssignedContainer(container.getId());
                    return null;
                });
                continue;
            }
            scheduler.removeContainerRequest(request);
            try {
                nodeManagerClient.startContainer(container, launch);
                running.put(host, container);
            } catch (YarnException e) {
                throw new IOException("cannot start the resource sampler on " + host + ": " + e.getMessage(), e);
            }
        }
        try {
            return Math.min(running.size(), fs.listStatus(new Path(dir, SamplerProcess.STARTED)).length);
        } catch (FileNotFoundException e) {
            return 0;
        }
    }

    private ContainerLaunchContext launchContext(String run, long deadlineMillis) throws IOException {
        Map<String, LocalResource> resources = new HashMap<>();
        resources.put(JAR, localResource(new Path(dir, JAR)));
        resources.put(CONF, localResource(new Path(dir, CONF)));
        StringBuilder classpath = new StringBuilder(ApplicationConstants.Environment.CLASSPATH.$$())
                .append(ApplicationConstants.CLASS_PATH_SEPARATOR).append("./").append(JAR);
        for (String entry : conf.getStrings(YarnConfiguration.YARN_APPLICATION_CLASSPATH,
                YarnConfiguration.DEFAULT_YARN_CROSS_PLATFORM_APPLICATION_CLASSPATH)) {
            classpath.append(ApplicationConstants.CLASS_PATH_SEPARATOR).append(entry.trim());
        }
        if (conf.getBoolean(YarnConfiguration.IS_MINI_YARN_CLUSTER, false)) {
            // A minicluster's nodes have no Hadoop installed: as MapReduce does there, hand on this client's classpath.
            classpath.append(ApplicationConstants.CLASS_PATH_SEPARATOR).append(System.getProperty("java.class.path"));
        }
        Map<String, String> environment = Map.of(ApplicationConstants.Environment.CLASSPATH.name(),
                classpath.toString());
        String command = ApplicationConstants.Environment.JAVA_HOME.$$() + "/bin/java "
                + String.join(" ", SamplerProcess.JVM_OPTIONS) + " " + SamplerProcess.class.getName() + " " + CONF + " " + dir + " " + run + " " + interval.toMillis() + " "
                + deadlineMillis + " 1>" + ApplicationConstants.LOG_DIR_EXPANSION_VAR + "/stdout 2>"
                + ApplicationConstants.LOG_DIR_EXPANSION_VAR + "/stderr";
        return ContainerLaunchContext.newInstance(resources, environment, List.of(command), null, tokens(), null);
    }

    /** The file system's delegation tokens for the processes, on a secured cluster; none otherwise. */
    private ByteBuffer tokens() throws IOException {
        if (!UserGroupInformation.isSecurityEnabled()) {
            return null;
        }
        Credentials credentials = new Credentials();
        fs.addDelegationTokens(Master.getMasterPrincipal(conf), credentials);
        DataOutputBuffer buffer = new DataOutputBuffer();
        credentials.writeTokenStorageToStream(buffer);
        return ByteBuffer.wrap(buffer.getData(), 0, buffer.getLength());
    }

    private LocalResource localResource(Path file) throws IOException {
        FileStatus status = fs.getFileStatus(file);
        return LocalResource.newInstance(URL.fromPath(status.getPath()), LocalResourceType.FILE,
                LocalResourceVisibility.APPLICATION, status.getLen(), status.getModificationTime());
    }

    /**
     * Renews the lease the processes watch, tells the ResourceManager this master lives, and gives way to an
     * application of the benchmark that this one holds back.
     */
    private void beat() {
        try {
            fs.setTimes(new Path(dir, SamplerProcess.LEASE), System.currentTimeMillis(), -1);
        } catch (IOException e) {
            // The next beat tries again; the processes wait minutes before they give up on this client.
        }
        try {
            List<Container> late = doAs(applicationMaster, () -> scheduler.allocate(0).getAllocatedContainers());
            for (Container container : late) {
                scheduler.releaseAssignedContainer(container.getId());
            }
        } catch (IOException | InterruptedException | RuntimeException e) {
            // As above: one missed heartbeat is far from the ResourceManager's expiry.
        }
        giveWayIfHoldingBack();
    }

    /**
     * Ends the sampler's application, its containers and its beats, if it holds back an application of the benchmark
     * ({@link GivingWay}), and says so at once; the run then goes on unsampled, and every host says why.
     */
    private void giveWayIfHoldingBack() {
        Optional<GivingWay.Decision> decision;
        try {
            List<GivingWay.Application> accepted = new ArrayList<>();
            for (ApplicationReport report : yarn.getApplications(EnumSet.of(YarnApplicationState.ACCEPTED))) {
                accepted.add(new GivingWay.Application(report.getApplicationId().toString(), report.getUser(),
                        report.getQueue(), report.getSubmitTime(), report.getDiagnostics() == null ? ""
                                : report.getDiagnostics()));
            }
            decision = givingWay.decide(accepted, System.currentTimeMillis());
        } catch (IOException | YarnException | RuntimeException e) {
            // Asked again at the next beat.
            return;
        }
        synchronized (this) {
            if (decision.isEmpty() || closing) {
                return;
            }
            gaveWay = decision.get();
        }
        progress.println(decision.get().line());
        stopContainers();
        unregister(FinalApplicationStatus.KILLED, "gave way to " + decision.get().application);
        heartbeat.shutdown();
    }

    @Override
    public List<HostSamples> stop() throws IOException, InterruptedException {
        Optional<GivingWay.Decision> gave = close();
        if (gave.isPresent()) {
            List<HostSamples> unsampled = new ArrayList<>();
            // Named as every output names a host: YARN's names may be other names of it (localhost on a minicluster).
            nodeManagers.forEach(host -> unsampled.add(HostSamples.unavailable(HostNames.canonical(host),
                    gave.get().hostReason())));
            return unsampled;
        }
        try {
            fs.createFile(new Path(dir, SamplerProcess.STOP)).overwrite(true).build().close();
            long deadline = System.nanoTime() + interval.multipliedBy(3).plusSeconds(60).toNanos();
            Path written = new Path(dir, SamplerProcess.SAMPLES);
            while (System.nanoTime() < deadline
                    && (!fs.exists(written) || fs.listStatus(written).length < running.size())) {
                Thread.sleep(200);
            }
            List<HostSamples> samples = new ArrayList<>();
            if (fs.exists(written)) {
                for (FileStatus status : fs.listStatus(written)) {
                    try (DataInputStream in = fs.open(status.getPath())) {
                        samples.add(HostSamples.readFrom(in));
                    } catch (IOException e) {
                        throw new IOException("cannot read " + status.getPath() + ": " + e, e);
                    }
                }
            }
            finish(FinalApplicationStatus.SUCCEEDED);
            return samples;
        } finally {
            removeDirectory();
        }
    }

    @Override
    public void cancel() {
        if (close().isPresent()) {
            return;
        }
        stopContainers();
        finish(FinalApplicationStatus.KILLED);
        removeDirectory();
    }

    /**
     * Marks the sampler as closing, so that it no longer gives way; if it gave way already, waits for that to end,
     * stops the clients and removes the directory.
     *
     * @return whom it gave way to
     */
    private Optional<GivingWay.Decision> close() {
        GivingWay.Decision gave;
        synchronized (this) {
            closing = true;
            gave = gaveWay;
        }
        if (gave == null) {
            return Optional.empty();
        }
        try {
            heartbeat.awaitTermination(1, TimeUnit.MINUTES);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        stopClients();
        removeDirectory();
        return Optional.of(gave);
    }

    private void stopContainers() {
        for (Container container : running.values()) {
            try {
                nodeManagerClient.stopContainer(container.getId(), container.getNodeId());
            } catch (IOException | YarnException e) {
                // The process stops by itself once the lease is gone.
            }
        }
    }

    private void finish(FinalApplicationStatus status) {
        heartbeat.shutdownNow();
        unregister(status, "");
        stopClients();
    }

    private void unregister(FinalApplicationStatus status, String message) {
        try {
            doAs(applicationMaster, () -> {
                scheduler.unregisterApplicationMaster(status, message, "");
                return null;
            });
        } catch (IOException | InterruptedException | RuntimeException e) {
            try {
                yarn.killApplication(application);
            } catch (IOException | YarnException killFailed) {
                // The ResourceManager ends it when the heartbeats stop.
            }
        }
    }

    private void stopClients() {
        scheduler.stop();
        nodeManagerClient.stop();
        yarn.stop();
    }

    private void removeDirectory() {
        heartbeat.shutdownNow();
        try {
            RunLeftovers.remove(fs, dir, dir.toString());
        } catch (IOException e) {
            // Left behind in the user's home, named in no result; no later run reads it.
        }
        undo.close();
    }

    private interface Call<T> {
        T call() throws IOException, YarnException;
    }

    /** As the application's master: the scheduler knows it by the token that user holds. */
    private static <T> T doAs(UserGroupInformation user, Call<T> call) throws IOException, InterruptedException {
        try {
            return user.doAs((PrivilegedExceptionAction<T>) call::call);
        } catch (java.lang.reflect.UndeclaredThrowableException e) {
            throw new IOException(e.getCause());
        } catch (IOException e) {
            if (e.getCause() instanceof YarnException) {
                throw new IOException(e.getCause().getMessage(), e.getCause());
            }
            throw e;
        }
    }
}
