package io.hbench.cli;

import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.error.ExitStatus;
import io.hbench.fs.LocalOutput;
import io.hbench.result.BenchResult;
import io.hbench.result.Better;
import io.hbench.result.Environment;
import io.hbench.result.ProgramResult;
import io.hbench.result.ResourceUsage;
import io.hbench.result.Unit;
import java.io.PrintStream;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

/** A hand-written program with one option, {@code -count N}, that records what it was asked to do. */
final class FakeTool
        extends BenchTool<Integer> {
    int parseCalls;
    int runCalls;
    Integer runCount;
    ClusterSession runSession;

    /** What run returns, unless {@link #failure} is set. */
    ExitStatus exitStatus = ExitStatus.SUCCESS;
    /** Thrown by run when set. */
    Exception failure;
    /**
     * Whether run reports a result: the line "Fake did N things" and a result whose primary metric is N; run then
     * returns the status its outcome gives.
     */
    boolean reports;
    /** The failures the reported result records. */
    List<String> resultFailures = List.of();

    FakeTool(PrintStream out, PrintStream err) {
        super(out, err);
    }

    @Override
    public String name() {
        return "Fake";
    }

    @Override
    public String description() {
        return "a fake program for tests";
    }

    @Override
    protected String usage() {
        return "Fake -count <N>";
    }

    @Override
    protected void addOptions(Options options) {
        options.addOption(Option.builder("count").hasArg().argName("N").desc("how many things to do").build());
    }

    @Override
    protected Optional<LocalOutput.Kind> resultFileKind() {
        return Optional.of(LocalOutput.Kind.appendedLines("Fake's result lines", Pattern.compile("Fake did \\d+ things")));
    }

    @Override
    protected Optional<String> defaultResultFile() {
        return Optional.of("Fake_results.log");
    }

    @Override
    protected Integer parse(CommandLine line) {
        parseCalls++;
        if (!line.hasOption("count")) {
            throw new BenchException(ErrorCode.MISSING_OPTION, "-count is required");
        }
        String value = line.getOptionValue("count");
        int count;
        try {
            count = Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("-count must be a whole number, not '" + value + "'");
        }
        if (count < 1) {
            throw new IllegalArgumentException("-count must be at least 1, not " + count);
        }
        return count;
    }

    @Override
    protected ExitStatus run(Integer count, ClusterSession session) throws Exception {
        runCalls++;
        runCount = count;
        runSession = session;
        if (failure != null) {
            throw failure;
        }
        if (reports) {
            Instant now = Instant.now();
            return report(session, List.of("Fake did " + count + " things"), new ProgramResult() {
                @Override
                public BenchResult toBenchResult(Environment environment) {
                    BenchResult.Builder result = BenchResult.builder(name(), "do").primaryMetric("things")
                            .environment(environment).start(now).end(now).parameter("count", count)
                            .metric("things", count, Unit.COUNT, Better.HIGHER);
                    resultFailures.forEach(result::failure);
                    return result.build();
                }

                @Override
                public Optional<ResourceUsage> resources() {
                    return Optional.empty();
                }
            });
        }
        return exitStatus;
    }
}
