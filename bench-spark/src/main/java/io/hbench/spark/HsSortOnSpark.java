package io.hbench.spark;

import io.hbench.cli.ClusterSession;
import io.hbench.error.ExitStatus;
import io.hbench.hs.HsSortOptions;
import io.hbench.hs.HsSortResult;
import io.hbench.hs.HsSortTool;
import io.hbench.hs.OutputCommitters;
import java.io.PrintStream;
import java.util.Optional;
import org.apache.spark.api.java.JavaSparkContext;

/**
 * {@code HSSort} on Spark, for {@code spark-submit --class io.hbench.spark.HsSortOnSpark bench-spark.jar}: MapReduce
 * HSSort's flags, sorted files, lines and result. Spark starts only once the flags are good.
 */
public final class HsSortOnSpark extends SparkBenchTool<HsSortOptions> {
    private static final MapReduceCommandLine<HsSortOptions> COMMAND_LINE = new MapReduceCommandLine<>(
            HsSortTool.NAME, HsSortTool.USAGE, HsSortTool.POSITIONAL_FLAGS, HsSortTool::addFlags,
            HsSortTool::parseFlags);

    public HsSortOnSpark(PrintStream out, PrintStream err) {
        this(out, err, Optional.empty());
    }

    HsSortOnSpark(PrintStream out, PrintStream err, Optional<JavaSparkContext> shared) {
        super(out, err, COMMAND_LINE, shared);
    }

    public static void main(String[] args) throws Exception {
        exitOnFailure(new HsSortOnSpark(System.out, System.err).runCommandLine(submittedConfiguration(), args));
    }

    @Override
    public String description() {
        return "TPCx-HS sort on Spark: MapReduce HSSort's split points, partitioner, key order and files";
    }

    @Override
    protected ExitStatus run(HsSortOptions options, ClusterSession session) throws Exception {
        OutputCommitters.copyNote(name(), session.configuration(), options.outputDir()).ifPresent(err::println);
        HsSortResult result = withSpark(session.configuration(),
                spark -> new SparkHsSort(spark, session.configuration()).run(options));
        return report(session, HsSortTool.lines(result), result);
    }
}
