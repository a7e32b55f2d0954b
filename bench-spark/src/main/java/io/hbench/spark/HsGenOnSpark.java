package io.hbench.spark;

import io.hbench.cli.ClusterSession;
import io.hbench.error.ExitStatus;
import io.hbench.hs.HsGenOptions;
import io.hbench.hs.HsGenResult;
import io.hbench.hs.HsGenTool;
import io.hbench.hs.OutputCommitters;
import java.io.PrintStream;
import java.util.Optional;
import org.apache.spark.api.java.JavaSparkContext;

/**
 * {@code HSGen} on Spark, for {@code spark-submit --class io.hbench.spark.HsGenOnSpark bench-spark.jar}: MapReduce
 * HSGen's flags, data, lines and result. Spark starts only once the flags are good.
 */
public final class HsGenOnSpark extends SparkBenchTool<HsGenOptions> {
    private static final MapReduceCommandLine<HsGenOptions> COMMAND_LINE = new MapReduceCommandLine<>(
            HsGenTool.NAME, HsGenTool.USAGE, HsGenTool.POSITIONAL_FLAGS, HsGenTool::addFlags, HsGenTool::parseFlags);

    public HsGenOnSpark(PrintStream out, PrintStream err) {
        this(out, err, Optional.empty());
    }

    HsGenOnSpark(PrintStream out, PrintStream err, Optional<JavaSparkContext> shared) {
        super(out, err, COMMAND_LINE, shared);
    }

    public static void main(String[] args) throws Exception {
        exitOnFailure(new HsGenOnSpark(System.out, System.err).runCommandLine(submittedConfiguration(), args));
    }

    @Override
    public String description() {
        return "TPCx-HS data generator on Spark: MapReduce HSGen's records, files and checksum";
    }

    @Override
    protected ExitStatus run(HsGenOptions options, ClusterSession session) throws Exception {
        OutputCommitters.copyNote(name(), session.configuration(), options.outputDir()).ifPresent(err::println);
        HsGenResult result = withSpark(session.configuration(),
                spark -> new SparkHsGen(spark, session.configuration()).run(options));
        return report(session, HsGenTool.lines(result), result);
    }
}
