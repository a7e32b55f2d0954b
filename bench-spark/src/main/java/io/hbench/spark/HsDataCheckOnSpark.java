package io.hbench.spark;

import io.hbench.cli.ClusterSession;
import io.hbench.cli.ProgramMessages;
import io.hbench.error.ExitStatus;
import io.hbench.hs.HsDataCheckOptions;
import io.hbench.hs.HsDataCheckResult;
import io.hbench.hs.HsDataCheckTool;
import java.io.PrintStream;
import java.util.List;
import java.util.Optional;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;

/**
 * {@code HSDataCheck} for {@code spark-submit --class io.hbench.spark.HsDataCheckOnSpark bench-spark.jar}: MapReduce
 * HSDataCheck's flags, checks, lines and result, with Spark's Hadoop settings. It reads the file system's metadata
 * alone, so it starts no Spark context.
 */
public final class HsDataCheckOnSpark extends SparkBenchTool<HsDataCheckOptions> {
    public HsDataCheckOnSpark(PrintStream out, PrintStream err) {
        super(out, err, Optional.empty());
    }

    public static void main(String[] args) throws Exception {
        exitOnFailure(new HsDataCheckOnSpark(System.out, System.err).runCommandLine(
                submittedConfiguration(), args));
    }

    @Override
    public String name() {
        return HsDataCheckTool.NAME;
    }

    @Override
    public String description() {
        return "TPCx-HS data check with Spark's Hadoop settings: MapReduce HSDataCheck's checks and lines";
    }

    @Override
    protected String usage() {
        return HsDataCheckTool.USAGE;
    }

    @Override
    protected void addOptions(Options options) {
        HsDataCheckTool.addFlags(options);
    }

    @Override
    protected List<String> positionalFlags() {
        return HsDataCheckTool.POSITIONAL_FLAGS;
    }

    @Override
    protected HsDataCheckOptions parse(CommandLine line) {
        return HsDataCheckTool.parseFlags(line, flag -> flagOrArgument(line, flag));
    }

    @Override
    protected ExitStatus run(HsDataCheckOptions options, ClusterSession session) throws Exception {
        HsDataCheckResult result = HsDataCheckTool.check(session.configuration(), options);
        ExitStatus status = report(session, HsDataCheckTool.lines(result), result);
        HsDataCheckTool.verdict(result).ifPresent(message -> ProgramMessages.error(err, name(), message));
        return status;
    }
}
