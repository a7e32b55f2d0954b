package io.hbench.testing;

import io.hbench.cli.BenchTool;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.function.BiFunction;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.util.ToolRunner;

/**
 * One run of a program as {@code hadoop jar} runs it: generic options through {@link ToolRunner}
 * on the program's own copy of the configuration, stdout and stderr captured.
 */
public final class ToolRun {
    public final int status;
    public final String out;
    public final String err;

    private ToolRun(int status, String out, String err) {
        this.status = status;
        this.out = out;
        this.err = err;
    }

    /**
     * Runs {@code program} as bench.jar's Main does, through {@link BenchTool#runCommandLine}: the command line it
     * records keeps the generic options ({@code -D}, {@code -fs}) as given.
     */
    public static ToolRun runCommandLine(Configuration conf,
            BiFunction<PrintStream, PrintStream, ? extends BenchTool<?>> program, String... args) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        BenchTool<?> tool = program.apply(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        int status = tool.runCommandLine(new Configuration(conf), args);
        return new ToolRun(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    public static ToolRun run(Configuration conf, BiFunction<PrintStream, PrintStream, ? extends BenchTool<?>> program,
            String... args) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        BenchTool<?> tool = program.apply(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        int status = ToolRunner.run(new Configuration(conf), tool, args);
        return new ToolRun(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
