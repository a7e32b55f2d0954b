package io.hbench.nnthroughput;

import io.hbench.load.FileNames;
import io.hbench.load.Workers;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.hdfs.protocol.ClientProtocol;

/**
 * {@code -op mkdirs}: the workers make {@code -dirs} directories (after {@code -warmup} more), {@code -dirsPerDir} to
 * a parent, under {@code <baseDirName>/mkdirs}.
 */
final class Mkdirs {
    private final NnThroughput bench;
    private final NameNodeTarget target;
    private final NnOptions options;

    Mkdirs(NnThroughput bench, NameNodeTarget target, NnOptions options) {
        this.bench = bench;
        this.target = target;
        this.options = options;
    }

    OpResult run() throws InterruptedException {
        FileNames names = FileNames.generate(options.baseDir(NnOperation.MKDIRS), options.dirsPerDir(), 0,
                options.warmup() + options.dirs());
        NnThroughput.Shares shares = NnThroughput.Shares.of(options, options.warmup(), options.dirs());
        int[] first = shares.first;
        ClientProtocol client = target.client();
        Workers.Op op = new Workers.Op() {
            @Override
            public long run(int thread, int index) throws Exception {
                String path = names.name(first[thread] + index);
                long start = System.nanoTime();
                boolean made = client.mkdirs(path, FsPermission.getDirDefault(), true);
                long end = System.nanoTime();
                if (!made) {
                    throw new IOException("the NameNode did not create the directory");
                }
                return end - start;
            }

            @Override
            public String describe(int thread, int index) {
                return names.name(first[thread] + index);
            }
        };
        Workers.Outcome outcome = shares.run(new Workers("mkdirs", options.threads(), 1, options.histograms(),
                options.duration().orElse(null), false, options.ugCacheRefreshCount(),
                NnThroughput.refresher(options, target)).recordingCompletions(bench.showsTimeline()), op,
                bench.scheduleStart());
        List<String> inputs = List.of("baseDir = " + options.baseDir(NnOperation.MKDIRS), "nrDirs = " + options.dirs(),
                "nrThreads = " + options.threads(), "nrDirsPerDir = " + options.dirsPerDir());
        return NnThroughput.result(NnOperation.MKDIRS, inputs, outcome, options, null, List.of());
    }
}
