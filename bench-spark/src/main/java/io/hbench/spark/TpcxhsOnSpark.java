package io.hbench.spark;

import io.hbench.cli.ClusterSession;
import io.hbench.error.ExitStatus;
import io.hbench.hs.OutputCommitters;
import io.hbench.hs.Tpcxhs;
import io.hbench.hs.TpcxhsOptions;
import io.hbench.hs.TpcxhsReport;
import io.hbench.hs.TpcxhsResult;
import io.hbench.hs.TpcxhsTool;
import java.io.PrintStream;
import java.util.List;
import java.util.Optional;
import org.apache.spark.api.java.JavaSparkContext;

/**
 * {@code TPCx-HS} on Spark, for {@code spark-submit --class io.hbench.spark.TpcxhsOnSpark bench-spark.jar}: MapReduce
 * TPCx-HS's flags, phases, metric, lines and result, its three jobs run by Spark ({@link SparkEngine}) in one
 * application, and the result naming the engine.
 */
public final class TpcxhsOnSpark extends SparkBenchTool<TpcxhsOptions> {
    private static final MapReduceCommandLine<TpcxhsOptions> COMMAND_LINE = new MapReduceCommandLine<>(
            TpcxhsTool.NAME, TpcxhsTool.USAGE, List.of(), TpcxhsTool::addFlags,
            (line, flagOrArgument) -> TpcxhsTool.parseFlags(line));

    public TpcxhsOnSpark(PrintStream out, PrintStream err) {
        this(out, err, Optional.empty());
    }

    TpcxhsOnSpark(PrintStream out, PrintStream err, Optional<JavaSparkContext> shared) {
        super(out, err, COMMAND_LINE, shared);
    }

    public static void main(String[] args) throws Exception {
        exitOnFailure(new TpcxhsOnSpark(System.out, System.err).runCommandLine(submittedConfiguration(), args));
    }

    @Override
    public String description() {
        return "TPCx-HS benchmark on Spark: HSGen, HSDataCheck, HSSort, HSDataCheck, HSValidate twice; HSph@SF";
    }

    @Override
    protected ExitStatus run(TpcxhsOptions options, ClusterSession session) throws Exception {
        OutputCommitters.copyNote(name(), session.configuration(), options.baseDir()).ifPresent(err::println);
        TpcxhsResult result = withSpark(session.configuration(), spark -> new Tpcxhs(session.configuration(), err,
                new SparkEngine(spark, session.configuration())).run(options));
        ExitStatus status = report(session, TpcxhsReport.lines(result), result);
        TpcxhsTool.verdict(result).ifPresent(err::println);
        return status;
    }
}
