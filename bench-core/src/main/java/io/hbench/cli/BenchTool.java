package io.hbench.cli;

import static java.util.Objects.requireNonNull;

import io.hbench.embedded.EmbeddedCluster;
import io.hbench.environment.StoreSettings;
import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.error.ErrorKind;
import io.hbench.error.ExitStatus;
import io.hbench.error.InvalidOptionException;
import io.hbench.findings.Finding;
import io.hbench.findings.Findings;
import io.hbench.findings.LinkCapacities;
import io.hbench.fs.LocalOutput;
import io.hbench.fs.StoreFailures;
import io.hbench.resources.ClusterSampling;
import io.hbench.resources.ResourceSampling;
import io.hbench.result.BenchResult;
import io.hbench.result.Environment;
import io.hbench.result.Phase;
import io.hbench.result.ProgramResult;
import io.hbench.result.ResourceUsage;
import io.hbench.result.format.JsonResultFormat;
import io.hbench.result.format.ResourceSummaryFormat;
import io.hbench.security.KerberosFailures;
import io.hbench.security.KerberosLogin;
import io.hbench.undo.RunUndo;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.apache.commons.cli.MissingArgumentException;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.commons.cli.ParseException;
import org.apache.commons.cli.UnrecognizedOptionException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.conf.Configured;
import org.apache.hadoop.util.GenericOptionsParser;
import org.apache.hadoop.util.Tool;
import org.apache.hadoop.util.ToolRunner;

/**
 * The command-line shape of every hbench program. {@link org.apache.hadoop.util.ToolRunner} has
 * already applied the generic options ({@code -D}, {@code -conf}, {@code -fs}); this class parses
 * the program's own flags (single dash, case-insensitive as in Hadoop's tools), turns them into
 * typed options, settles who runs on a Kerberos-secured cluster ({@code -principal}, {@code -keytab}
 * or the ticket cache; see {@link KerberosLogin}), opens the cluster, runs, and maps every outcome to
 * an exit status: 0 success, 1 the benchmark found a failure, 2 bad usage or input (one line on stderr
 * and a hint, never a stack trace).
 *
 * @param <O> the program's validated options
 */
public abstract class BenchTool<O> extends Configured implements Tool, CommandLineProgram {
    /** Set {@code -D hbench.debug=true} to see the stack trace of an unexpected error. */
    public static final String DEBUG_KEY = "hbench.debug";
    /** The line before a run's findings on the console. */
    public static final String FINDINGS_HEADER = "----- Findings -----";
    /** Starts the embedded cluster on an S3 object store rather than HDFS. */
    public static final String EMBEDDED_STORE_FLAG = "embeddedStore";
    /**
     * User errors about credentials, local files or directories in use rather than the command line's shape: one line
     * says what to do, and the usage would only bury it.
     */
    private static final Set<ErrorCode> ONE_LINE_ERRORS = EnumSet.of(ErrorCode.KERBEROS_NO_TICKET,
            ErrorCode.KERBEROS_TICKET_EXPIRED, ErrorCode.KEYTAB_UNREADABLE, ErrorCode.KEYTAB_LACKS_PRINCIPAL,
            ErrorCode.KERBEROS_LOGIN_FAILED, ErrorCode.DATANODE_PRINCIPAL_REQUIRED, ErrorCode.OUTPUT_NOT_WRITABLE,
            ErrorCode.OUTPUT_NOT_HBENCH, ErrorCode.EMBEDDED_DIRECTORY_IN_USE);

    private static final Pattern NEGATIVE_NUMBER = Pattern.compile("-\\d+(\\.\\d*)?");

    protected final PrintStream out;
    protected final PrintStream err;
    // Set for each run from its command line; a tool runs one command at a time.
    private List<String> givenArguments;
    private List<String> commandLine = List.of();
    private Optional<ClusterSampling> clusterSampling = Optional.empty();
    private Optional<LocalOutput> jsonFile = Optional.empty();
    private Optional<LocalOutput> resultFile = Optional.empty();
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
     * The flags of the options the library names otherwise ({@code compressionCodec} is {@code -compression}), for
     * messages; every other option {@code o} is {@code -o}. None by default.
     */
    protected Map<String, String> flagNames() {
        return Map.of();
    }

    private String flagOf(String option) {
        return flagNames().getOrDefault(option, "-" + option);
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
            return parse(parseLine(allOptions(), programArgs));
        } catch (InvalidOptionException e) {
            // A builder names its options as the library does; a run names them by their flags, so must this.
            throw new IllegalArgumentException(e.messageNaming(this::flagOf), e);
        } finally {
            setConf(before);
        }
    }

    /**
     * Prints the result lines, appends them to the {@code -resFile} file if the program takes one, prints the
     * resource summary and the run's findings (slow hosts, what limited it) after them (on the console only: scripts
     * parse the file's lines) and writes the result as JSON if {@code -json} asked for it.
     */
    protected final void report(ClusterSession session, List<String> lines, ProgramResult result)
            throws IOException, InterruptedException {
        lines.forEach(out::println);
        if (resultFile.isPresent()) {
            resultFile.get().append(lines);
        }
        Environment environment = session.environment(commandLine);
        BenchResult benchResult = result.toBenchResult(environment);
        Environment withStore = StoreSettings.record(environment, session.configuration(),
                benchResult.locations().values());
        if (!withStore.equals(environment)) {
            benchResult = result.toBenchResult(withStore);
        }
        if (clusterSampling.isPresent()) {
            // The run's jobs have ended: the window closes here, and what it saw replaces the tasks' own sampling.
            List<Phase> phases = benchResult.resources().map(ResourceUsage::phases).orElse(List.of());
            try {
                benchResult = benchResult.withResources(clusterSampling.get().stop(phases, benchResult.taskHosts()
                        .keySet()));
            } catch (IOException e) {
                if (!RunUndo.stopping()) {
                    err.println("hbench: resource sampler: lost what it sampled (" + e.getMessage() + "); the figures"
                            + " are the run's tasks' own");
                }
            }
            clusterSampling = Optional.empty();
        }
        BenchResult printed = benchResult;
        printed.resources().ifPresent(usage -> ResourceSummaryFormat.lines(usage, printed.start(), printed.end())
                .forEach(out::println));
        List<Finding> findings = Findings.of(benchResult, LinkCapacities.none());
        if (!findings.isEmpty()) {
            out.println();
            out.println(FINDINGS_HEADER);
            findings.forEach(out::println);
        }
        if (jsonFile.isPresent()) {
            BenchResult written = benchResult;
            jsonFile.get().write(writer -> new JsonResultFormat().write(written, writer));
        }
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
            CommandLine line = parseLine(options, args);
            if (line.hasOption("help")) {
                printHelp(options);
                return ExitStatus.SUCCESS.code();
            }
            if (line.hasOption("noResources")) {
                ResourceSampling.disable(getConf());
            }
            if (line.hasOption(LinkCapacities.LINK_SPEED_FLAG)) {
                // Checked here; the findings read it from the result's command line, as a report does.
                FlagValues.hostRates("-" + LinkCapacities.LINK_SPEED_FLAG,
                        line.getOptionValue(LinkCapacities.LINK_SPEED_FLAG));
            }
            checkResourceInterval();
            O parsed = parse(line);
            checkOutputs(line, parsed);
            ClusterSession.EmbeddedMode mode = embeddedMode(line, parsed);
            Path embeddedDir = line.hasOption("embeddedDir")
                    ? Paths.get(line.getOptionValue("embeddedDir")) : EmbeddedCluster.defaultDirectory();
            EmbeddedCluster.Storage storage = line.hasOption(EMBEDDED_STORE_FLAG) ? EmbeddedCluster.Storage.S3
                    : EmbeddedCluster.Storage.HDFS;
            Optional<KerberosLogin.Keytab> keytab = keytab(line);
            boolean logsIn = callsTheCluster(parsed) || keytab.isPresent();
            if (logsIn) {
                ClusterSession.refuseEmbeddedWhenSecured(getConf(), mode);
            }
            try (KerberosLogin login = logsIn ? KerberosLogin.forRun(getConf(), keytab) : KerberosLogin.none()) {
                return login.call(() -> runOnCluster(parsed, mode, embeddedDir, storage));
            }
        } catch (Exception e) {
            // Once stopped by a signal, the run's failures are the stop's doing: the hook says what happened.
            return interruption.stopStatus().map(ExitStatus::code).orElseGet(() -> failed(e));
        }
    }

    /** The exit status of a run that failed with {@code thrown}, said in one line (a stack trace only for a bug). */
    private int failed(Exception thrown) {
        try {
            throw thrown;
        } catch (InvalidOptionException e) {
            // Refused by the options' builder, or by their resolution against the cluster once the program runs.
            return userError(e.messageNaming(this::flagOf));
        } catch (IllegalArgumentException e) {
            if (e.getCause() instanceof UnknownHostException) {
                // Hadoop's clients wrap a host name that does not resolve (a typo in fs.defaultFS, say) so.
                err.println(name() + ": cannot resolve the host name " + e.getCause().getMessage()
                        + " (check fs.defaultFS, -fs and the cluster's configuration)");
                return ErrorCode.CLUSTER_UNAVAILABLE.kind().exitStatus().code();
            }
            if (running) {
                // Not the user's input but a bug or bad data met while running: exit 1, as any other.
                return internalError(e);
            }
            return userError(e.getMessage());
        } catch (BenchException e) {
            if (e.errorCode().kind() == ErrorKind.USER_ERROR && !ONE_LINE_ERRORS.contains(e.errorCode())) {
                return userError(e.getMessage());
            }
            return oneLine(e);
        } catch (IOException e) {
            Optional<BenchException> credentials = credentialFailure(e);
            if (credentials.isPresent()) {
                return oneLine(credentials.get());
            }
            ProgramMessages.error(err, name(), describe(e));
            debugTrace(e);
            return ExitStatus.FAILURE.code();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println(name() + ": interrupted");
            return ExitStatus.FAILURE.code();
        } catch (Exception e) {
            return internalError(e);
        }
    }

    private int runOnCluster(O parsed, ClusterSession.EmbeddedMode mode, Path embeddedDir,
            EmbeddedCluster.Storage storage) throws Exception {
        try (ClusterSession session = ClusterSession.open(getConf(), mode, embeddedDir, storage, err)) {
            running = true;
            clusterSampling = samplesCluster(parsed) ? ClusterSampling.start(session.configuration(), err)
                    : Optional.empty();
            try {
                return run(parsed, session).code();
            } finally {
                clusterSampling.ifPresent(ClusterSampling::close);
                clusterSampling = Optional.empty();
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

    /** {@code -principal} and {@code -keytab}: both or neither. */
    private static Optional<KerberosLogin.Keytab> keytab(CommandLine line) {
        String principal = line.getOptionValue("principal");
        String keytab = line.getOptionValue("keytab");
        if (principal == null && keytab == null) {
            return Optional.empty();
        }
        if (keytab == null) {
            throw new BenchException(ErrorCode.MISSING_OPTION, "-principal needs -keytab: give the keytab that holds "
                    + principal + "'s key, or leave both out to use the ticket cache (kinit)");
        }
        if (principal == null) {
            throw new BenchException(ErrorCode.MISSING_OPTION, "-keytab needs -principal: give the principal to log in"
                    + " as (klist -kt " + keytab + " lists the keytab's), or leave both out to use the ticket cache"
                    + " (kinit)");
        }
        return Optional.of(new KerberosLogin.Keytab(principal, Paths.get(keytab)));
    }

    /** A failure whose cause is Kerberos or an object store's credentials, said in one line; empty for the rest. */
    private static Optional<BenchException> credentialFailure(Throwable e) {
        Optional<BenchException> kerberos = KerberosFailures.whileRunning(e);
        return kerberos.isPresent() ? kerberos : StoreFailures.whileRunning(e);
    }

    private int oneLine(BenchException e) {
        ProgramMessages.error(err, name(), e.getMessage());
        debugTrace(e);
        return e.exitStatus().code();
    }

    private int internalError(Exception e) {
        // Hadoop's clients throw some authentication failures unchecked ("Failed to specify server's Kerberos
        // principal name"); those are the user's to fix, not a bug.
        Optional<BenchException> credentials = credentialFailure(e);
        if (credentials.isPresent()) {
            return oneLine(credentials.get());
        }
        err.println(name() + ": internal error: " + describe(e)
                + (debug() ? "" : " (rerun with -D " + DEBUG_KEY + "=true for details)"));
        debugTrace(e);
        return ExitStatus.FAILURE.code();
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
        if (resultFileKind().isPresent()) {
            options.addOption(Option.builder("resFile").hasArg().argName("file")
                    .desc("local file the result lines are appended to"
                            + defaultResultFile().map(file -> " (default " + file + ")").orElse("")).build());
        }
        options.addOption(Option.builder("json").hasArg().argName("file")
                .desc("also write the full result, with its environment, as JSON to this local file").build());
        options.addOption(Option.builder(LocalOutput.OVERWRITE_FLAG)
                .desc(resultFileKind().isPresent() ? "write to an existing -json or -resFile file that hbench did not write"
                        + " (-json replaces it, -resFile appends to it); hbench's own are written without it"
                        : "replace an existing -json file that hbench did not write; its own results are replaced"
                        + " without it").build());
        options.addOption(Option.builder("principal").hasArg().argName("principal")
                .desc("on a Kerberos-secured cluster, log in as this principal (with -keytab) instead of using the"
                        + " ticket cache (kinit); _HOST stands for this host's name").build());
        options.addOption(Option.builder("keytab").hasArg().argName("file")
                .desc("the keytab holding -principal's key").build());
        options.addOption(Option.builder("noResources")
                .desc("do not sample the hosts' CPU, memory, network and disks while the tasks run").build());
        options.addOption(Option.builder(LinkCapacities.LINK_SPEED_FLAG).hasArg().argName("host=rate")
                .desc("each host's link capacity (20Mbit, 1Gbit, 10Gbit), where neither its NIC nor EBB tells it: the"
                        + " findings hold the host's traffic to it").build());
        options.addOption(Option.builder("embedded").desc("run on an embedded cluster even if one is configured").build());
        options.addOption(Option.builder(EMBEDDED_STORE_FLAG).desc("run on an embedded cluster whose file system is an S3"
                + " object store (S3Proxy, reached through S3A) rather than HDFS; implies -embedded").build());
        options.addOption(Option.builder("noEmbedded")
                .desc("never start an embedded cluster; use the configured file system, even file:///").build());
        options.addOption(Option.builder("embeddedDir").hasArg().argName("dir")
                .desc("storage of the embedded cluster (default " + EmbeddedCluster.defaultDirectory() + ")").build());
        options.addOption(Option.builder("help").desc("print this help").build());
        return options;
    }

    private CommandLine parseLine(Options options, String[] given) {
        String[] args = normalizeCase(options, given);
        try {
            CommandLine line = DefaultParser.builder().setAllowPartialMatching(false).build().parse(options, args);
            List<String> rest = line.getArgList();
            if (rest.size() > positionalFlags().size()) {
                throw new BenchException(ErrorCode.UNKNOWN_OPTION,
                        "unexpected argument '" + rest.get(positionalFlags().size()) + "'");
            }
            for (int i = 0; i < rest.size(); i++) {
                String flag = positionalFlags().get(i);
                if (line.hasOption(flag)) {
                    throw new BenchException(ErrorCode.CONFLICTING_OPTIONS, "'" + rest.get(i) + "' and -" + flag
                            + " both give the " + flag + ": give one");
                }
            }
            return line;
        } catch (UnrecognizedOptionException e) {
            throw negativePositional(options, args, e.getOption())
                    .orElseGet(() -> new BenchException(ErrorCode.UNKNOWN_OPTION, ProgramMessages.unknownOption(e)));
        } catch (MissingArgumentException e) {
            throw new BenchException(ErrorCode.MISSING_OPTION, ProgramMessages.missingValue(e));
        } catch (ParseException e) {
            throw new BenchException(ErrorCode.INVALID_ARGUMENT, e.getMessage());
        }
    }

    /**
     * The parser takes a negative number where a positional argument stands ({@code RandBench -5 10 10}) for an
     * unknown option; no positional argument of a program may be negative, so that is said of the argument it is.
     */
    private Optional<BenchException> negativePositional(Options options, String[] args, String token) {
        if (positionalFlags().isEmpty() || !NEGATIVE_NUMBER.matcher(token).matches()) {
            return Optional.empty();
        }
        int positional = 0;
        for (int i = 0; i < args.length && !args[i].equals(token); i++) {
            Option option = args[i].startsWith("-") ? options.getOption(args[i].substring(1)) : null;
            if (option == null) {
                positional++;
            } else if (option.hasArg()) {
                i++;
            }
        }
        return Optional.of(positional < positionalFlags().size()
                ? new BenchException(ErrorCode.INVALID_ARGUMENT, "<" + positionalFlags().get(positional) + "> '" + token
                        + "' cannot be negative")
                : new BenchException(ErrorCode.UNKNOWN_OPTION, "unexpected argument '" + token + "'"));
    }

    /** Hadoop's tools accept {@code -nrfiles} for {@code -nrFiles}; so do hbench's programs and bench-perf's. */
    public static String[] normalizeCase(Options options, String[] args) {
        Map<String, String> byLowerCase = new HashMap<>();
        for (Option option : options.getOptions()) {
            byLowerCase.put(option.getOpt().toLowerCase(Locale.ROOT), option.getOpt());
        }
        String[] normalized = args.clone();
        for (int i = 0; i < normalized.length; i++) {
            String arg = normalized[i];
            if (arg.startsWith("-") && arg.length() > 1) {
                String canonical = byLowerCase.get(arg.substring(1).toLowerCase(Locale.ROOT));
                if (canonical != null) {
                    normalized[i] = "-" + canonical;
                }
            }
        }
        return normalized;
    }

    private ClusterSession.EmbeddedMode embeddedMode(CommandLine line, O parsed) {
        for (String embedded : List.of("embedded", EMBEDDED_STORE_FLAG)) {
            if (line.hasOption(embedded) && line.hasOption("noEmbedded")) {
                throw new BenchException(ErrorCode.CONFLICTING_OPTIONS, "-" + embedded + " and -noEmbedded exclude each"
                        + " other");
            }
        }
        if (line.hasOption("embedded") || line.hasOption(EMBEDDED_STORE_FLAG)) {
            return ClusterSession.EmbeddedMode.FORCE;
        }
        return line.hasOption("noEmbedded") || !startsEmbeddedClusterWhenNoneIsConfigured(parsed)
                ? ClusterSession.EmbeddedMode.REFUSE : ClusterSession.EmbeddedMode.AUTO;
    }

    private int userError(String message) {
        return ProgramMessages.usageError(err, name(), usage(), message);
    }

    private void printHelp(Options options) {
        ProgramMessages.printHelp(out, usage(), options, "",
                "Generic Hadoop options (-D key=value, -conf file, -fs uri, ...) go before the program's own.");
    }

    private static String describe(Throwable e) {
        String message = e.getMessage();
        String first = message == null ? e.getClass().getSimpleName() : message.lines().findFirst().orElse("");
        return first;
    }

    private boolean debug() {
        return getConf() != null && getConf().getBoolean(DEBUG_KEY, false);
    }

    private void debugTrace(Throwable e) {
        if (debug()) {
            StringWriter trace = new StringWriter();
            e.printStackTrace(new PrintWriter(trace));
            err.print(trace);
        }
    }
}
