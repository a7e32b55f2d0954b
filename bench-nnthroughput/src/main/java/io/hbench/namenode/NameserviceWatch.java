package io.hbench.namenode;

import static java.util.Objects.requireNonNull;

import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.load.DaemonThreads;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.ha.FailoverFailedException;

/**
 * A NameNode program's run on HDFS, watched from before it starts to after it ends: {@link #start} resolves the file
 * system's URI ({@link Nameservice#of}, refusing a nameservice the configuration leaves incomplete), and on a logical
 * nameservice reads its NameNodes' states and arms {@code -failoverAt}; {@link #finish} reads the states again and
 * gives the {@link NameserviceRecord}. A program calls both around its run, the same in each program.
 */
public final class NameserviceWatch implements AutoCloseable {
    private final Configuration conf;
    private final Optional<Nameservice> nameservice;
    private final Optional<NameNodeStates> atStart;
    private final Optional<ScheduledExecutorService> timer;
    private final Optional<ScheduledFuture<NameserviceRecord.AskedFailover>> failover;
    private final Optional<Duration> failoverAt;

    private NameserviceWatch(Configuration conf, Optional<Nameservice> nameservice, Optional<NameNodeStates> atStart,
            Optional<ScheduledExecutorService> timer,
            Optional<ScheduledFuture<NameserviceRecord.AskedFailover>> failover, Optional<Duration> failoverAt) {
        this.failoverAt = failoverAt;
        this.conf = conf;
        this.nameservice = nameservice;
        this.atStart = atStart;
        this.timer = timer;
        this.failover = failover;
    }

    /**
     * The file system a program works on, as a URI with its scheme and authority: that of {@code path} where it has a
     * scheme, else the configuration's default.
     */
    public static URI fileSystem(String path, Configuration conf) {
        URI given = new Path(requireNonNull(path, "path is null")).toUri();
        URI uri = given.getScheme() == null ? FileSystem.getDefaultUri(conf) : given;
        return URI.create(uri.getScheme() + "://" + (uri.getAuthority() == null ? "/" : uri.getAuthority()));
    }

    /**
     * Checks, without calling the cluster, what a run on {@code fileSystem} with {@code failoverAt} needs of the
     * configuration: a program calls it while parsing its command line, before anything logs in or connects.
     *
     * @return the nameservice, when {@code fileSystem} is a logical one
     * @throws BenchException in one line: NAMESERVICE_NOT_CONFIGURED for an {@code hdfs://} URI the configuration
     *     does not resolve; CONFLICTING_OPTIONS for {@code -failoverAt} on a file system other than a logical nameservice
     */
    public static Optional<Nameservice> check(URI fileSystem, Configuration conf, Optional<Duration> failoverAt) {
        requireNonNull(fileSystem, "fileSystem is null");
        requireNonNull(conf, "conf is null");
        requireNonNull(failoverAt, "failoverAt is null");
        if (!"hdfs".equals(fileSystem.getScheme()) || fileSystem.getHost() == null) {
            failoverAt.ifPresent(at -> {
                throw new BenchException(ErrorCode.CONFLICTING_OPTIONS, "-" + FailoverFlag.NAME + " fails an HDFS"
                        + " nameservice over: give -fs hdfs://<nameservice>; the run is on " + fileSystem);
            });
            return Optional.empty();
        }
        Nameservice nameservice = Nameservice.of(fileSystem, conf);
        if (!nameservice.logical()) {
            failoverAt.ifPresent(at -> {
                throw new BenchException(ErrorCode.CONFLICTING_OPTIONS, "-" + FailoverFlag.NAME + " fails a nameservice"
                        + " over from one NameNode to another: -fs " + fileSystem + " is one NameNode; give -fs"
                        + " hdfs://<nameservice> of HA NameNodes");
            });
            return Optional.empty();
        }
        return Optional.of(nameservice);
    }

    /**
     * Starts watching the run about to start on {@code fileSystem}: {@link #check}, then on a logical nameservice its
     * NameNodes' states, and for {@code -failoverAt} what the failover will need. On a file system other than HDFS,
     * and on one NameNode, it watches nothing.
     *
     * @param failoverAt when after this call to fail the nameservice over ({@code -failoverAt}), if at all
     * @throws BenchException in one line, before the run: {@link #check}'s refusals, and CONFLICTING_OPTIONS for
     *     {@code -failoverAt} without an active and a standby NameNode, without fencing, or without HA admin rights
     */
    public static NameserviceWatch start(URI fileSystem, Configuration conf, Optional<Duration> failoverAt) {
        Optional<Nameservice> logical = check(fileSystem, conf, failoverAt);
        if (logical.isEmpty()) {
            return new NameserviceWatch(conf, Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
                    Optional.empty());
        }
        Nameservice nameservice = logical.get();
        NameNodeStates atStart = nameservice.states(conf);
        if (failoverAt.isEmpty()) {
            return new NameserviceWatch(conf, Optional.of(nameservice), Optional.of(atStart), Optional.empty(),
                    Optional.empty(), Optional.empty());
        }
        HaFailover admin = HaFailover.prepare(conf, nameservice, atStart);
        long start = System.nanoTime();
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(
                new DaemonThreads("hbench-" + FailoverFlag.NAME));
        Duration at = failoverAt.get();
        ScheduledFuture<NameserviceRecord.AskedFailover> failover = timer.schedule(() -> {
            long asked = System.nanoTime();
            Optional<String> failure = Optional.empty();
            String method = admin.automatic() ? HaFailover.ZKFC : HaFailover.FAILOVER_CONTROLLER;
            try {
                admin.run();
            } catch (IOException | FailoverFailedException | RuntimeException e) {
                failure = Optional.of(e.getClass().getSimpleName() + ": " + e.getMessage());
            }
            long done = System.nanoTime();
            return new NameserviceRecord.AskedFailover(at, Duration.ofNanos(asked - start),
                    Duration.ofNanos(done - asked), admin.from(), admin.to(), method, failure);
        }, at.toNanos(), TimeUnit.NANOSECONDS);
        return new NameserviceWatch(conf, Optional.of(nameservice), Optional.of(atStart), Optional.of(timer),
                Optional.of(failover), failoverAt);
    }

    /**
     * Ends the watch after the run: a failover not yet asked is not asked any more, one under way is waited for; then
     * the NameNodes' states are read again. Empty when the run was not on a logical nameservice.
     */
    public Optional<NameserviceRecord> finish() throws InterruptedException {
        if (nameservice.isEmpty()) {
            return Optional.empty();
        }
        Optional<NameserviceRecord.AskedFailover> asked = Optional.empty();
        boolean notReached = false;
        if (failover.isPresent()) {
            failover.get().cancel(false);
            try {
                asked = Optional.of(failover.get().get());
            } catch (CancellationException e) {
                notReached = true;
            } catch (ExecutionException e) {
                throw new IllegalStateException("the failover's timer failed", e.getCause());
            }
        }
        Map<String, String> addresses = new LinkedHashMap<>();
        nameservice.get().nameNodes().forEach((id, address) -> addresses.put(id, address.getHostString() + ":"
                + address.getPort()));
        NameserviceRecord record = new NameserviceRecord(nameservice.get().name(), addresses, atStart.orElseThrow(),
                nameservice.get().states(conf), asked);
        return Optional.of(notReached ? record.withFailoverNotReached(failoverAt.orElseThrow()) : record);
    }

    /** Stops the timer of a failover not yet asked, also when the run failed. */
    @Override
    public void close() {
        failover.ifPresent(future -> future.cancel(false));
        timer.ifPresent(ScheduledExecutorService::shutdown);
    }
}
