package io.hbench.dist.suite;

import io.hbench.result.BenchResult;
import io.hbench.result.Better;
import io.hbench.result.Environment;
import io.hbench.result.Unit;
import io.hbench.result.format.JsonResultFormat;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The suite's programs, faked: each run is recorded; a program named to fail exits 1; one named to hang waits until
 * interrupted; the others print a line and write a result whose primary metric is 100 MB/s, as a program's
 * {@code -json} would. Report writes its page.
 */
final class FakePrograms implements SuiteRunner.Launcher {
    private static final Instant START = Instant.parse("2026-11-23T10:00:00Z");

    final List<List<String>> runs = new ArrayList<>();
    final Set<String> failing = new HashSet<>();
    final Set<String> hanging = new HashSet<>();
    /** A run with this argument exits 1 with this line, in its program's name. */
    final Map<String, String> failingWith = new HashMap<>();
    volatile boolean interrupted;

    @Override
    public int run(List<String> args, PrintStream out, PrintStream err) throws Exception {
        synchronized (runs) {
            runs.add(List.copyOf(args));
        }
        String program = args.get(0);
        if (program.equals("Report")) {
            Files.writeString(Paths.get(args.get(2)), "<html></html>\n");
            return 0;
        }
        out.println(program + ": ran " + String.join(" ", args.subList(1, args.size())));
        if (hanging.contains(program)) {
            try {
                Thread.sleep(Long.MAX_VALUE);
            } catch (InterruptedException e) {
                interrupted = true;
                return 1;
            }
        }
        if (failing.contains(program)) {
            err.println(program + ": something broke");
            return 1;
        }
        for (Map.Entry<String, String> failure : failingWith.entrySet()) {
            if (args.contains(failure.getKey())) {
                err.println(program + ": " + failure.getValue());
                return 1;
            }
        }
        int json = args.indexOf("-json");
        if (json >= 0) {
            write(Paths.get(args.get(json + 1)), program);
        }
        return 0;
    }

    List<String> programsRun() {
        List<String> programs = new ArrayList<>();
        synchronized (runs) {
            for (List<String> run : runs) {
                programs.add(run.get(0));
            }
        }
        return programs;
    }

    private static void write(Path file, String program) throws IOException {
        BenchResult result = BenchResult.builder(program, "fake")
                .primaryMetric("throughput")
                .environment(Environment.builder().hbench("0.1.0", "abc").hadoopVersion("3.4.2").java("17")
                        .os("Linux").clientHost("gw1").commandLine(List.of(program)).build())
                .start(START)
                .end(START.plusSeconds(1))
                .metric("throughput", 100e6, Unit.BYTES_PER_SECOND, Better.HIGHER)
                .build();
        try (Writer writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            new JsonResultFormat().write(result, writer);
        }
    }
}
