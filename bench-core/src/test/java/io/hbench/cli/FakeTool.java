package io.hbench.cli;

import java.io.PrintStream;

import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.error.ExitStatus;
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
        return exitStatus;
    }
}
