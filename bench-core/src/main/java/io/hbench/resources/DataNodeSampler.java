package io.hbench.resources;

import static java.util.Objects.requireNonNull;

import io.hbench.result.HostUsage;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.security.UserGroupInformation;

/**
 * Samples the DataNode hosts where hbench runs nothing (no NodeManager) through their DataNodes' own metrics over HTTP
 * ({@link JmxReader}, {@link DataNodeSnapshot}), from this client, once per interval: what they served and took, their
 * acknowledgement round trips and their volumes' I/O times. Each is read once when sampling starts, so that a DataNode
 * whose endpoint refuses is told at once in one line, and stays named as not sampled with that reason; then on a
 * daemon thread; and once more when it stops.
 */
final class DataNodeSampler {
    private final JmxReader reader;
    private final Duration interval;
    private final String why;
    private final Map<Endpoint, List<DataNodeSnapshot>> taken = new LinkedHashMap<>();
    private final Map<Endpoint, String> failed = new LinkedHashMap<>();
    private final ScheduledExecutorService timer;

    private DataNodeSampler(JmxReader reader, Duration interval, String why) {
        this.reader = reader;
        this.interval = interval;
        this.why = why;
        this.timer = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "hbench DataNode metrics sampler");
            thread.setDaemon(true);
            return thread;
        });
    }

    /**
     * Takes each DataNode's first reading and samples on from there.
     *
     * @param why what the hosts are, for the reason of one that cannot be read: "a DataNode host without a NodeManager"
     * @param progress where a DataNode whose endpoint does not answer is named, with why, in one line
     */
    static DataNodeSampler start(JmxReader reader, List<Endpoint> dataNodes, Duration interval, String why,
            PrintStream progress) throws InterruptedException {
        requireNonNull(progress, "progress is null");
        DataNodeSampler sampler = new DataNodeSampler(requireNonNull(reader, "reader is null"),
                requireNonNull(interval, "interval is null"), requireNonNull(why, "why is null"));
        for (Endpoint dataNode : dataNodes) {
            sampler.taken.put(dataNode, new ArrayList<>());
        }
        sampler.readAll();
        sampler.failed.forEach((dataNode, reason) -> progress.println("hbench: resource sampler: " + dataNode.host
                + " is not sampled: its DataNode's metrics cannot be read (" + reason + ")"));
        if (sampler.failed.size() < dataNodes.size()) {
            long millis = interval.toMillis();
            sampler.timer.scheduleAtFixedRate(() -> {
                try {
                    sampler.readAll();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, millis, millis, TimeUnit.MILLISECONDS);
        }
        return sampler;
    }

    /** Stops sampling after a last reading; each DataNode host's figures, or why it has none. */
    List<HostUsage> stop() throws InterruptedException {
        timer.shutdownNow();
        timer.awaitTermination(1, TimeUnit.MINUTES);
        readAll();
        List<HostUsage> hosts = new ArrayList<>();
        synchronized (this) {
            taken.forEach((dataNode, snapshots) -> hosts.add(snapshots.size() < 2 && failed.containsKey(dataNode)
                    ? HostUsage.unavailable(dataNode.host, why + ", and its DataNode's metrics cannot be read ("
                            + failed.get(dataNode) + ")")
                    : DataNodeUsage.of(dataNode.host, snapshots, interval)));
        }
        return hosts;
    }

    /** Stops sampling and drops what was taken. */
    void cancel() {
        timer.shutdownNow();
    }

    /** One reading of each DataNode that has not refused: once one refuses, it is not asked again. */
    private void readAll() throws InterruptedException {
        List<Endpoint> dataNodes;
        synchronized (this) {
            dataNodes = new ArrayList<>(taken.keySet());
            dataNodes.removeAll(failed.keySet());
        }
        for (Endpoint dataNode : dataNodes) {
            Instant time = Instant.now();
            try {
                Optional<DataNodeSnapshot> snapshot = DataNodeSnapshot.of(time,
                        reader.beans(dataNode.base, DataNodeSnapshot.QUERY), dataNode.transferPort);
                synchronized (this) {
                    if (snapshot.isPresent()) {
                        taken.get(dataNode).add(snapshot.get());
                    } else {
                        failed.put(dataNode, dataNode.base + "/jmx shows no DataNode of transfer port "
                                + dataNode.transferPort);
                    }
                }
            } catch (IOException e) {
                synchronized (this) {
                    failed.put(dataNode, e.getMessage());
                }
            }
        }
    }

    /** Where a DataNode's metrics are: its host, its web endpoint and the port it takes blocks on. */
    static final class Endpoint {
        final String host;
        final URI base;
        final int transferPort;

        Endpoint(String host, URI base, int transferPort) {
            this.host = requireNonNull(host, "host is null");
            this.base = requireNonNull(base, "base is null");
            this.transferPort = transferPort;
        }

        /**
         * The DataNode the NameNode reports, over https where {@code dfs.http.policy} is HTTPS_ONLY and over http
         * otherwise, as the DataNode serves it. By its address, as HDFS clients reach DataNodes, unless
         * {@code dfs.client.use.datanode.hostname} says otherwise or the name counts: https checks the certificate
         * against it, and SPNEGO asks for the principal of the host it names.
         */
        static Endpoint of(DatanodeInfo dataNode, Configuration conf) {
            boolean https = JmxReader.https(conf);
            boolean byName = https || UserGroupInformation.isSecurityEnabled()
                    || conf.getBoolean("dfs.client.use.datanode.hostname", false);
            URI base = URI.create((https ? "https://" : "http://")
                    + (byName ? dataNode.getHostName() : dataNode.getIpAddr()) + ":"
                    + (https ? dataNode.getInfoSecurePort() : dataNode.getInfoPort()));
            return new Endpoint(HostNames.canonical(dataNode.getHostName()), base, dataNode.getXferPort());
        }
    }
}
