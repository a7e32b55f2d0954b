package io.hbench.dfsio;

import static java.util.Objects.requireNonNull;

import io.hbench.resources.HostNames;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.TreeSet;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Which hosts a read task is asked to run on under {@code -readFrom}, and whether the host it ran on held a replica of
 * its file. A host holds a replica of a file where it holds one of any of the file's blocks; hosts are compared as
 * {@link HostNames#same} compares them, since HDFS and YARN may name one machine differently.
 */
final class ReadHosts {
    private ReadHosts() {
    }

    /** The hosts that hold a replica of some block of {@code file}, as HDFS names them. */
    static List<String> replicaHosts(FileSystem fs, Path file) throws IOException {
        TreeSet<String> hosts = new TreeSet<>();
        for (BlockLocation block : fs.getFileBlockLocations(file, 0, Long.MAX_VALUE)) {
            hosts.addAll(List.of(block.getHosts()));
        }
        return new ArrayList<>(hosts);
    }

    /** Whether {@code host} is one of {@code replicaHosts}. */
    static boolean holdsReplica(String host, Collection<String> replicaHosts) {
        return replicaHosts.stream().anyMatch(replica -> HostNames.same(host, replica));
    }

    /**
     * The hosts a task reading the file asks for: of {@code taskHosts}, those that hold a replica ({@link
     * ReadFrom#LOCAL}) or none ({@link ReadFrom#OTHER}); none for {@link ReadFrom#ANY}, or where no host is such. So
     * that tasks spread where MapReduce keeps only the first {@code maxHosts} of a split's hosts, the list starts at
     * the {@code fileIndex}-th of them, going round.
     *
     * @param taskHosts the hosts that can run a task, as YARN names them, which are the names its scheduler matches
     */
    static List<String> preferred(ReadFrom readFrom, Collection<String> replicaHosts, List<String> taskHosts,
            int fileIndex, int maxHosts) {
        requireNonNull(readFrom, "readFrom is null");
        if (readFrom == ReadFrom.ANY) {
            return List.of();
        }
        List<String> chosen = new ArrayList<>();
        for (String host : taskHosts) {
            if (holdsReplica(host, replicaHosts) == (readFrom == ReadFrom.LOCAL)) {
                chosen.add(host);
            }
        }
        List<String> rotated = new ArrayList<>();
        for (int i = 0; i < Math.min(chosen.size(), maxHosts); i++) {
            rotated.add(chosen.get((fileIndex + i) % chosen.size()));
        }
        return rotated;
    }
}
