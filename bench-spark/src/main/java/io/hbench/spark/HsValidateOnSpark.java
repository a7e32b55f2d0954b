package io.hbench.spark;

import io.hbench.cli.ClusterSession;
import io.hbench.cli.ProgramMessages;
import io.hbench.error.ExitStatus;
import io.hbench.hs.HsValidateOptions;
import io.hbench.hs.HsValidateResult;
import io.hbench.hs.HsValidateTool;
import java.io.PrintStream;
import java.util.List;
import java.util.Optional;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.spark.api.java.JavaSparkContext;

/**
 * {@code HSValidate} on Spark, for {@code spark-submit --class io.hbench.spark.HsValidateOnSpark bench-spark.jar}:
 * MapReduce HSValidate's flags, report, lines and result; exit 1 when the data are not valid. Spark starts only once
 * the flags are good.
 */
public final class HsValidateOnSpark extends SparkBenchTool<HsValidateOptions> {
    public HsValidateOnSpark(PrintStream out, PrintStream err) {
        this(out, err, Optional.empty());
    }

    HsValidateOnSpark(PrintStream out, PrintStream err, Optional<JavaSparkContext> shared) {
        super(out, err, shared);
    }

    public static void main(String[] args) throws Exception {
        exitOnFailure(new HsValidateOnSpark(System.out, System.err).runCommandLine(
                submittedConfiguration(), args));
    }

    @Override
    public String name() {
        return HsValidateTool.NAME;
    }

    @Override
    public String description() {
        return "TPCx-HS validation on Spark: MapReduce HSValidate's checks, report and lines";
    }

    @Override
    protected String usage() {
        return HsValidateTool.USAGE;
    }

    @Override
    protected void addOptions(Options options) {
        HsValidateTool.addFlags(options);
    }

    @Override
    protected List<String> positionalFlags() {
        return HsValidateTool.POSITIONAL_FLAGS;
    }

    @Override
    protected HsValidateOptions parse(CommandLine line) {
        return HsValidateTool.parseFlags(line, flag -> flagOrArgument(line, flag));
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
