package io.hbench.testing;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Compares output, byte for byte, with a golden file kept beside a test class in its module's
 * src/test/resources. Run the tests with {@code -Dhbench.golden.update=true} to rewrite the files
 * instead, then check the diff by eye before committing.
 */
public final class GoldenFiles {
    public static final String UPDATE_PROPERTY = "hbench.golden.update";

    private GoldenFiles() {
    }

    /** Lines as a program prints them: each followed by '\n', UTF-8. */
    public static void assertMatches(Class<?> owner, String name, List<String> lines) throws IOException {
        StringBuilder text = new StringBuilder();
        lines.forEach(line -> text.append(line).append('\n'));
        assertMatches(owner, name, text.toString().getBytes(UTF_8));
    }

    /** {@code name} is looked up in {@code owner}'s package, as {@link Class#getResourceAsStream} does. */
    public static void assertMatches(Class<?> owner, String name, byte[] actual) throws IOException {
        if (Boolean.getBoolean(UPDATE_PROPERTY)) {
            Path directory = Path.of(System.getProperty("basedir", ""), "src", "test", "resources")
                    .resolve(owner.getPackageName().replace('.', '/'));
            Files.createDirectories(directory);
            Files.write(directory.resolve(name), actual);
            return;
        }
        byte[] expected;
        try (InputStream in = owner.getResourceAsStream(name)) {
            assertThat(in).as("golden file %s (create it with -D%s=true)", name, UPDATE_PROPERTY).isNotNull();
            expected = in.readAllBytes();
        }
        String description = String.format(Locale.ROOT, "output differs from golden file %s (rewrite it with -D%s=true)",
                name, UPDATE_PROPERTY);
        // Text first for a readable diff; bytes then, because the files are compared byte for byte.
        assertThat(new String(actual, UTF_8)).as(description).isEqualTo(new String(expected, UTF_8));
        assertThat(actual).as(description).isEqualTo(expected);
    }
}
