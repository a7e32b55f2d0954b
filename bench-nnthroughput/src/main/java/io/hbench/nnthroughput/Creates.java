package io.hbench.nnthroughput;

import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.load.FileNames;
import io.hbench.load.Workers;
import io.hbench.result.Distribution;
import io.hbench.result.Unit;
import io.hbench.stats.Histograms;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.apache.hadoop.crypto.CryptoProtocolVersion;
import org.apache.hadoop.fs.CreateFlag;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.hdfs.protocol.ClientProtocol;
import org.apache.hadoop.io.EnumSetWritable;
import org.apache.hadoop.ipc.RemoteException;

/**
 * {@code -op create}: the workers create {@code -files} files (after {@code -warmup} more), {@code -filesPerDir} to a
 * directory, under {@code <baseDirName>/create}; with {@code -close} each create is followed by complete, outside the
 * timed call and timed on its own. The operations on existing files and mix make their files here too, untimed,
 * before their timing starts.
 */
final class Creates {
    /** How every program here creates a file: anew, or over one a run before left. */
    static final EnumSetWritable<CreateFlag> CREATE_FLAGS =
            new EnumSetWritable<>(EnumSet.of(CreateFlag.CREATE, CreateFlag.OVERWRITE));

    private final NnThroughput bench;
    private final NameNodeTarget target;
    private final NnOptions options;

    Creates(NnThroughput bench, NameNodeTarget target, NnOptions options) {
        this.bench = bench;
        this.target = target;
        this.options = options;
    }

    OpResult run() throws InterruptedException {
        Created created = files(options.baseDir(NnOperation.CREATE), options.close(), "create", true);
        List<String> notes = new ArrayList<>();
        notes.add(options.close() ? "each create is followed by complete (-close); complete is outside the timed"
                + " create call but inside the elapsed time"
                : "files are created and left open (no -close): the timed create call is all");
        return NnThroughput.result(NnOperation.CREATE, NnThroughput.fileInputs(options, NnOperation.CREATE),
                created.outcome, options, created.completeLatency, notes);
    }

    /** What a run of creates did, and how long complete took after each (with close). */
    static final class Created {
        final Workers.Outcome outcome;
        final Distribution completeLatency;

        Created(Workers.Outcome outcome, Distribution completeLatency) {
            this.outcome = outcome;
            this.completeLatency = completeLatency;
        }
    }

    /** Creates warmup + files files under {@code base} on the workers; measured when {@code timed}. */
    Created files(String base, boolean close, String opName, boolean timed) throws InterruptedException {
        return files(base, close, opName, timed, 0, options.warmup() + options.files());
    }

    /** Creates files {@code firstName} to {@code firstName + total - 1} under {@code base} on the workers. */
    Created files(String base, boolean close, String opName, boolean timed, long firstName, int total)
            throws InterruptedException {
        FileNames names = FileNames.generate(base, options.filesPerDir(), firstName, total);
        NnThroughput.Shares shares = timed ? NnThroughput.Shares.of(options, options.warmup(), options.files())
                : NnThroughput.Shares.closedLoop(options.threads(), 0, total);
        int[] warmup = shares.warmup;
        int[] first = shares.first;
        ClientProtocol client = target.client();
        short replication = options.replication();
        long blockSize = options.blockSize();
        Histogram[] complete = new Histogram[options.threads()];
        for (int t = 0; t < complete.length; t++) {
            complete[t] = Histograms.newHistogram();
        }
        boolean recordComplete = timed && close && options.histograms();
        Workers.Op op = new Workers.Op() {
            @Override
            public long run(int thread, int index) throws Exception {
                String path = names.name(first[thread] + index);
                String clientName = opName + "-client-" + thread;
                long start = System.nanoTime();
                try {
                    client.create(path, FsPermission.getFileDefault(), clientName, CREATE_FLAGS, true, replication,
                            blockSize, CryptoProtocolVersion.supported(), null, null);
                } catch (RemoteException e) {
                    refuseBelowMinimumBlockSize(e, blockSize, target);
                    throw e;
                }
                long end = System.nanoTime();
                if (close) {
                    NnThroughput.completeFile(client, path, clientName);
                    if (recordComplete && index >= warmup[thread]) {
                        complete[thread].recordValue(System.nanoTime() - end);
                    }
                }
                return end - start;
            }

            @Override
            public String describe(int thread, int index) {
                return names.name(first[thread] + index);
            }
        };
        Workers workers = new Workers(opName, options.threads(), 1, timed && options.histograms(),
                timed ? options.duration().orElse(null) : null, false, options.ugCacheRefreshCount(),
                NnThroughput.refresher(options, target)).recordingCompletions(bench.showsTimeline());
        Workers.Outcome outcome = shares.run(workers, op, bench.scheduleStart());
        Distribution completeLatency = null;
        if (recordComplete) {
            Histogram merged = Histograms.newHistogram();
            for (Histogram h : complete) {
                merged.add(h);
            }
            completeLatency = Histograms.toDistribution("complete_latency", Unit.SECONDS, merged, 1e9);
        }
        return new Created(outcome, completeLatency);
    }

    /**
     * Throws, in words that say what to change, where the NameNode refused a create for a block size below its minimum;
     * returns for any other refusal, which the caller throws as it is.
     */
    static void refuseBelowMinimumBlockSize(RemoteException e, long blockSize, NameNodeTarget target) {
        if (String.valueOf(e.getMessage()).contains(NnThroughput.MIN_BLOCK_SIZE_KEY)) {
            throw new BenchException(ErrorCode.INVALID_ARGUMENT, "the NameNode " + target.description()
                    + " refuses -blockSize " + blockSize + ": it is below its " + NnThroughput.MIN_BLOCK_SIZE_KEY
                    + ". Set " + NnThroughput.MIN_BLOCK_SIZE_KEY + " to " + blockSize + " or less in the NameNode's"
                    + " hdfs-site.xml and restart it, or give -blockSize at least that minimum", e);
        }
    }
}
