package io.hbench.dfsio;

import static io.hbench.cli.FlagParser.present;
import static io.hbench.cli.FlagParser.valued;

import io.hbench.cli.BenchTool;
import io.hbench.cli.ClusterSession;
import io.hbench.cli.FlagNames;
import io.hbench.cli.FlagValues;
import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.error.ExitStatus;
import io.hbench.fs.LocalOutput;
import java.io.PrintStream;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;

/** {@code TestDFSIO} on the command line: Hadoop's flags and result lines, then hbench's. */
public final class TestDfsioTool extends BenchTool<TestDfsioTool.Command> {
    public static final String NAME = "TestDFSIO";
    public static final String DEFAULT_RESULT_FILE = "TestDFSIO_results.log";

    /** A file of the lines a run appends: the classic block of a MapReduce run, or -seq's one line. */
    private static final LocalOutput.Kind RESULT_LINES = LocalOutput.Kind.appendedLines("a TestDFSIO result log",
            Pattern.compile("----- TestDFSIO ----- : .*|Seq Test exec time sec: .*"));
    private static final String[] OPERATION_FLAGS = {"write", "read", "append", "truncate", "clean"};
    private static final String[] READ_KIND_FLAGS = {"random", "backward", "skip"};

    /** The parsed command line: a workload, or a clean-up of a base directory (the cluster's if none is given). */
    static final class Command {
        final DfsioOptions options;
        final Optional<String> baseDir;

        Command(DfsioOptions options, Optional<String> baseDir) {
            this.options = options;
            this.baseDir = baseDir;
        }

        boolean isClean() {
            return options == null;
        }
    }

    public TestDfsioTool(PrintStream out, PrintStream err) {
        super(out, err);
    }

    public static void main(String[] args) throws Exception {
        System.exit(new TestDfsioTool(System.out, System.err).runCommandLine(new Configuration(), args));
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "Distributed file system I/O throughput (write, read, append, truncate), one map task per file";
    }

    @Override
    protected String usage() {
        return NAME + " [genericOptions] -read [-random | -backward | -skip [-skipSize Size]] | -write | -append"
                + " | -truncate | -clean [-compression codecClassName] [-nrFiles N] [-size Size[B|KB|MB|GB|TB]]"
                + " [-resFile resultFileName] [-bufferSize Bytes] [-storagePolicy storagePolicyName]"
                + " [-erasureCodePolicy erasureCodePolicyName] [-dataNodes host[:port],...] [-dropBehind]"
                + " [-readFrom local|any|other] [-seq] [-verify]"
                + " [-rootDir dir] [-json file]";
    }

    @Override
    protected void addOptions(Options options) {
        options.addOption(present("write", "write nrFiles files of fileSize bytes each (replaces earlier files)"));
        options.addOption(present("read", "read the files a -write made, start to end"));
        options.addOption(present("random", "with -read: read buffers at random offsets"));
        options.addOption(present("backward", "with -read: read buffers from the end of each file backwards"));
        options.addOption(present("skip", "with -read: skip -skipSize bytes after each buffer"));
        options.addOption(present("append", "append fileSize bytes to each file"));
        options.addOption(present("truncate", "truncate each file to fileSize bytes"));
        options.addOption(present("clean",
                "remove the base directory and everything in it (only if hbench created it)"));
        options.addOption(present("seq", "run the files one after another in this process, without a MapReduce job"));
        options.addOption(present("verify", "with a read: check every byte against what -write wrote; a mismatch fails"
                + " the run (exit 1)"));
        options.addOption(valued("nrFiles", "N", "number of files, one map task each (default 1)"));
        options.addOption(valued("fileSize", "size", "bytes per file, B|KB|MB|GB|TB, binary, no unit = MB (default 1MB)"));
        options.addOption(valued("size", "size", "same as -fileSize"));
        options.addOption(valued("bufferSize", "bytes", "bytes per read or write call (default 1000000)"));
        options.addOption(valued("skipSize", "size", "with -read -skip: bytes skipped after each buffer"
                + " (default the buffer size)"));
        options.addOption(valued("compression", "codecClassName", "compress file data with this codec"));
        options.addOption(valued("storagePolicy", "name", "HDFS storage policy of the written files"));
        options.addOption(valued("erasureCodePolicy", "name", "HDFS erasure coding policy of the data directory"));
        options.addOption(valued("dataNodes", "host[:port],...", "with -write: ask the NameNode to place each block's"
                + " replicas on these DataNodes (HDFS favored nodes); a host without a port means the cluster's DataNode"
                + " transfer port, that of " + FavoredNodes.TRANSFER_ADDRESS_KEY + " (default "
                + FavoredNodes.DEFAULT_TRANSFER_PORT + ")"));
        options.addOption(present("dropBehind", "ask the DataNodes to drop the pages behind each file's writes or reads"
                + " from their page cache (the stream's setDropBehind), so that a read of files just written meets the"
                + " disk; the result says whether the streams accepted it"));
        options.addOption(valued("readFrom", "local|any|other", "with -read: ask for each map task on a host that"
                + " holds a replica of its file (local) or none (other), or anywhere (any, what a read does without the"
                + " flag); YARN takes these as preferences, and the result says where the tasks ran"));
        options.addOption(valued("rootDir", "dir", "base directory (default -D" + DfsioOptions.BASE_DIR_KEY
                + ", else " + DfsioOptions.DEFAULT_BASE_DIR + ")"));
    }

    @Override
    protected FlagNames flagNames() {
        return FlagNames.SAME.with("baseDir", "-rootDir").with("compressionCodec", "-compression")
                .with("sequential", "-seq");
    }

    @Override
    protected Optional<LocalOutput.Kind> resultFileKind() {
        return Optional.of(RESULT_LINES);
    }

    @Override
    protected boolean appendsResultLines(Command command) {
        return !command.isClean();
    }

    @Override
    protected Optional<String> defaultResultFile() {
        return Optional.of(DEFAULT_RESULT_FILE);
    }

    @Override
    protected Command parse(CommandLine line) {
        Optional<String> baseDir = Optional.ofNullable(line.getOptionValue("rootDir"));
        // The run resolves it again against the cluster it finds; a -rootDir the -D contradicts is refused now.
        DfsioOptions.baseDir(getConf(), baseDir);
        DfsioOperation operation = operation(line);
        Integer nrFiles = line.hasOption("nrFiles")
                ? FlagValues.wholeNumber("-nrFiles", line.getOptionValue("nrFiles")) : null;
        Integer bufferSize = line.hasOption("bufferSize")
                ? FlagValues.wholeNumber("-bufferSize", line.getOptionValue("bufferSize")) : null;
        if (line.hasOption("fileSize") && line.hasOption("size")) {
            throw new BenchException(ErrorCode.CONFLICTING_OPTIONS, "-fileSize and -size are the same option: give one");
        }
        String sizeFlag = line.hasOption("fileSize") ? "fileSize" : "size";
        Long fileSize = line.hasOption(sizeFlag) ? FlagValues.size("-" + sizeFlag, line.getOptionValue(sizeFlag)) : null;
        Long skipSize = line.hasOption("skipSize") ? FlagValues.size("-skipSize", line.getOptionValue("skipSize"))
                : null;
        if (operation == null) {
            if (line.hasOption("verify") || line.hasOption("seq")) {
                throw new BenchException(ErrorCode.CONFLICTING_OPTIONS, "-clean takes no -verify or -seq");
            }
            if (line.hasOption("dataNodes")) {
                throw DfsioOptions.Builder.dataNodesWithoutWrite();
            }
            if (line.hasOption("dropBehind")) {
                throw DfsioOptions.Builder.dropBehindWithoutStream();
            }
            if (line.hasOption("readFrom")) {
                throw DfsioOptions.Builder.readFromWithoutRead();
            }
            return new Command(null, baseDir);
        }
        DfsioOptions.Builder options = DfsioOptions.builder(operation)
                .verify(line.hasOption("verify"))
                .sequential(line.hasOption("seq"))
                .dropBehind(line.hasOption("dropBehind"))
                .compressionCodec(line.getOptionValue("compression"))
                .storagePolicy(line.getOptionValue("storagePolicy"))
                .erasureCodePolicy(line.getOptionValue("erasureCodePolicy"));
        if (line.hasOption("dataNodes")) {
            options.dataNodes(Arrays.stream(line.getOptionValue("dataNodes").split(",", -1)).map(String::trim)
                    .collect(Collectors.toList()));
        }
        if (line.hasOption("readFrom")) {
            options.readFrom(ReadFrom.of(line.getOptionValue("readFrom")));
        }
        if (nrFiles != null) {
            options.nrFiles(nrFiles);
        }
        if (fileSize != null) {
            options.fileSize(fileSize);
        }
        if (bufferSize != null) {
            options.bufferSize(bufferSize);
        }
        if (skipSize != null) {
            options.skipSize(skipSize);
        }
        baseDir.ifPresent(options::baseDir);
        return new Command(options.build(), baseDir);
    }

    /** The one operation flag, or null for -clean. */
    private static DfsioOperation operation(CommandLine line) {
        List<String> given = new ArrayList<>();
        for (String flag : OPERATION_FLAGS) {
            if (line.hasOption(flag)) {
                given.add("-" + flag);
            }
        }
        List<String> readKinds = new ArrayList<>();
        for (String flag : READ_KIND_FLAGS) {
            if (line.hasOption(flag)) {
                readKinds.add("-" + flag);
            }
        }
        if (given.isEmpty()) {
            throw new BenchException(ErrorCode.MISSING_OPTION, readKinds.isEmpty()
                    ? "no operation: give one of -write, -read, -append, -truncate or -clean"
                    : readKinds.get(0) + " is a kind of read: use -read " + readKinds.get(0));
        }
        if (given.size() > 1) {
            throw new BenchException(ErrorCode.CONFLICTING_OPTIONS, "one operation at a time: " + String.join(" and ", given)
                    + " were given");
        }
        if (!readKinds.isEmpty() && !given.get(0).equals("-read")) {
            throw new BenchException(ErrorCode.CONFLICTING_OPTIONS, readKinds.get(0) + " is a kind of read: use -read "
                    + readKinds.get(0) + ", not " + given.get(0));
        }
        if (readKinds.size() > 1) {
            throw new BenchException(ErrorCode.CONFLICTING_OPTIONS, "one kind of read at a time: "
                    + String.join(" and ", readKinds) + " were given");
        }
        if (line.hasOption("skipSize") && !readKinds.contains("-skip")) {
            throw new BenchException(ErrorCode.CONFLICTING_OPTIONS, "-skipSize goes with -read -skip");
        }
        switch (given.get(0)) {
            case "-write":
                return DfsioOperation.WRITE;
            case "-append":
                return DfsioOperation.APPEND;
            case "-truncate":
                return DfsioOperation.TRUNCATE;
            case "-clean":
                return null;
            default:
                if (readKinds.isEmpty()) {
                    return DfsioOperation.READ;
                }
                switch (readKinds.get(0)) {
                    case "-random":
                        return DfsioOperation.RANDOM_READ;
                    case "-backward":
                        return DfsioOperation.BACKWARD_READ;
                    default:
                        return DfsioOperation.SKIP_READ;
                }
        }
    }

    /** A clean-up submits no work worth measuring: no sampler job for it. */
    @Override
    protected boolean samplesCluster(Command command) {
        return !command.isClean();
    }

    @Override
    protected ExitStatus run(Command command, ClusterSession session) throws Exception {
        TestDfsio benchmark = new TestDfsio(session.configuration(), err);
        if (command.isClean()) {
            Optional<CleanedDirectory> cleaned = benchmark.clean(command.baseDir);
            if (cleaned.isEmpty()) {
                out.println(NAME + ": nothing to clean: no " + DfsioOptions.baseDir(session.configuration(),
                        command.baseDir));
            } else {
                DfsioReport.cleanLines(cleaned.get()).forEach(line -> out.println(NAME + ": " + line));
            }
            return ExitStatus.SUCCESS;
        }
        DfsioResult result = benchmark.run(command.options);
        List<String> lines = new ArrayList<>();
        if (command.options.sequential()) {
            // Hadoop's -seq prints this one line and no result block; scripts expect just that.
            lines.add("Seq Test exec time sec: " + (float) (result.execTime().toMillis() / 1000.0));
        } else {
            lines.addAll(DfsioReport.classicLines(result, ZonedDateTime.now()));
        }
        lines.addAll(DfsioReport.hbenchLines(result));
        ExitStatus status = report(session, lines, result);
        if (!result.failures().isEmpty()) {
            err.println(NAME + ": verification failed in " + result.failures().size() + " of " + result.tasks().size()
                    + " files; first: " + result.failures().get(0));
        }
        return status;
    }
}
