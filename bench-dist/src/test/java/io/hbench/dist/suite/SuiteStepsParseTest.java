package io.hbench.dist.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbench.cli.BenchTool;
import io.hbench.cli.CommandLineProgram;
import io.hbench.dist.Main;
import io.hbench.environment.EnvironmentProbe;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every profile's steps, as Suite would run them on clusters from one task to hundreds, are held to the parser of the
 * program each runs: the standard and full profiles run in no test, and a flag a program refuses would show only on
 * the cluster, hours into a suite.
 */
class SuiteStepsParseTest {
    /** HDFS clusters, and two with no NameNode (an object store): the embedded one and a configured one. */
    private static final List<ClusterShape> SHAPES = List.of(new ClusterShape(1, 1, false),
            new ClusterShape(4, 3, true), new ClusterShape(15, 2, false), new ClusterShape(500, 100, false),
            new ClusterShape(4, 0, true), new ClusterShape(200, 0, false));

    private final Main driver = Main.create(new PrintStream(new ByteArrayOutputStream()),
            new PrintStream(new ByteArrayOutputStream()));
    @TempDir
    Path dir;

    @Test
    void everyStepOfEveryProfileParsesWithItsProgramsOwnParser() throws Exception {
        int parsed = 0;
        int expected = 0;
        for (SuiteProfile profile : SuiteProfile.values()) {
            for (ClusterShape shape : SHAPES) {
                List<String> flags = new ArrayList<>(List.of("-D", EnvironmentProbe.SUITE_DEFINITION_KEY + "="
                        + profile.definition()));
                if (shape.embedded()) {
                    // As SuiteTool adds them when the suite runs on an embedded cluster of -embeddedDir.
                    flags.addAll(List.of(shape.hasNameNode() ? "-embedded" : "-embeddedStore", "-embeddedDir",
                            dir.resolve("embedded").toString()));
                }
                List<SuiteStep> steps = profile.steps(shape, flags);
                // The standard and full profiles measure a NameNode's capacity where there is one.
                expected += shape.hasNameNode() && profile != SuiteProfile.QUICK ? 13 : 12;
                for (int i = 0; i < steps.size(); i++) {
                    List<String> command = SuiteRunner.commandLine(dir, i, steps.get(i));
                    // Which profile, cluster and step a refusal comes from, and the whole line, say where to fix it.
                    assertThatCode(() -> assertThat(parse(command)).isNotNull())
                            .as(profile + " on " + shape + ", step " + steps.get(i).id() + ": " + command)
                            .doesNotThrowAnyException();
                    parsed++;
                }
            }
        }
        assertThat(parsed).isEqualTo(expected).isEqualTo(SuiteProfile.values().length * 6 * 12 + 2 * 4);
    }

    @Test
    void aStepWithAFlagItsProgramRefusesFailsTheSameWay() {
        SuiteStep step = new SuiteStep("dfsio-write", List.of("TestDFSIO", "-write", "-nrFiles", "x"),
                Duration.ofMinutes(1), true);

        assertThatThrownBy(() -> parse(SuiteRunner.commandLine(dir, 0, step)))
                .hasMessage("-nrFiles 'x' is not a whole number");
    }

    @Test
    void aStepItsProgramsOptionsRefuseIsNamedByItsFlagAsTheRunWouldSayIt() {
        SuiteStep step = new SuiteStep("dfsio-write", List.of("TestDFSIO", "-write", "-nrFiles", "0"),
                Duration.ofMinutes(1), true);

        assertThatThrownBy(() -> parse(SuiteRunner.commandLine(dir, 0, step)))
                .hasMessage("-nrFiles must be from 1 to 1048576, got 0");
    }

    /** The program of a step's command line parses it as a run would; returns the program's options. */
    private Object parse(List<String> command) throws Exception {
        CommandLineProgram program = driver.find(command.get(0)).orElseThrow(() -> new AssertionError(
                "no program " + command.get(0))).newTool();
        assertThat(program).as(command.get(0) + " is a benchmark").isInstanceOf(BenchTool.class);
        return ((BenchTool<?>) program).parseOnly(new Configuration(),
                command.subList(1, command.size()).toArray(new String[0]));
    }
}
