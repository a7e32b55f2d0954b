package io.hbench.it;

import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.mapreduce.v2.MiniMRYarnCluster;

/**
 * The cluster's own JVM ({@link YarnCluster} starts it): a MiniDFSCluster and a MiniMRYarnCluster on it, then the
 * configuration of the running cluster (its NameNode's, ResourceManager's and scheduler's real addresses), written
 * where the client will read it. It runs until it is killed.
 *
 * <p>Hadoop's MiniHadoopClusterManager does the same but writes the configuration it started from, with port 0
 * for every YARN address, which no client or ApplicationMaster can use.
 *
 * <p>Arguments: {@code <home> <nodes> <site.xml to write> [key=value ...]}; settings apply to both clusters.
 */
public final class ClusterMain {
    private ClusterMain() {
    }

    public static void main(String[] args) throws IOException {
        Path home = Paths.get(args[0]);
        int nodes = Integer.parseInt(args[1]);
        Path site = Paths.get(args[2]);
        Configuration conf = new Configuration();
        for (int i = 3; i < args.length; i++) {
            int equals = args[i].indexOf('=');
            conf.set(args[i].substring(0, equals), args[i].substring(equals + 1));
        }
        MiniDFSCluster dfs = new MiniDFSCluster.Builder(conf, home.resolve("dfs").toFile()).numDataNodes(nodes)
                .format(true).build();
        dfs.waitActive();
        conf.set("fs.defaultFS", dfs.getFileSystem().getUri().toString());
        MiniMRYarnCluster yarn = new MiniMRYarnCluster("hbench-it", nodes);
        yarn.init(conf);
        yarn.start();
        // Written aside and moved, so that the client never reads half a file.
        Path partial = site.resolveSibling(site.getFileName() + ".partial");
        try (OutputStream out = new FileOutputStream(partial.toFile())) {
            yarn.getConfig().writeXml(out);
        }
        Files.move(partial, site, StandardCopyOption.ATOMIC_MOVE);
        System.out.println("cluster up: " + dfs.getFileSystem().getUri() + ", configuration in " + site
                + File.separator);
    }
}
