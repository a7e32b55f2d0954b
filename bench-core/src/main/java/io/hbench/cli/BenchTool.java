package io.hbench.cli;

import static java.util.Objects.requireNonNull;

import io.hbench.embedded.EmbeddedCluster;
import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.error.ExitStatus;
import io.hbench.error.InvalidOptionException;
import io.hbench.findings.LinkCapacities;
import io.hbench.fs.LocalOutput;
import io.hbench.fs.RunLeftovers;
import io.hbench.fs.StoreCheck;
import io.hbench.resources.ClusterSampling;
import io.hbench.resources.ResourceSampling;
import io.hbench.result.ProgramResult;
import io.hbench.security.KerberosLogin;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.conf.Configured;
import org.apache.hadoop.util.GenericOptionsParser;
import org.apache.hadoop.util.Tool;
import org.apache.hadoop.util.ToolRunner;

/**
 * The run of every benchmark program. {@link org.apache.hadoop.util.ToolRunner} has already applied the generic
 * options ({@code -D}, {@code -conf}, {@code -fs}); this class reads the program's own flags and the common ones
 * ({@link CommonFlags}) with {@link FlagParser} and turns them into typed options, checks the local outputs, settles
 * who runs on a Kerberos-secured cluster ({@code -principal}, {@code -keytab} or the ticket cache; see
 * {@link KerberosLogin}), opens the cluster and runs.
 * The program hands its result to {@link #report}, whose outcome is its exit status ({@link ResultPublisher}); what it
 * throws, {@link ExitMapping} says in one line and maps to an exit status.
 *
 * @param <O> the program's validated options
 */
public abstract class BenchTool<O> extends Configured implements Tool, CommandLineProgram {
    /** Starts the embedded cluster on an S3 object store rather than HDFS. */
    public static final String EMBEDDED_STORE_FLAG = "embeddedStore";

    protected final PrintStream out;
    protected final PrintStream err;
    // Set for each run from its command line; a tool runs one command at a time.
    private List<String> givenArguments;
    private List<String> commandLine = List.of();
    private Optional<LocalOutput> jsonFile = Optional.empty();
    private Optional<LocalOutput> resultFile = Optional.empty();
    /** The running program's; none before it runs. */
    private Optional<ResultPublisher> publisher = Optional.empty();
    /** Whether the program itself has started: from then on a bad argument is a bug or bad data, not bad usage. */
    private boolean running;

    protected BenchTool(PrintStream out, PrintStream err) {
        this.out = requireNonNull(out, "out is null");
        this.err = requireNonNull(err, "err is null");
    }

    /** The program name, as in the driver and in Hadoop's tool. */
    @Override
    public abstract String name();

    @Override
    public abstract String description();

    /** The classic usage line, after "Usage: ". */
    protected abstract String usage();

    /** Adds the program's own flags. */
    protected abstract void addOptions(Options options);

    /**
     * Turns the command line into validated options, with no side effect. Bad input throws
     * {@link IllegalArgumentException} or a {@link BenchException} of kind USER_ERROR whose message
     * names the flag.
     */
    protected abstract O parse(CommandLine line);

    /**
     * The flags that the program's positional arguments stand for, in order, for programs whose
     * original takes positional arguments (TeraGen's {@code <rows> <output dir>}); none by default.
     * {@link #parse} reads a flag's value with {@link #flagOrArgument}.
     */
    protected List<String> positionalFlags() {
        return List.of();
    }

    /** The value of {@code flag}, given as the flag or as its positional argument; null if neither. */
    protected final String flagOrArgument(CommandLine line, String flag) {
        int index = positionalFlags().indexOf(flag);
        if (index >= 0 && index < line.getArgList().size()) {
            return line.getArgList().get(index);
        }
        return line.getOptionValue(flag);
    }

    /**
     * How the command line names the options the library names otherwise ({@code compressionCodec} is
     * {@code -compression}), for messages; every other option {@code o} is {@code -o}. None by default.
     */
    protected FlagNames flagNames() {
        return FlagNames.SAME;
    }

    /**
     * Whether this run of the program starts an embedded cluster when no cluster is configured. A
     * program that has its own way to run alone (NNThroughputBenchmark starts just a NameNode, a BSP
     * program with {@code -listen} waits for peers started by hand) says no; {@code -embedded} still
     * forces one.
     */
    protected boolean startsEmbeddedClusterWhenNoneIsConfigured(O options) {
        return true;
    }

    /**
     * Whether this run of the program calls the cluster, and so must settle its Kerberos login before it starts; yes by
     * default. A program that never calls Hadoop (a BSP peer started by hand) says no, so that it needs no ticket.
     */
    protected boolean callsTheCluster(O options) {
        return true;
    }

    /**
     * What the program appends its result lines to a local file as, when it takes {@code -resFile} as Hadoop's TestDFSIO
     * does; empty by default: no {@code -resFile}.
     */
    protected Optional<LocalOutput.Kind> resultFileKind() {
        return Optional.empty();
    }

    /** The file {@code -resFile} defaults to, or empty if lines are appended only when {@code -resFile} is given. */
    protected Optional<String> defaultResultFile() {
        return Optional.empty();
    }

    /**
     * Whether this run appends result lines to the {@code -resFile} file, for a program that {@linkplain
     * #resultFileKind takes one}; yes by default. A run that prints no result (TestDFSIO's {@code -clean}) says no, so
     * its result file is neither checked nor touched.
     */
    protected boolean appendsResultLines(O options) {
        return true;
    }

    /**
     * Runs the program; returns its exit status. A program that produced a result hands it to {@link #report} once.
     */
    protected abstract ExitStatus run(O options, ClusterSession session) throws Exception;

    /**
     * Runs this program as {@code hadoop jar} does, with the generic options still in {@code args}; the command line
     * recorded in results is the program's name and these arguments, exactly as given.
     */
    @Override
    public final int runCommandLine(Configuration conf, String[] args) throws Exception {
        givenArguments = List.of(args);
        try {
            return ToolRunner.run(conf, this, args);
        } finally {
            givenArguments = null;
        }
    }

    /**
     * Parses {@code args}, generic options first as {@link #runCommandLine} takes them, into the program's options
     * exactly as a run does, and does nothing else: no login, no cluster, no output checked or written. For command
     * lines that hbench builds for its programs (Suite's steps), so that a test can hold them to each program's parser.
     *
     * @throws BenchException or IllegalArgumentException with the one line a run would print
     */
    public final O parseOnly(Configuration conf, String... args) throws IOException {
        Configuration own = new Configuration(conf);
        String[] programArgs = new GenericOptionsParser(own, args).getRemainingArgs();
        Configuration before = getConf();
        setConf(own);
        try {
            return parse(FlagParser.parse(allOptions(), programArgs, positionalFlags()));
        } catch (InvalidOptionException e) {
            // A builder names its options as the library does; a run names them by their flags, so must this.
            throw new IllegalArgumentException(e.messageNaming(flagNames()::flagOf), e);
        } finally {
            setConf(before);
        }
    }

    /**
     * Publishes the run's result ({@link ResultPublisher}): its classic lines, then the resource summary, the findings
     * and the JSON file; returns the exit status the result's outcome gives, which the program returns.
     */
    protected final ExitStatus report(ClusterSession session, List<String> lines, ProgramResult result)
            throws IOException, InterruptedException {
        return publisher.orElseThrow(() -> new IllegalStateException("no run to report")).publish(session, lines,
                result);
    }

    /**
     * Runs the program with the run's shutdown hook installed ({@link InterruptHook}): stopped by a signal, the program
     * exits with 128 + its number, and what it made on the cluster is undone.
     */
    @Override
    public final int run(String[] args) {
        try (InterruptHook interruption = InterruptHook.install(err, debug())) {
            int status = runProgram(args, interruption);
            return interruption.stopStatus().map(ExitStatus::code).orElse(status);
        }
    }

    private int runProgram(String[] args, InterruptHook interruption) {
        running = false;
        HadoopLog hadoopLog = HadoopLog.AS_CONFIGURED;
        jsonFile = Optional.empty();
        resultFile = Optional.empty();
        commandLine = new ArrayList<>();
        commandLine.add(name());
        commandLine.addAll(CommandLineRedaction.redact(givenArguments != null ? givenArguments : List.of(args),
                getConf()));
        try {
            Options options = allOptions();
            if (args.length == 0) {
                throw new BenchException(ErrorCode.MISSING_OPTION, "missing arguments");
            }
            CommandLine line = FlagParser.parse(options, args, positionalFlags());
            if (line.hasOption("help")) {
                printHelp(options);
                return ExitStatus.SUCCESS.code();
            }
            if (!line.hasOption(HadoopLog.VERBOSE_FLAG) && logsHadoopToAFile()) {
                hadoopLog = HadoopLog.toFile(HadoopLog.directory(), name(), err);
            }
            if (line.hasOption("noResources")) {
                ResourceSampling.disable(getConf());
            }
            if (line.hasOption(CommonFlags.NO_STORE_CHECK_FLAG)) {
                StoreCheck.disable(getConf());
            }
            if (line.hasOption(LinkCapacities.LINK_SPEED_FLAG)) {
                // Checked here; the findings read it from the result's command line, as a report does.
                FlagValues.hostRates("-" + LinkCapacities.LINK_SPEED_FLAG,
                        line.getOptionValue(LinkCapacities.LINK_SPEED_FLAG));
            }
            checkResourceInterval();
            O parsed = parse(line);
            checkOutputs(line, parsed);
            ClusterSession.EmbeddedMode mode = CommonFlags.embeddedMode(line,
                    startsEmbeddedClusterWhenNoneIsConfigured(parsed));
            Path embeddedDir = CommonFlags.embeddedDir(line);
            EmbeddedCluster.Storage storage = CommonFlags.embeddedStorage(line);
            Optional<KerberosLogin.Keytab> keytab = CommonFlags.keytab(line);
            boolean logsIn = callsTheCluster(parsed) || keytab.isPresent();
            if (logsIn) {
                ClusterSession.refuseEmbeddedWhenSecured(getConf(), mode);
            }
            int status;
            try (KerberosLogin login = logsIn ? KerberosLogin.forRun(getConf(), keytab) : KerberosLogin.none()) {
                status = login.call(() -> runOnCluster(parsed, mode, embeddedDir, storage));
            }
            hadoopLog.warningsLine().ifPresent(err::println);
            return status;
        } catch (Exception e) {
            // Once stopped by a signal, the run's failures are the stop's doing: the hook says what happened.
            Optional<Path> logged = hadoopLog.fileWithWarnings();
            return interruption.stopStatus().map(ExitStatus::code).orElseGet(() -> new ExitMapping(name(), err,
                    flagNames(), debug()).namingHadoopLog(logged).statusOf(e, running));
        } finally {
            hadoopLog.close();
        }
    }

    /**
     * Whether a run sends Hadoop's log to a file of its own ({@link HadoopLog}) unless {@code -verbose}: yes by
     * default; a program whose log is another framework's to direct says no.
     */
    protected boolean logsHadoopToAFile() {
        return true;
    }

    private int runOnCluster(O parsed, ClusterSession.EmbeddedMode mode, Path embeddedDir,
            EmbeddedCluster.Storage storage) throws Exception {
        try (ClusterSession session = ClusterSession.open(getConf(), mode, embeddedDir, storage, err)) {
            running = true;
            // What an earlier run in this JVM left is in its own result, not this one's.
            RunLeftovers.take();
            Optional<ClusterSampling> clusterSampling = samplesCluster(parsed)
                    ? ClusterSampling.start(session.configuration(), err) : Optional.empty();
            publisher = Optional.of(new ResultPublisher(out, err, commandLine, resultFile, jsonFile, clusterSampling));
            try {
                return run(parsed, session).code();
            } finally {
                clusterSampling.ifPresent(ClusterSampling::close);
                publisher = Optional.empty();
            }
        }
    }

    /**
     * Whether a run samples every host of the cluster for its whole length ({@link ClusterSampling}): whenever it calls
     * the cluster, so that a program that never does (a BSP peer started by hand, whose coordinator's run samples it)
     * starts nothing there; programs that submit no work worth measuring (TestDFSIO -clean) say no too.
     */
    protected boolean samplesCluster(O options) {
        return callsTheCluster(options);
    }

    /**
     * Checks {@code -json} and the result lines' file before anything logs in, starts or is submitted: a result that
     * cannot be written is found in a second, not after an hour of cluster time.
     */
    private void checkOutputs(CommandLine line, O parsed) {
        boolean overwrite = line.hasOption(LocalOutput.OVERWRITE_FLAG);
        jsonFile = Optional.ofNullable(line.getOptionValue("json")).map(file -> FlagValues.outputFile("-json", file,
                LocalOutput.Kind.RESULT_JSON, overwrite));
        Optional<LocalOutput.Kind> linesKind = resultFileKind().filter(kind -> appendsResultLines(parsed));
        resultFile = linesKind.flatMap(kind -> Optional.ofNullable(line.getOptionValue("resFile",
                defaultResultFile().orElse(null))).map(file -> FlagValues.outputFile("-resFile", file, kind,
                overwrite)));
    }

    /** A mistyped -D hbench.resources.interval is the user's to fix before anything runs. */
    private void checkResourceInterval() {
        try {
            ResourceSampling.interval(getConf());
        } catch (IllegalArgumentException e) {
            throw new BenchException(ErrorCode.INVALID_ARGUMENT, e.getMessage());
        }
    }

    private Options allOptions() {
        Options options = new Options();
        addOptions(options);
        CommonFlags.addTo(options, resultFileKind(), defaultResultFile());
        return options;
    }

    private void printHelp(Options options) {
        ProgramMessages.printHelp(out, usage(), options, "",
                "Generic Hadoop options (-D key=value, -conf file, -fs uri, ...) go before the program's own.");
    }

    private boolean debug() {
        return getConf() != null && getConf().getBoolean(ExitMapping.DEBUG_KEY, false);
    }
}
