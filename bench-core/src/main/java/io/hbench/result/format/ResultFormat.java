package io.hbench.result.format;

import io.hbench.result.BenchResult;

import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;

import static java.nio.charset.StandardCharsets.UTF_8;

/** Writes a {@link BenchResult} in one output format. Output never depends on the default locale. */
public interface ResultFormat {
    /** Writes {@code result} to {@code out} and flushes it; {@code out} is left open. */
    void write(BenchResult result, Writer out) throws IOException;

    /** Writes {@code result} to {@code out} as UTF-8 and flushes it; {@code out} is left open. */
    default void write(BenchResult result, OutputStream out) throws IOException {
        Writer writer = new OutputStreamWriter(out, UTF_8);
        write(result, writer);
        writer.flush();
    }
}
