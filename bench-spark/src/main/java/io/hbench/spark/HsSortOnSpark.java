package io.hbench.spark;

import io.hbench.cli.ClusterSession;
import io.hbench.error.ExitStatus;
import io.hbench.hs.HsSortOptions;
import io.hbench.hs.HsSortResult;
import io.hbench.hs.HsSortTool;
import io.hbench.hs.OutputCommitters;
import java.io.PrintStream;
import java.util.List;
import java.util.Optional;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.spark.api.java.JavaSparkContext;

/**
 * {@code HSSort} on Spark, for {@code spark-submit --class io.hbench.spark.HsSortOnSpark bench-spark.jar}: MapReduce
 * HSSort's flags, sorted files, lines and result. Spark starts only once the flags are good.
 */
public final class HsSortOnSpark extends SparkBenchTool<HsSortOptions> {
    public HsSortOnSpark(PrintStream out, PrintStream err) {
        this(out, err, Optional.empty());
    }

    HsSortOnSpark(PrintStream out, PrintStream err, Optional<JavaSparkContext> shared) {
        super(out, err, shared);
    }

    public static void main(String[] args) throws Exception {
        exitOnFailure(new HsSortOnSpark(System.out, System.err).runCommandLine(submittedConfiguration(), args));
    }

    @Override
    public String name() {
        return HsSortTool.NAME;
    }

    @Override
    public String description() {
        return "TPCx-HS sort on Spark: MapReduce HSSort's split points, partitioner, key order and files";
    }

    @Override
    protected String usage() {
        return HsSortTool.USAGE;
    }

    @Override
    protected void addOptions(Options options) {
        HsSortTool.addFlags(options);
    }

    @Override
    protected List<String> positionalFlags() {
        return HsSortTool.POSITIONAL_FLAGS;
    }

    @Override
    protected HsSortOptions parse(CommandLine line) {
        return HsSortTool.parseFlags(line, flag -> flagOrArgument(line, flag));
    }

    @Override
    protected ExitStatus run(HsSortOptions options, ClusterSession session) throws Exception {
        OutputCommitters.copyNote(name(), session.configuration(), options.outputDir()).ifPresent(err::println);
        HsSortResult result = withSpark(session.configuration(),
                spark -> new SparkHsSort(spark, session.configuration()).run(options));
        return report(session, HsSortTool.lines(result), result);
    }
}
