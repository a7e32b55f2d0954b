package io.hbench.metadata;

import io.hbench.cli.BenchTool;
import io.hbench.cli.ClusterSession;
import io.hbench.cli.FlagParser;
import io.hbench.cli.FlagValues;
import io.hbench.cli.ProgramMessages;
import io.hbench.cli.RateFlags;
import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.error.ExitStatus;
import io.hbench.namenode.FailoverFlag;
import io.hbench.namenode.NameserviceRecord;
import io.hbench.namenode.NameserviceWatch;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * {@code FsMetadata} on the command line: flags in NNThroughputBenchmark's style, its result block per operation,
 * then hbench's lines. With no cluster configured and a {@code -baseDir} on the default file system, it measures an
 * embedded cluster's (HDFS, or with {@code -embeddedStore} an S3 object store); a {@code -baseDir} URI names the file
 * system to measure, and no cluster is started for it.
 */
public final class FsMetadataTool extends BenchTool<FsMetadataOptions> {
    public static final String NAME = "FsMetadata";

    public FsMetadataTool(PrintStream out, PrintStream err) {
        super(out, err);
    }

    public static void main(String[] args) throws Exception {
        System.exit(new FsMetadataTool(System.out, System.err).runCommandLine(new Configuration(), args));
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "metadata operations per second and their latency through the FileSystem API, on any file system"
                + " (HDFS, S3A, ...)";
    }

    @Override
    protected String usage() {
        return NAME + " [genericOptions] -op " + FsOperation.labels("|") + " [-threads T] [-files N] [-filesPerDir P]"
                + " [-baseDir dir] [-keepResults] " + RateFlags.USAGE + " " + FailoverFlag.USAGE + " [-json file]";
    }

    @Override
    protected void addOptions(Options options) {
        options.addOption(FlagParser.valued("op", "operation", "the operation: "
                + FsOperation.labels(" ")));
        options.addOption(FlagParser.valued("threads", "T", "worker threads (default 3)"));
        options.addOption(FlagParser.valued("files", "N", "names each operation works on: files"
                + " created, opened, ..., directories made (default 10)"));
        options.addOption(FlagParser.valued("filesPerDir", "P", "names per directory (default 4)"));
        options.addOption(FlagParser.valued("baseDir", "dir", "base directory, a path on the"
                + " default file system or a URI such as s3a://bucket/dir (default " + FsMetadataOptions.DEFAULT_BASE_DIR
                + "); each operation works in dir/<op>"));
        options.addOption(FlagParser.present("keepResults", "keep what each operation made"));
        RateFlags.addTo(options);
        FailoverFlag.addTo(options);
    }

    @Override
    protected FsMetadataOptions parse(CommandLine line) {
        if (!line.hasOption("op")) {
            throw new BenchException(ErrorCode.MISSING_OPTION, "no -op: give one of " + FsOperation.labels(" "));
        }
        String label = line.getOptionValue("op");
        FsOperation operation = FsOperation.byLabel(label).orElseThrow(() -> new BenchException(
                ErrorCode.INVALID_ARGUMENT, "-op " + label + " is not an operation: give one of "
                        + FsOperation.labels(" ")));
        FsMetadataOptions.Builder options = FsMetadataOptions.builder(operation)
                .keepResults(line.hasOption("keepResults"));
        if (line.hasOption("threads")) {
            options.threads(FlagValues.wholeNumber("-threads", line.getOptionValue("threads")));
        }
        if (line.hasOption("files")) {
            options.files(FlagValues.wholeNumber("-files", line.getOptionValue("files")));
        }
        if (line.hasOption("filesPerDir")) {
            options.filesPerDir(FlagValues.wholeNumber("-filesPerDir", line.getOptionValue("filesPerDir")));
        }
        if (line.hasOption("baseDir")) {
            options.baseDir(line.getOptionValue("baseDir"));
        }
        if (line.hasOption("rate")) {
            options.rate(RateFlags.rate("-rate", line.getOptionValue("rate")));
        }
        if (line.hasOption("arrivals")) {
            options.arrivals(RateFlags.arrivals("-arrivals", line.getOptionValue("arrivals")));
        }
        if (line.hasOption("seed")) {
            options.seed(RateFlags.seed("-seed", line.getOptionValue("seed")));
        }
        RateFlags.drawnSeed(line).ifPresent(options::seed);
        FailoverFlag.failoverAt(line).ifPresent(options::failoverAt);
        FsMetadataOptions parsed = options.build();
        NameserviceWatch.check(NameserviceWatch.fileSystem(parsed.baseDir(), getConf()), getConf(),
                parsed.failoverAt());
        return parsed;
    }

    /** A {@code -baseDir} URI names the file system to measure: no embedded cluster stands in for it. */
    @Override
    protected boolean startsEmbeddedClusterWhenNoneIsConfigured(FsMetadataOptions options) {
        return new Path(options.baseDir()).toUri().getScheme() == null;
    }

    @Override
    protected ExitStatus run(FsMetadataOptions options, ClusterSession session) throws Exception {
        Configuration conf = session.configuration();
        FsMetadataResult result;
        try (NameserviceWatch watch = NameserviceWatch.start(NameserviceWatch.fileSystem(options.baseDir(), conf),
                conf, options.failoverAt())) {
            FsMetadataResult run = new FsMetadata(conf).run(options);
            Optional<NameserviceRecord> nameservice = watch.finish();
            result = nameservice.map(run::withNameservice).orElse(run);
        }
        List<String> lines = new ArrayList<>(FsMetadataReport.classicLines(result));
        lines.addAll(FsMetadataReport.hbenchLines(result));
        result.nameservice().ifPresent(record -> lines.addAll(record.lines()));
        ExitStatus status = report(session, lines, result);
        result.failures().forEach(failure -> ProgramMessages.error(err, NAME, failure));
        return status;
    }
}
