package io.hbench.spark;

import io.hbench.cli.ClusterSession;
import io.hbench.error.ExitStatus;
import io.hbench.hs.HsGenOptions;
import io.hbench.hs.HsGenResult;
import io.hbench.hs.HsGenTool;
import io.hbench.hs.OutputCommitters;
import java.io.PrintStream;
import java.util.List;
import java.util.Optional;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.spark.api.java.JavaSparkContext;

/**
 * {@code HSGen} on Spark, for {@code spark-submit --class io.hbench.spark.HsGenOnSpark bench-spark.jar}: MapReduce
 * HSGen's flags, data, lines and result. Spark starts only once the flags are good.
 */
public final class HsGenOnSpark extends SparkBenchTool<HsGenOptions> {
    public HsGenOnSpark(PrintStream out, PrintStream err) {
        this(out, err, Optional.empty());
    }

    HsGenOnSpark(PrintStream out, PrintStream err, Optional<JavaSparkContext> shared) {
        super(out, err, shared);
    }

    public static void main(String[] args) throws Exception {
        exitOnFailure(new HsGenOnSpark(System.out, System.err).runCommandLine(submittedConfiguration(), args));
    }

    @Override
    public String name() {
        return HsGenTool.NAME;
    }

    @Override
    public String description() {
        return "TPCx-HS data generator on Spark: MapReduce HSGen's records, files and checksum";
    }

    @Override
    protected String usage() {
        return HsGenTool.USAGE;
    }

    @Override
    protected void addOptions(Options options) {
        HsGenTool.addFlags(options);
    }

    @Override
    protected List<String> positionalFlags() {
        return HsGenTool.POSITIONAL_FLAGS;
    }

    @Override
    protected HsGenOptions parse(CommandLine line) {
        return HsGenTool.parseFlags(line, flag -> flagOrArgument(line, flag));
    }

    @Override
    protected ExitStatus run(HsGenOptions options, ClusterSession session) throws Exception {
        OutputCommitters.copyNote(name(), session.configuration(), options.outputDir()).ifPresent(err::println);
        HsGenResult result = withSpark(session.configuration(),
                spark -> new SparkHsGen(spark, session.configuration()).run(options));
        return report(session, HsGenTool.lines(result), result);
    }
}
