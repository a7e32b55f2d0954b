package io.hbench.bsp.benchbase;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbench.bsp.BspRunner;
import io.hbench.cli.BenchTool;
import io.hbench.testing.ToolRun;
import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.function.BiFunction;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;

/** Shared pieces of the BSP benchmarks' tests. */
public final class BspTestSupport {
    private BspTestSupport() {
    }

    /** A factory that gives {@code runner} whatever the command line asks. */
    public static BspRunnerFactory always(BspRunner runner) {
        return (conf, listen, notices) -> runner;
    }

    public static BenchSettings settings(int peers, long seed) {
        return new BenchSettings(peers, seed, Duration.ofSeconds(30));
    }

    /** Runs a BSP program's tool with {@code -noEmbedded} added: the tests' runners need no cluster. */
    public static ToolRun runTool(BiFunction<PrintStream, PrintStream, ? extends BenchTool<?>> tool, String... args)
            throws Exception {
        return ToolRun.run(new Configuration(), tool,
                Stream.concat(Stream.of(args), Stream.of("-noEmbedded")).toArray(String[]::new));
    }

    /** Bad input: exit 2, exactly {@code line}, then the hint pointing to -help; nothing on stdout. */
    public static void assertUsageError(ToolRun run, String program, String line) {
        assertThat(run.status).as("exit status").isEqualTo(2);
        List<String> err = run.err.lines().collect(Collectors.toList());
        assertThat(err.get(0)).isEqualTo(line);
        assertThat(err).hasSize(2);
        assertThat(err.get(1)).isEqualTo("Run '" + program + " -help' for usage.");
        assertThat(run.out).isEmpty();
    }
}
