package io.hbench.spark;

import io.hbench.cli.ClusterSession;
import io.hbench.cli.ProgramMessages;
import io.hbench.error.ExitStatus;
import io.hbench.hs.HsDataCheckOptions;
import io.hbench.hs.HsDataCheckResult;
import io.hbench.hs.HsDataCheckTool;
import java.io.PrintStream;
import java.util.Optional;

/**
 * {@code HSDataCheck} for {@code spark-submit --class io.hbench.spark.HsDataCheckOnSpark bench-spark.jar}: MapReduce
 * HSDataCheck's flags, checks, lines and result, with Spark's Hadoop settings. It reads the file system's metadata
 * alone, so it starts no Spark context.
 */
public final class HsDataCheckOnSpark extends SparkBenchTool<HsDataCheckOptions> {
    private static final MapReduceCommandLine<HsDataCheckOptions> COMMAND_LINE = new MapReduceCommandLine<>(
            HsDataCheckTool.NAME, HsDataCheckTool.USAGE, HsDataCheckTool.POSITIONAL_FLAGS, HsDataCheckTool::addFlags,
            HsDataCheckTool::parseFlags);

    public HsDataCheckOnSpark(PrintStream out, PrintStream err) {
        super(out, err, COMMAND_LINE, Optional.empty());
    }

    public static void main(String[] args) throws Exception {
        exitOnFailure(new HsDataCheckOnSpark(System.out, System.err).runCommandLine(
                submittedConfiguration(), args));
    }

    @Override
    public String description() {
        return "TPCx-HS data check with Spark's Hadoop settings: MapReduce HSDataCheck's checks and lines";
    }

    @Override
    protected ExitStatus run(HsDataCheckOptions options, ClusterSession session) throws Exception {
        HsDataCheckResult result = HsDataCheckTool.check(session.configuration(), options);
        ExitStatus status = report(session, HsDataCheckTool.lines(result), result);
        HsDataCheckTool.verdict(result).ifPresent(message -> ProgramMessages.error(err, name(), message));
        return status;
    }
}
