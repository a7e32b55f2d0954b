package io.hbench.result.format;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Compares output with golden files in src/test/resources/io/hbench/result/format. Run the tests with
 * {@code -Dhbench.golden.update=true} to rewrite the files instead, then check the diff by eye before committing.
 */
final class GoldenFiles {
    private static final String UPDATE_PROPERTY = "hbench.golden.update";
    private static final Path DIRECTORY = Path.of(System.getProperty("basedir", ""),
            "src", "test", "resources", "io", "hbench", "result", "format");

    private GoldenFiles() {}

    static void assertMatchesGoldenFile(byte[] actual, String name) throws IOException {
        if (Boolean.getBoolean(UPDATE_PROPERTY)) {
            Files.write(DIRECTORY.resolve(name), actual);
            return;
        }
        byte[] expected;
        try (InputStream in = GoldenFiles.class.getResourceAsStream(name)) {
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
