package io.hbench.perf;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Starts programs in fresh JVMs that differ only in what they run: the java of this JVM, one heap
 * size, the {@code --add-opens} of the system property {@code hadoop.jvm.opens}, and this JVM's
 * classpath behind a private conf directory (its log4j.properties, core-site.xml and hdfs-site.xml
 * win over any on the classpath).
 */
final class FreshJvms {
    private final String heap;
    private final List<String> opens;

    FreshJvms(String heap) {
        this.heap = heap;
        String property = System.getProperty("hadoop.jvm.opens", "").trim();
        this.opens = property.isEmpty() ? List.of() : Arrays.asList(property.split("\\s+"));
    }

    /** How every JVM is started, for the comparisons' headers. */
    String describe() {
        return String.format(java.util.Locale.ROOT, "a fresh JVM, -Xmx%s, --add-opens from hadoop.jvm.opens (%d flags)",
                heap, opens.size() / 2);
    }

    /** Starts {@code main} with {@code conf} first on the classpath; both output streams go to {@code log}. */
    Process start(Path conf, String main, List<String> args, Path log) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xmx" + heap);
        command.addAll(opens);
        command.add("-Dlog4j.configuration=" + conf.resolve("log4j.properties").toUri());
        command.add("-cp");
        command.add(conf + File.pathSeparator + System.getProperty("java.class.path"));
        command.add(main);
        command.addAll(args);
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    /** The last 30 lines of a run's log, for an error message. */
    static String tail(Path log) throws IOException {
        List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
    }
}
