package io.hbench.spark;

import io.hbench.cli.ClusterSession;
import io.hbench.cli.ProgramMessages;
import io.hbench.error.ExitStatus;
import io.hbench.hs.HsValidateOptions;
import io.hbench.hs.HsValidateResult;
import io.hbench.hs.HsValidateTool;
import java.io.PrintStream;
import java.util.Optional;
import org.apache.spark.api.java.JavaSparkContext;

/**
 * {@code HSValidate} on Spark, for {@code spark-submit --class io.hbench.spark.HsValidateOnSpark bench-spark.jar}:
 * MapReduce HSValidate's flags, report, lines and result; exit 1 when the data are not valid. Spark starts only once
 * the flags are good.
 */
public final class HsValidateOnSpark extends SparkBenchTool<HsValidateOptions> {
    private static final MapReduceCommandLine<HsValidateOptions> COMMAND_LINE = new MapReduceCommandLine<>(
            HsValidateTool.NAME, HsValidateTool.USAGE, HsValidateTool.POSITIONAL_FLAGS, HsValidateTool::addFlags,
            HsValidateTool::parseFlags);

    public HsValidateOnSpark(PrintStream out, PrintStream err) {
        this(out, err, Optional.empty());
    }

    HsValidateOnSpark(PrintStream out, PrintStream err, Optional<JavaSparkContext> shared) {
        super(out, err, COMMAND_LINE, shared);
    }

    public static void main(String[] args) throws Exception {
        exitOnFailure(new HsValidateOnSpark(System.out, System.err).runCommandLine(
                submittedConfiguration(), args));
    }

    @Override
    public String description() {
        return "TPCx-HS validation on Spark: MapReduce HSValidate's checks, report and lines";
    }

    @Override
    protected ExitStatus run(HsValidateOptions options, ClusterSession session) throws Exception {
        HsValidateResult result = withSpark(session.configuration(),
                spark -> new SparkHsValidate(spark, session.configuration()).run(options));
        ExitStatus status = report(session, HsValidateTool.lines(result), result);
        HsValidateTool.verdict(result).ifPresent(message -> ProgramMessages.error(err, name(), message));
        return status;
    }
}
