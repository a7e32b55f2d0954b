package io.hbench.nnthroughput;

import io.hbench.federation.Subcluster;
import io.hbench.federation.SubclusterTargets;
import io.hbench.federation.Subclusters;
import java.io.IOException;
import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.protocol.HdfsFileStatus;

/**
 * Runs one workload in each subcluster behind the Routers, one subcluster after the other: each run is then what that
 * subcluster's NameNode does alone, not a share of a load split among them, and its figures compare with a run on
 * that NameNode directly.
 */
final class SubclusterRuns {
    private SubclusterRuns() {
    }

    static SubclustersResult run(NnThroughput benchmark, Configuration conf, NnOptions options, PrintStream progress)
            throws IOException, InterruptedException {
        SubclusterTargets targets = options.subclusters().orElseThrow(() -> new IllegalArgumentException(
                "no subclusters in " + options));
        List<Subcluster> fromMountTable = targets.givenPaths().isPresent() ? null
                : Subclusters.fromMountTable(options.baseDirName(), conf, NnThroughput.isStandalone(conf));
        try (NnThroughput.Session session = benchmark.open()) {
            List<Subcluster> subclusters = fromMountTable != null ? fromMountTable
                    : Subclusters.fromPaths(targets.givenPaths().get(), options.baseDirName(), path -> {
                        HdfsFileStatus status = session.target().client().getFileInfo(path);
                        return status != null && status.isDirectory();
                    });
            Map<Subcluster, NnResult> runs = new LinkedHashMap<>();
            for (Subcluster subcluster : subclusters) {
                progress.println("NNThroughputBenchmark: subcluster " + subcluster.name() + ": -op "
                        + options.operation().label() + " under " + subcluster.baseDir());
                runs.put(subcluster, session.run(options.inSubcluster(subcluster.baseDir())));
            }
            return new SubclustersResult(options, runs);
        }
    }
}
