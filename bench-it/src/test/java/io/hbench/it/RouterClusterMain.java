package io.hbench.it;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.server.federation.MiniRouterDFSCluster;
import org.apache.hadoop.hdfs.server.federation.RouterConfigBuilder;
import org.apache.hadoop.hdfs.server.federation.StateStoreDFSCluster;
import org.apache.hadoop.hdfs.server.federation.resolver.MountTableManager;
import org.apache.hadoop.hdfs.server.federation.router.Router;
import org.apache.hadoop.hdfs.server.federation.router.RouterClient;
import org.apache.hadoop.hdfs.server.federation.store.protocol.AddMountTableEntryRequest;
import org.apache.hadoop.hdfs.server.federation.store.records.MountTable;

/**
 * The Router cluster's own JVM ({@link RouterCluster} starts it): Hadoop's {@code StateStoreDFSCluster} (a
 * MiniRouterDFSCluster whose Router keeps its mount table in a state store of local files) with two subclusters, ns0
 * and ns1, of one NameNode and one DataNode each, and one Router; the mount points {@code /ns0 -> ns0:/data} and
 * {@code /ns1 -> ns1:/data}, added through the Router's admin protocol as an operator does. Then the client's
 * configuration: the Router as the one "NameNode" of nameservice {@code router-ns}, its admin address, and each
 * subcluster's NameNode (keys {@code hbench.it.namenode.<ns>}, for the tests' own checks). It runs until it is killed.
 *
 * <p>Arguments: {@code <site.xml to write>}.
 */
public final class RouterClusterMain {
    static final String NAMESERVICE = "router-ns";
    static final String NAMENODE_KEY_PREFIX = "hbench.it.namenode.";

    private RouterClusterMain() {
    }

    public static void main(String[] args) {
        try {
            start(Paths.get(args[0]));
        } catch (Exception | LinkageError e) {
            // The cluster's threads would keep this JVM up, its starter waiting for a configuration never written.
            e.printStackTrace();
            System.exit(1);
        }
    }

    private static void start(Path site) throws Exception {
        StateStoreDFSCluster cluster = new StateStoreDFSCluster(false, 2);
        cluster.setNumDatanodesPerNameservice(1);
        cluster.addRouterOverrides(new RouterConfigBuilder().stateStore().admin().rpc().build());
        cluster.startCluster();
        cluster.startRouters();
        cluster.getCluster().waitActive();
        Router router = cluster.getRandomRouter().getRouter();
        // The cluster's own waitClusterUp needs Mockito on the classpath: the same waits, without it.
        await("the Router's state store", () -> router.getStateStore().isDriverReady());
        cluster.registerNamenodes();
        await("the Router to know each subcluster's NameNode", () -> {
            router.getStateStore().refreshCaches(true);
            for (String ns : cluster.getNameservices()) {
                if (router.getNamenodeResolver().getNamenodesForNameserviceId(ns, false).isEmpty()) {
                    return false;
                }
            }
            return true;
        });
        InetSocketAddress admin = router.getAdminServerAddress();
        Configuration client = new Configuration(false);
        try (RouterClient adminClient = new RouterClient(admin, router.getConfig())) {
            MountTableManager mountTable = adminClient.getMountTableManager();
            for (String ns : cluster.getNameservices()) {
                MiniRouterDFSCluster.NamenodeContext nameNode = cluster.getNamenodes(ns).get(0);
                nameNode.getFileSystem().mkdirs(new org.apache.hadoop.fs.Path("/data"));
                mountTable.addMountTableEntry(AddMountTableEntryRequest.newInstance(
                        MountTable.newInstance("/" + ns, Map.of(ns, "/data"))));
                client.set(NAMENODE_KEY_PREFIX + ns, "hdfs://" + nameNode.getRpcAddress());
            }
        }
        int rpcPort = cluster.getRandomRouter().getRpcPort();
        // Knowing a NameNode is not yet routing to it: wait until a listing through the Router reaches each subcluster.
        try (FileSystem routerFs = FileSystem.newInstance(URI.create("hdfs://127.0.0.1:" + rpcPort),
                new Configuration())) {
            await("a listing through the Router to reach each subcluster", () -> {
                router.getStateStore().refreshCaches(true);
                try {
                    for (String ns : cluster.getNameservices()) {
                        routerFs.listStatus(new org.apache.hadoop.fs.Path("/" + ns));
                    }
                    return true;
                } catch (IOException e) {
                    return false;
                }
            });
        }
        client.set("fs.defaultFS", "hdfs://" + NAMESERVICE);
        client.set("dfs.nameservices", NAMESERVICE);
        client.set("dfs.ha.namenodes." + NAMESERVICE, "r1");
        client.set("dfs.namenode.rpc-address." + NAMESERVICE + ".r1", "127.0.0.1:" + rpcPort);
        client.set("dfs.client.failover.proxy.provider." + NAMESERVICE,
                "org.apache.hadoop.hdfs.server.namenode.ha.ConfiguredFailoverProxyProvider");
        client.set("dfs.federation.router.admin-address", "127.0.0.1:" + admin.getPort());
        // Written aside and moved, so that the client never reads half a file.
        Path partial = site.resolveSibling(site.getFileName() + ".partial");
        try (OutputStream out = new FileOutputStream(partial.toFile())) {
            client.writeXml(out);
        }
        Files.move(partial, site, StandardCopyOption.ATOMIC_MOVE);
        System.out.println("router cluster up: Router at 127.0.0.1:" + rpcPort + ", configuration in " + site);
    }

    /** What {@link #await} waits for. */
    private interface Condition {
        boolean holds() throws Exception;
    }

    private static void await(String what, Condition condition) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!condition.holds()) {
            if (System.nanoTime() - deadline > 0) {
                throw new IllegalStateException("waited 60 s for " + what);
            }
            Thread.sleep(100);
        }
    }
}
