package io.hbench.dist;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbench.cli.BenchTool;
import io.hbench.cli.ClusterSession;
import io.hbench.error.ExitStatus;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.junit.jupiter.api.Test;

class MainTest {
    private final ByteArrayOutputStream outBytes = new ByteArrayOutputStream();
    private final ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(outBytes, true, StandardCharsets.UTF_8);
    private final PrintStream err = new PrintStream(errBytes, true, StandardCharsets.UTF_8);

    private String out() {
        return outBytes.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return errBytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void noProgramIsBadUsageInOneLineAndAPointerToTheList() {
        int status = Main.run(new String[0], out, err);

        assertThat(status).isEqualTo(2);
        assertThat(err()).isEqualTo("bench: name the program to run first, e.g. bench TestDFSIO -help\n"
                + Main.LIST_HINT + "\n");
        assertThat(out()).isEmpty();
    }

    @Test
    void unknownProgramIsNamedInOneLineAndAPointerToTheList() {
        int status = Main.run(new String[] {"TestDFSIOX", "-write"}, out, err);

        assertThat(status).isEqualTo(2);
        assertThat(err()).isEqualTo("bench: unknown program 'TestDFSIOX'\nRun 'bench -help' for the list of"
                + " programs.\n");
        assertThat(out()).isEmpty();
    }

    @Test
    void helpListsTheProgramsOnStdoutAndSucceeds() {
        for (String help : new String[] {"-help", "--help", "-HELP"}) {
            outBytes.reset();
            int status = Main.run(new String[] {help}, out, err);

            assertThat(status).as(help).isZero();
            assertThat(out()).as(help).contains("Programs:", "TestDFSIO");
        }
        assertThat(err()).isEmpty();
    }

    @Test
    void programNamesAreCaseInsensitive() {
        int status = Main.run(new String[] {"testdfsio", "-help"}, out, err);

        assertThat(status).isZero();
        assertThat(out()).startsWith("Usage: TestDFSIO");
    }

    @Test
    void programUsageErrorsKeepTheirStatus() {
        int status = Main.run(new String[] {"TestDFSIO", "-nrFiles", "many", "-write"}, out, err);

        assertThat(status).isEqualTo(2);
        assertThat(err()).contains("TestDFSIO: -nrFiles 'many' is not a whole number");
    }

    @Test
    void runsTheProgramWithTheRestOfTheArgumentsAndGenericOptionsAndReturnsItsStatus() {
        List<String> seen = new ArrayList<>();
        Main driver = Main.of(List.of(new Program("Echo", "repeats its argument",
                () -> new EchoTool(out, err, seen))));

        int status = driver.runProgram(new String[] {"ECHO", "-D", "echo.suffix=!", "-word", "hello", "-noEmbedded"},
                out, err);

        assertThat(status).isEqualTo(1);
        assertThat(seen).containsExactly("hello!");
    }

    @Test
    void listsProgramsInRegistrationOrderAndRefusesDuplicateNames() {
        Program a = new Program("A", "first", () -> new EchoTool(out, err, new ArrayList<>()));
        Program b = new Program("B", "second", () -> new EchoTool(out, err, new ArrayList<>()));

        assertThat(Main.of(List.of(b, a)).programs()).extracting(Program::name).containsExactly("B", "A");
        assertThatThrownBy(() -> Main.of(List.of(a, new Program("a", "again", a::newTool))))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void anAliasRunsItsProgramAndIsListedWithIt() {
        List<String> seen = new ArrayList<>();
        Main driver = Main.of(List.of(new Program("Echo", List.of("say"), "repeats its argument",
                () -> new EchoTool(out, err, seen))));

        int status = driver.runProgram(new String[] {"SAY", "-word", "hi", "-noEmbedded"}, out, err);
        driver.runProgram(new String[] {"-help"}, out, err);

        assertThat(status).isEqualTo(1);
        assertThat(seen).containsExactly("hi");
        assertThat(driver.programs()).hasSize(1);
        assertThat(out()).contains("  Echo: repeats its argument (also say)");
    }

    @Test
    void anAliasThatIsAnotherProgramsNameIsRefused() {
        Program a = new Program("A", "first", () -> new EchoTool(out, err, new ArrayList<>()));
        Program b = new Program("B", List.of("a"), "second", () -> new EchoTool(out, err, new ArrayList<>()));

        assertThatThrownBy(() -> Main.of(List.of(a, b))).isInstanceOf(IllegalStateException.class)
                .hasMessage("two programs are named a");
    }

    /** Records its -word (plus -D echo.suffix) and reports a failure, to check what reaches a program. */
    private static final class EchoTool extends BenchTool<String> {
        private final List<String> seen;

        EchoTool(PrintStream out, PrintStream err, List<String> seen) {
            super(out, err);
            this.seen = seen;
        }

        @Override
        public String name() {
            return "Echo";
        }

        @Override
        public String description() {
            return "repeats its argument";
        }

        @Override
        protected String usage() {
            return "Echo -word w";
        }

        @Override
        protected void addOptions(Options options) {
            options.addOption(Option.builder("word").hasArg().build());
        }

        @Override
        protected String parse(CommandLine line) {
            return line.getOptionValue("word") + getConf().get("echo.suffix", "");
        }

        @Override
        protected ExitStatus run(String word, ClusterSession session) {
            seen.add(word);
            return ExitStatus.FAILURE;
        }
    }
}
