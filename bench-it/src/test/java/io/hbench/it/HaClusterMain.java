package io.hbench.it;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.qjournal.MiniQJMHACluster;
import org.apache.hadoop.hdfs.server.namenode.ha.ConfiguredFailoverProxyProvider;
import org.apache.hadoop.hdfs.server.namenode.ha.HATestUtil;

/**
 * The HA cluster's own JVM ({@link HaCluster} starts it): Hadoop's MiniQJMHACluster of nameservice {@code ns1} as
 * {@link HATestUtil#setUpObserverCluster} sets it up, two HA NameNodes (the first active), one Observer NameNode, three
 * JournalNodes, one DataNode and edits tailed fast; then the client configuration a gateway of that nameservice has,
 * written where the client will read it. It runs until it is killed.
 *
 * <p>Arguments: {@code <home> <site.xml to write>}.
 */
public final class HaClusterMain {
    static final String NAMESERVICE = MiniQJMHACluster.NAMESERVICE;

    private HaClusterMain() {
    }

    public static void main(String[] args) throws IOException {
        Path home = Paths.get(args[0]);
        Path site = Paths.get(args[1]);
        Configuration conf = new Configuration();
        conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, home.resolve("dfs").toString());
        // As a cluster with Observers must: the active NameNode tells clients its state id, so that an Observer
        // holds a client's read until it has caught up with that client's writes.
        conf.setBoolean("dfs.namenode.state.context.enabled", true);
        MiniQJMHACluster cluster = HATestUtil.setUpObserverCluster(conf, 1, 1, true);
        Configuration running = cluster.getDfsCluster().getConfiguration(0);
        Configuration client = new Configuration(false);
        client.set("fs.defaultFS", "hdfs://" + NAMESERVICE);
        client.set("dfs.nameservices", NAMESERVICE);
        String namenodes = "dfs.ha.namenodes." + NAMESERVICE;
        client.set(namenodes, running.get(namenodes));
        for (String id : running.getTrimmedStringCollection(namenodes)) {
            for (String address : new String[] {"rpc-address", "servicerpc-address", "http-address"}) {
                String key = "dfs.namenode." + address + "." + NAMESERVICE + "." + id;
                if (running.get(key) != null) {
                    client.set(key, running.get(key));
                }
            }
        }
        client.set("dfs.client.failover.proxy.provider." + NAMESERVICE,
                ConfiguredFailoverProxyProvider.class.getName());
        // hdfs haadmin -failover fences the NameNode it leaves; both run here, and it went standby itself.
        client.set("dfs.ha.fencing.methods", "shell(/bin/true)");
        // Written aside and moved, so that the client never reads half a file.
        Path partial = site.resolveSibling(site.getFileName() + ".partial");
        try (OutputStream out = new FileOutputStream(partial.toFile())) {
            client.writeXml(out);
        }
        Files.move(partial, site, StandardCopyOption.ATOMIC_MOVE);
        System.out.println("HA cluster up: hdfs://" + NAMESERVICE + " " + client.get(namenodes)
                + ", configuration in " + site);
    }
}
