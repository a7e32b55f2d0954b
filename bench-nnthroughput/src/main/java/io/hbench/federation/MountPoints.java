package io.hbench.federation;

import static java.util.Objects.requireNonNull;

import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.net.NetUtils;

/**
 * A Router's mount table, grouped by subcluster: for each nameservice id a mount point's destinations name, the mount
 * points whose destinations are all in it.
 */
public final class MountPoints {
    static final String ADMIN_ADDRESS = "dfs.federation.router.admin-address";
    static final int DEFAULT_ADMIN_PORT = 8111;

    /** One mount point: its path in the federation's namespace and the nameservice id of each destination. */
    static final class Entry {
        final String source;
        final List<String> nameservices;

        Entry(String source, List<String> nameservices) {
            this.source = requireNonNull(source, "source is null");
            this.nameservices = List.copyOf(nameservices);
        }
    }

    private final Map<String, List<String>> bySubcluster;

    MountPoints(List<Entry> entries) {
        Map<String, List<String>> grouped = new TreeMap<>();
        for (Entry entry : entries) {
            if (!entry.nameservices.isEmpty() && entry.nameservices.stream().distinct().count() == 1) {
                grouped.computeIfAbsent(entry.nameservices.get(0), ns -> new ArrayList<>()).add(entry.source);
            }
        }
        grouped.values().forEach(sources -> sources.sort(null));
        this.bySubcluster = grouped;
    }

    /**
     * Reads the mount table of {@code router} through its admin protocol, at {@code dfs.federation.router.admin-address}
     * of {@code conf}, or at the Router's RPC host when that setting's host is {@code 0.0.0.0} or it is unset.
     *
     * @throws BenchException in one line, when hadoop-hdfs-rbf's classes are not on the classpath or the table cannot
     *     be read
     */
    public static MountPoints read(Routers.Router router, Configuration conf) {
        InetSocketAddress admin = adminAddress(router.address(), conf);
        try {
            return new MountPoints(MountTableReader.read(admin, conf));
        } catch (NoClassDefFoundError e) {
            throw new BenchException(ErrorCode.UNSUPPORTED_CONFIGURATION, "-perSubcluster reads the Router's mount table"
                    + " with hadoop-hdfs-rbf, which is not on the classpath (Hadoop ships it in share/hadoop/hdfs): add"
                    + " it to HADOOP_CLASSPATH, or name the paths with -subClusterPath");
        } catch (IOException e) {
            throw new BenchException(ErrorCode.CLUSTER_UNAVAILABLE, "-perSubcluster could not read the mount table of"
                    + " Router " + router + " at its admin address " + NetUtils.getHostPortString(admin) + " ("
                    + ADMIN_ADDRESS + "): " + e.getMessage(), e);
        }
    }

    /** The Router's admin address: the setting's, with the Router's RPC host for a wildcard or absent host. */
    static InetSocketAddress adminAddress(InetSocketAddress router, Configuration conf) {
        String setting = conf.getTrimmed(ADMIN_ADDRESS, "0.0.0.0:" + DEFAULT_ADMIN_PORT);
        InetSocketAddress given = NetUtils.createSocketAddr(setting, DEFAULT_ADMIN_PORT, ADMIN_ADDRESS);
        return given.getHostString().equals("0.0.0.0") ? new InetSocketAddress(router.getHostString(), given.getPort())
                : given;
    }

    /** The mount points of each subcluster, by nameservice id in order, each subcluster's sorted. */
    public Map<String, List<String>> bySubcluster() {
        return bySubcluster;
    }

    /**
     * Where a run's load goes in each subcluster: under its first mount point, {@code <mount point>/<baseDirName's
     * last component>}.
     */
    public List<Subcluster> subclusters(String baseDirName) {
        List<Subcluster> subclusters = new ArrayList<>();
        bySubcluster.forEach((ns, sources) -> subclusters.add(Subcluster.under(ns, sources.get(0), baseDirName)));
        return subclusters;
    }
}
