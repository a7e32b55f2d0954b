package io.hbench.nnthroughput;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.StringWriter;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * README.md's library example, compiled from the README's own text and run as its readers run it: against the
 * embedded cluster's NameNode over RPC. A README example that no longer compiles, or no longer runs, fails here.
 */
class ReadmeLibraryExampleTest {
    private static final Pattern JAVA_BLOCK = Pattern.compile("(?s)## As a library.*?```java\n(.*?)```");
    private static final Pattern CLASS_NAME = Pattern.compile("public class (\\w+)");
    private static final Pattern LINE = Pattern.compile("(\\s?\\d+) threads: (\\d+) ops/s, p99 (\\d+\\.\\d{3}) ms");

    @TempDir
    Path temp;

    @Test
    void theReadmesLibraryExampleCompilesAndMeasuresTheEmbeddedNameNode() throws Exception {
        Matcher block = JAVA_BLOCK.matcher(Files.readString(Paths.get("..", "README.md")));
        assertThat(block.find()).as("README.md has a java example under 'As a library'").isTrue();
        String source = block.group(1);
        Matcher name = CLASS_NAME.matcher(source);
        assertThat(name.find()).isTrue();
        Path sources = Files.createDirectories(temp.resolve("src"));
        Path classes = Files.createDirectories(temp.resolve("classes"));
        Path file = Files.writeString(sources.resolve(name.group(1) + ".java"), source);

        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        StringWriter diagnostics = new StringWriter();
        boolean compiled = compiler.getTask(diagnostics, null, null, List.of("-classpath",
                System.getProperty("java.class.path"), "-d", classes.toString()), null,
                compiler.getStandardFileManager(null, null, StandardCharsets.UTF_8).getJavaFileObjects(file.toFile()))
                .call();
        assertThat(compiled).as(diagnostics.toString()).isTrue();

        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        PrintStream stdout = System.out;
        try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()},
                getClass().getClassLoader())) {
            Method main = loader.loadClass(name.group(1)).getMethod("main", String[].class);
            System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
            main.invoke(null, (Object) new String[] {temp.resolve("embedded").toString()});
        } finally {
            System.setOut(stdout);
        }

        List<Matcher> lines = printed.toString(StandardCharsets.UTF_8).lines().map(LINE::matcher)
                .filter(Matcher::matches).collect(Collectors.toList());
        assertThat(lines).extracting(line -> line.group(1).trim()).containsExactly("1", "4", "16");
        assertThat(lines).allSatisfy(line -> {
            assertThat(Long.parseLong(line.group(2))).isPositive();
            assertThat(Double.parseDouble(line.group(3))).isPositive();
        });
    }
}
