package io.hbench.dist;

import io.hbench.bsp.BspPeerTool;
import io.hbench.bsp.ebb.EbbTool;
import io.hbench.bsp.randbench.RandBenchTool;
import io.hbench.cli.CommandLineProgram;
import io.hbench.cli.ProgramMessages;
import io.hbench.dfsio.TestDfsioTool;
import io.hbench.dist.suite.SuiteTool;
import io.hbench.error.ExitStatus;
import io.hbench.hs.HsDataCheckTool;
import io.hbench.hs.HsGenTool;
import io.hbench.hs.HsSortTool;
import io.hbench.hs.HsValidateTool;
import io.hbench.hs.TpcxhsTool;
import io.hbench.metadata.FsMetadataTool;
import io.hbench.nnthroughput.NnThroughputTool;
import io.hbench.report.compare.CompareTool;
import io.hbench.replay.AuditReplayTool;
import io.hbench.report.html.ReportTool;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.util.ToolRunner;

/**
 * bench.jar's Main-Class: {@code bench.jar <Program> args...} finds the program (case-insensitively)
 * and runs it through {@link ToolRunner}, so generic Hadoop options ({@code -D}, {@code -conf},
 * {@code -fs}) work, then exits with its status. {@code -help} lists the programs; a command line that
 * names none, or an unknown one, is refused in one line and a pointer to that list.
 */
public final class Main {
    /**
     * Every program of bench.jar, in the order they are listed. Adding a program is one line here.
     * Each factory receives the driver's stdout and stderr.
     */
    private static final List<Entry> ENTRIES = List.of(
            entry(TestDfsioTool::new),
            entry(NnThroughputTool::new),
            entry(FsMetadataTool::new),
            entry(AuditReplayTool::new),
            entry(TpcxhsTool::new),
            entry(HsGenTool::new),
            entry(HsDataCheckTool::new),
            entry(HsSortTool::new),
            entry(HsValidateTool::new),
            entry(RandBenchTool::new, "bench"),
            entry(EbbTool::new),
            entry(BspPeerTool::new),
            entry(CompareTool::new),
            entry(ReportTool::new),
            // The suite runs the programs above through this driver, each with the suite's log as its output.
            entry((out, err) -> new SuiteTool(out, err, (args, stepOut, stepErr) -> run(args.toArray(new String[0]),
                    stepOut, stepErr))));

    /** The driver's name in its messages, as bin/bench is called. */
    private static final String DRIVER = "bench";
    /** The line after a refusal of the driver's command line. */
    static final String LIST_HINT = "Run 'bench -help' for the list of programs.";
    private static final Set<String> HELP = Set.of("-help", "--help", "-h");

    private final List<Program> programs;
    /** Names and aliases, lower case, to their program. */
    private final Map<String, Program> byName;

    private Main(List<Program> programs) {
        Map<String, Program> byName = new LinkedHashMap<>();
        for (Program program : programs) {
            List<String> names = new ArrayList<>(program.aliases());
            names.add(0, program.name());
            for (String name : names) {
                if (byName.put(name.toLowerCase(Locale.ROOT), program) != null) {
                    throw new IllegalStateException("two programs are named " + name);
                }
            }
        }
        this.programs = List.copyOf(programs);
        this.byName = Collections.unmodifiableMap(byName);
    }

    /** The driver with every program of bench.jar, whose tools print to {@code out} and {@code err}. */
    public static Main create(PrintStream out, PrintStream err) {
        Program[] list = ENTRIES.stream().map(entry -> entry.program(out, err)).toArray(Program[]::new);
        return new Main(Arrays.asList(list));
    }

    /** A driver over the given programs (tests). */
    static Main of(List<Program> programs) {
        return new Main(programs);
    }

    /** The registered programs, in listing order. */
    public List<Program> programs() {
        return programs;
    }

    /** The program with this name or alias, ignoring case. */
    public Optional<Program> find(String name) {
        return Optional.ofNullable(byName.get(name.toLowerCase(Locale.ROOT)));
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /**
     * Runs the program named by {@code args[0]} with the rest of the arguments; returns the exit
     * status. Never exits the JVM.
     */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        return create(out, err).runProgram(args, out, err);
    }

    int runProgram(String[] args, PrintStream out, PrintStream err) {
        if (args.length == 0) {
            return refuse(err, "name the program to run first, e.g. bench TestDFSIO -help");
        }
        String name = args[0];
        if (HELP.contains(name.toLowerCase(Locale.ROOT))) {
            out.println("Usage: bench.jar <program> [genericOptions] [programOptions]");
            printPrograms(out);
            return ExitStatus.SUCCESS.code();
        }
        Optional<Program> program = find(name);
        if (program.isEmpty()) {
            return refuse(err, "unknown program '" + name + "'");
        }
        String[] rest = Arrays.copyOfRange(args, 1, args.length);
        CommandLineProgram tool = program.get().newTool();
        try {
            return tool.runCommandLine(new Configuration(), rest);
        } catch (Exception e) {
            // ToolRunner throws only when the generic options are bad (e.g. -conf of a missing file).
            String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            ProgramMessages.error(err, program.get().name(), message.lines().findFirst().orElse(message));
            return ExitStatus.USAGE.code();
        }
    }

    /** Refuses the command line in one line, and points to the list of programs; exit 2. */
    private static int refuse(PrintStream err, String reason) {
        ProgramMessages.error(err, DRIVER, reason);
        err.println(LIST_HINT);
        return ExitStatus.USAGE.code();
    }

    private void printPrograms(PrintStream stream) {
        stream.println("Programs:");
        int width = programs.stream().mapToInt(p -> p.name().length()).max().orElse(0);
        for (Program program : programs) {
            String aliases = program.aliases().isEmpty() ? "" : " (also " + String.join(", ", program.aliases()) + ")";
            stream.println(String.format(Locale.ROOT, "  %-" + width + "s: %s%s", program.name(), program.description(),
                    aliases));
        }
    }

    /** A registry line; {@code aliases} are the original tool's names where hbench's differs. */
    private static Entry entry(BiFunction<PrintStream, PrintStream, ? extends CommandLineProgram> factory,
            String... aliases) {
        return new Entry(factory, List.of(aliases));
    }

    /** A registry line: how to make the tool and its aliases; its name and description come from the tool itself. */
    private static final class Entry {
        private final BiFunction<PrintStream, PrintStream, ? extends CommandLineProgram> factory;
        private final List<String> aliases;

        Entry(BiFunction<PrintStream, PrintStream, ? extends CommandLineProgram> factory, List<String> aliases) {
            this.factory = factory;
            this.aliases = aliases;
        }

        Program program(PrintStream out, PrintStream err) {
            CommandLineProgram sample = factory.apply(out, err);
            return new Program(sample.name(), aliases, sample.description(), () -> factory.apply(out, err));
        }
    }
}
