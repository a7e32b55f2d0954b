package io.hbench.nnthroughput;

import io.hbench.load.FileNames;
import io.hbench.load.LoadReport;
import io.hbench.load.Workers;
import java.io.IOException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.IntUnaryOperator;
import java.util.stream.Collectors;
import org.HdrHistogram.Histogram;
import org.apache.hadoop.crypto.CryptoProtocolVersion;
import org.apache.hadoop.fs.CreateFlag;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.hdfs.protocol.ClientProtocol;
import org.apache.hadoop.io.EnumSetWritable;

/**
 * {@code -op mix}: each thread does its share of {@code -files} operations, each drawn at random
 * (seeded per thread, so a run repeats exactly; at {@code -rate}, one sequence that every worker takes from) in the
 * proportions of {@code -mix}, like a replayed production load. Everything is decided before timing starts: the
 * sequence of operations and the name each works on. Reads (open, fileStatus) go round a set of {@code -files} files
 * made beforehand; delete, rename and append each get a file of their own, made beforehand; create and
 * mkdirs make new names. Under {@code <baseDirName>/mix}: {@code read}, {@code consume}, {@code new}
 * and {@code dirs}.
 */
final class Mix {
    private static final EnumSetWritable<CreateFlag> APPEND_FLAGS =
            new EnumSetWritable<>(EnumSet.of(CreateFlag.APPEND));

    private final NnThroughput bench;
    private final NameNodeTarget target;
    private final NnOptions options;

    Mix(NnThroughput bench, NameNodeTarget target, NnOptions options) {
        this.bench = bench;
        this.target = target;
        this.options = options;
    }

    /** Draws each thread's operations: kinds[t][i] is an index into the mix's operations. */
    static byte[][] sequences(Map<NnOperation, Integer> mix, int[] perThread) {
        int[] weights = mix.values().stream().mapToInt(Integer::intValue).toArray();
        long totalWeight = 0;
        for (int w : weights) {
            totalWeight += w;
        }
        byte[][] kinds = new byte[perThread.length][];
        for (int t = 0; t < perThread.length; t++) {
            Random random = new Random(0x5eedL * 31 + t);
            kinds[t] = new byte[perThread[t]];
            for (int i = 0; i < perThread[t]; i++) {
                long draw = (long) (random.nextDouble() * totalWeight);
                int k = 0;
                while (draw >= weights[k]) {
                    draw -= weights[k];
                    k++;
                }
                kinds[t][i] = (byte) k;
            }
        }
        return kinds;
    }

    OpResult run() throws IOException, InterruptedException {
        List<NnOperation> ops = new ArrayList<>(options.mix().keySet());
        int threads = options.threads();
        NnThroughput.Shares shares = NnThroughput.Shares.of(options, options.warmup(), options.files());
        // On a schedule every worker takes the next operation of one sequence; else each thread has its own.
        boolean onSchedule = options.rate().isPresent();
        int rows = onSchedule ? 1 : threads;
        int[] perThread = new int[rows];
        for (int t = 0; t < rows; t++) {
            perThread[t] = onSchedule ? options.warmup() + options.files() : shares.warmup[t] + shares.counted[t];
        }
        IntUnaryOperator row = thread -> onSchedule ? 0 : thread;
        byte[][] kinds = sequences(options.mix(), perThread);
        // Inputs: each operation's index into the name set of its kind.
        int[][] inputs = new int[rows][];
        long[] need = new long[ops.size()];
        for (int t = 0; t < rows; t++) {
            inputs[t] = new int[perThread[t]];
            for (int i = 0; i < perThread[t]; i++) {
                inputs[t][i] = (int) need[kinds[t][i]]++;
            }
        }
        String base = options.baseDir(NnOperation.MIX);
        int readFiles = options.files();
        int consumed = 0;
        int created = 0;
        int dirs = 0;
        for (int k = 0; k < ops.size(); k++) {
            switch (ops.get(k)) {
                case DELETE:
                case RENAME:
                case APPEND:
                    consumed += need[k];
                    break;
                case CREATE:
                    created += need[k];
                    break;
                case MKDIRS:
                    dirs += need[k];
                    break;
                default:
                    break;
            }
        }
        boolean reads = ops.contains(NnOperation.OPEN) || ops.contains(NnOperation.FILE_STATUS);
        if (reads) {
            new Creates(bench, target, filesOptions(readFiles)).files(base + "/read", true, "mix-read", false);
        }
        if (consumed > 0) {
            new Creates(bench, target, filesOptions(consumed)).files(base + "/consume", true, "mix-consume", false);
        }
        // Consumers share one numbering across delete, rename and append; offsets per kind.
        long[] offset = new long[ops.size()];
        long next = 0;
        for (int k = 0; k < ops.size(); k++) {
            NnOperation op = ops.get(k);
            if (op == NnOperation.DELETE || op == NnOperation.RENAME || op == NnOperation.APPEND) {
                offset[k] = next;
                next += need[k];
            }
        }
        int perDir = options.filesPerDir();
        FileNames readNames = FileNames.generate(base + "/read", perDir, 0, reads ? readFiles : 0);
        FileNames consumeNames = FileNames.generate(base + "/consume", perDir, 0, consumed);
        FileNames newNames = FileNames.generate(base + "/new", perDir, 0, created);
        FileNames dirNames = FileNames.generate(base + "/dirs", perDir, 0, dirs);
        ClientProtocol client = target.client();
        ReadAfterWrite readAfterWrite = options.readAfterWrite() ? new ReadAfterWrite(client, threads) : null;
        long blockSize = options.blockSize();
        short replication = options.replication();
        Workers.Op op = new Workers.Op() {
            private String path(int thread, int index) {
                int k = kinds[row.applyAsInt(thread)][index];
                int input = inputs[row.applyAsInt(thread)][index];
                switch (ops.get(k)) {
                    case OPEN:
                    case FILE_STATUS:
                        return readNames.name(input % readFiles);
                    case CREATE:
                        return newNames.name(input);
                    case MKDIRS:
                        return dirNames.name(input);
                    default:
                        return consumeNames.name((int) (offset[k] + input));
                }
            }

            @Override
            public long run(int thread, int index) throws Exception {
                NnOperation kind = ops.get(kinds[row.applyAsInt(thread)][index]);
                String path = path(thread, index);
                String clientName = "mix-client-" + thread;
                long start = System.nanoTime();
                switch (kind) {
                    case OPEN:
                        client.getBlockLocations(path, 0L, blockSize);
                        break;
                    case FILE_STATUS:
                        if (client.getFileInfo(path) == null) {
                            throw new IOException("no such file");
                        }
                        break;
                    case CREATE:
                        client.create(path, FsPermission.getFileDefault(), clientName, Creates.CREATE_FLAGS, true,
                                replication, blockSize, CryptoProtocolVersion.supported(), null, null);
                        long end = System.nanoTime();
                        // A replayed load closes what it creates; complete is outside the timed call, as in create.
                        NnThroughput.completeFile(client, path, clientName);
                        if (readAfterWrite != null) {
                            readAfterWrite.read(thread, path, index >= shares.warmup[thread]);
                        }
                        return end - start;
                    case MKDIRS:
                        if (!client.mkdirs(path, FsPermission.getDirDefault(), true)) {
                            throw new IOException("the NameNode did not create the directory");
                        }
                        if (readAfterWrite != null) {
                            long mkdirs = System.nanoTime() - start;
                            readAfterWrite.read(thread, path, index >= shares.warmup[thread]);
                            return mkdirs;
                        }
                        break;
                    case DELETE:
                        if (!client.delete(path, false)) {
                            throw new IOException("the NameNode deleted nothing: no such file");
                        }
                        break;
                    case RENAME:
                        if (!client.rename(path, path + ".r")) {
                            throw new IOException("the NameNode did not rename it");
                        }
                        break;
                    case APPEND:
                        client.append(path, clientName, APPEND_FLAGS);
                        break;
                    default:
                        throw new IllegalStateException("not mixable: " + kind);
                }
                return System.nanoTime() - start;
            }

            @Override
            public int kind(int thread, int index) {
                return kinds[row.applyAsInt(thread)][index];
            }

            @Override
            public String describe(int thread, int index) {
                return ops.get(kinds[row.applyAsInt(thread)][index]).label() + " of " + path(thread, index);
            }
        };
        Workers.Outcome outcome = shares.run(new Workers("mix", threads, ops.size(), options.histograms(),
                options.duration().orElse(null), false, options.ugCacheRefreshCount(),
                NnThroughput.refresher(options, target)).recordingCompletions(bench.showsTimeline()), op,
                bench.scheduleStart());
        List<OpResult.Kind> results = new ArrayList<>();
        for (int k = 0; k < ops.size(); k++) {
            Histogram histogram = outcome.latency(k);
            results.add(NnThroughput.kind(ops.get(k).label(), outcome.operations(k), outcome.cumulativeNanos(k),
                    histogram, options));
        }
        String weights = options.mix().entrySet().stream().map(e -> e.getKey().label() + "=" + e.getValue())
                .collect(Collectors.joining(","));
        List<String> inputLines = List.of("baseDir = " + base, "nrFiles = " + options.files(),
                "nrThreads = " + threads, "nrFilesPerDir = " + perDir, "mix = " + weights);
        List<String> notes = new ArrayList<>();
        notes.add("operations drawn at random in the -mix proportions (seeded per thread); reads go round "
                + readFiles + " files made before timing; create is followed by complete, outside the timed call");
        if (outcome.openLoop().isPresent()) {
            notes.add(LoadReport.OPEN_LOOP_NOTE);
        }
        if (readAfterWrite != null) {
            notes.add(ReadAfterWrite.NOTE);
        }
        OpResult result = new OpResult(NnOperation.MIX, inputLines, List.of(), outcome.totalOperations(),
                outcome.elapsedNanos(), outcome.totalCumulativeNanos(), results, null, options.warmup(),
                outcome.stoppedByDuration(), notes, outcome.openLoop().orElse(null))
                .recording(outcome.timeline().orElse(null));
        return readAfterWrite == null ? result : result.withReadAfterWrite(readAfterWrite.latency(options));
    }

    private NnOptions filesOptions(int files) {
        return NnOptions.builder(NnOperation.CREATE).files(Math.max(1, files)).threads(options.threads())
                .filesPerDir(options.filesPerDir()).defaultBlockSize(options.blockSize())
                .defaultReplication(options.replication()).baseDirName(options.baseDirName()).build();
    }
}
