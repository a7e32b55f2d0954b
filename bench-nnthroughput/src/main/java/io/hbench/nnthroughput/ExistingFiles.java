package io.hbench.nnthroughput;

import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.load.FileNames;
import io.hbench.load.Workers;
import java.io.IOException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import org.apache.hadoop.fs.CreateFlag;
import org.apache.hadoop.hdfs.protocol.ClientProtocol;
import org.apache.hadoop.hdfs.protocol.HdfsFileStatus;
import org.apache.hadoop.io.EnumSetWritable;

/**
 * {@code -op} open, delete, fileStatus, rename and append: the workers call the operation on {@code -files}
 * files (after {@code -warmup} more), made beforehand under {@code <baseDirName>/create} and renamed to the
 * operation's directory, or kept by an earlier run ({@code -useExisting}).
 */
final class ExistingFiles {
    private final NnThroughput bench;
    private final NameNodeTarget target;
    private final NnOperation operation;
    private final NnOptions options;

    ExistingFiles(NnThroughput bench, NameNodeTarget target, NnOperation operation, NnOptions options) {
        this.bench = bench;
        this.target = target;
        this.operation = operation;
        this.options = options;
    }

    /** Runs on files made now under {@code <baseDirName>/create}, or on an earlier run's with -useExisting. */
    OpResult run() throws IOException, InterruptedException {
        return run(false);
    }

    /** Runs on the files a capacity curve made in the operation's directory, for every step. */
    OpResult runOnCurveFiles() throws IOException, InterruptedException {
        return run(true);
    }

    private OpResult run(boolean curveFiles) throws IOException, InterruptedException {
        ClientProtocol client = target.client();
        String createBase = options.baseDir(NnOperation.CREATE);
        String base = options.baseDir(operation);
        if (!options.useExisting() && !curveFiles) {
            new Creates(bench, target, options).files(createBase, true, "create", false);
        }
        if (client.getFileInfo(createBase) != null && client.getFileInfo(base) == null) {
            client.rename(createBase, base);
        }
        if (client.getFileInfo(base) == null) {
            throw new BenchException(ErrorCode.MISSING_INPUT, base + " does not exist: with -useExisting, first run"
                    + " -op " + operation.label() + " -keepResults with the same -files and -filesPerDir");
        }
        FileNames names = FileNames.generate(base, options.filesPerDir(), 0, options.warmup() + options.files());
        NnThroughput.Shares shares = NnThroughput.Shares.of(options, options.warmup(), options.files());
        int[] first = shares.first;
        long blockSize = options.blockSize();
        EnumSetWritable<CreateFlag> appendFlags = new EnumSetWritable<>(options.appendNewBlk()
                ? EnumSet.of(CreateFlag.NEW_BLOCK) : EnumSet.of(CreateFlag.APPEND));
        Workers.Op op = new Workers.Op() {
            @Override
            public long run(int thread, int index) throws Exception {
                String path = names.name(first[thread] + index);
                long start;
                long end;
                switch (operation) {
                    case OPEN:
                        start = System.nanoTime();
                        client.getBlockLocations(path, 0L, blockSize);
                        end = System.nanoTime();
                        break;
                    case DELETE:
                        start = System.nanoTime();
                        boolean deleted = client.delete(path, false);
                        end = System.nanoTime();
                        if (!deleted) {
                            throw new IOException("the NameNode deleted nothing: no such file");
                        }
                        break;
                    case FILE_STATUS:
                        start = System.nanoTime();
                        HdfsFileStatus status = client.getFileInfo(path);
                        end = System.nanoTime();
                        if (status == null) {
                            throw new IOException("no such file");
                        }
                        break;
                    case RENAME:
                        String destination = path + ".r";
                        start = System.nanoTime();
                        boolean renamed = client.rename(path, destination);
                        end = System.nanoTime();
                        if (!renamed) {
                            throw new IOException("the NameNode did not rename it to " + destination);
                        }
                        break;
                    case APPEND:
                        start = System.nanoTime();
                        client.append(path, "TestClient", appendFlags);
                        end = System.nanoTime();
                        break;
                    default:
                        throw new IllegalStateException("not an operation on files: " + operation);
                }
                return end - start;
            }

            @Override
            public String describe(int thread, int index) {
                return names.name(first[thread] + index);
            }
        };
        boolean repeatable = operation == NnOperation.OPEN || operation == NnOperation.FILE_STATUS;
        Workers.Outcome outcome = shares.run(new Workers(operation.label(), options.threads(), 1,
                options.histograms(), options.duration().orElse(null), repeatable, options.ugCacheRefreshCount(),
                NnThroughput.refresher(options, target)).recordingCompletions(bench.showsTimeline()), op,
                bench.scheduleStart());
        List<String> notes = new ArrayList<>();
        notes.add(curveFiles ? "one set of files serves every step: created (and completed) before the first step"
                + " that needed them, outside the steps" : options.useExisting()
                ? "files made by an earlier run (-useExisting)"
                : "files were created (and completed) before timing started");
        return NnThroughput.result(operation, NnThroughput.fileInputs(options, operation), outcome, options, null,
                notes);
    }
}
