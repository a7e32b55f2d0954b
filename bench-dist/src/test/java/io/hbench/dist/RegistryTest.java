package io.hbench.dist;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbench.cli.CommandLineProgram;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** bench.jar offers every program hbench has, and every one of them answers -help. */
class RegistryTest {
    private static final PrintStream NOWHERE = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);

    @Test
    void theRegistryHasEveryProgramOnTheClassPath() {
        Set<String> tools = concretePrograms();
        Set<String> registered = Main.create(NOWHERE, NOWHERE).programs().stream()
                .map(program -> program.newTool().getClass().getName())
                .collect(Collectors.toCollection(TreeSet::new));

        assertThat(tools).as("program classes of the main code").contains("io.hbench.dfsio.TestDfsioTool");
        assertThat(registered).isEqualTo(tools);
    }

    @Test
    void everyProgramIsListedUnderItsToolsNameAndDescription() {
        for (Program program : Main.create(NOWHERE, NOWHERE).programs()) {
            CommandLineProgram tool = program.newTool();
            assertThat(program.name()).isEqualTo(tool.name());
            assertThat(program.description()).isEqualTo(tool.description()).isNotBlank();
        }
    }

    static Stream<String> programNames() {
        return Main.create(NOWHERE, NOWHERE).programs().stream().map(Program::name);
    }

    @ParameterizedTest
    @MethodSource("programNames")
    void everyProgramAnswersHelp(String name) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();

        int status = Main.run(new String[] {name, "-help"}, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));

        assertThat(status).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).startsWith("Usage: " + name);
        assertThat(err.toString(StandardCharsets.UTF_8)).isEmpty();
    }

    /**
     * README promises case-insensitive flags: each program's first flag that takes a value, given in upper case and
     * without its value, is refused exactly as in its own case, in one line and a pointer to -help; -HELP is -help.
     * (A flag in capitals that starts with D is Hadoop's -D, which the generic options take first.)
     */
    @ParameterizedTest
    @MethodSource("programNames")
    void everyProgramTakesItsFlagsInAnyCase(String name) {
        String[] help = run(name, "-help");
        assertThat(run(name, "-HELP")).isEqualTo(help);
        Matcher valued = Pattern.compile("(?m)^ +-([a-ce-zA-Z]\\w*) <([^>]+)>").matcher(help[1]);
        assertThat(valued.find()).as("a flag with a value in %s's help", name).isTrue();
        String flag = "-" + valued.group(1);

        String[] lower = run(name, flag);
        String[] upper = run(name, flag.toUpperCase(Locale.ROOT));

        assertThat(upper).isEqualTo(lower);
        assertThat(upper[0]).isEqualTo("2");
        assertThat(upper[1]).isEmpty();
        assertThat(upper[2]).isEqualTo(name + ": " + flag + " needs a value: " + flag + " <" + valued.group(2) + ">\n"
                + "Run '" + name + " -help' for usage.\n");
    }

    /** The exit status, stdout and stderr of bench.jar's driver run with {@code args}. */
    private static String[] run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new String[] {Integer.toString(status), out.toString(StandardCharsets.UTF_8),
            err.toString(StandardCharsets.UTF_8)};
    }

    /** Concrete CommandLineProgram classes under io.hbench in the main code (classes directories and jars, not tests). */
    private static Set<String> concretePrograms() {
        Set<String> found = new TreeSet<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (entry.isEmpty() || entry.contains("test-classes") || entry.endsWith("-tests.jar")) {
                continue;
            }
            for (String className : hbenchClasses(Paths.get(entry))) {
                Class<?> type;
                try {
                    type = Class.forName(className, false, RegistryTest.class.getClassLoader());
                } catch (ClassNotFoundException | LinkageError e) {
                    continue;
                }
                if (CommandLineProgram.class.isAssignableFrom(type) && !Modifier.isAbstract(type.getModifiers())) {
                    found.add(className);
                }
            }
        }
        return found;
    }

    private static List<String> hbenchClasses(Path entry) {
        List<String> names = new ArrayList<>();
        try {
            if (Files.isDirectory(entry)) {
                Path root = entry.resolve("io").resolve("hbench");
                if (Files.isDirectory(root)) {
                    try (Stream<Path> files = Files.walk(root)) {
                        files.map(file -> entry.relativize(file).toString().replace(File.separatorChar, '/'))
                                .forEach(name -> addClass(names, name));
                    }
                }
            } else if (Files.isRegularFile(entry) && entry.toString().endsWith(".jar")) {
                try (JarFile jar = new JarFile(entry.toFile())) {
                    for (Enumeration<JarEntry> entries = jar.entries(); entries.hasMoreElements(); ) {
                        addClass(names, entries.nextElement().getName());
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return names;
    }

    private static void addClass(List<String> names, String resource) {
        if (resource.startsWith("io/hbench/") && resource.endsWith(".class") && !resource.contains("$")
                && !resource.startsWith("io/hbench/shaded/")) {
            names.add(resource.substring(0, resource.length() - ".class".length()).replace('/', '.'));
        }
    }
}
