package io.hbench.report.compare;

import java.io.IOException;
import java.io.Writer;

/** Writes a {@link Comparison}; every implementation is independent of the default locale. */
public interface ComparisonFormat {
    void write(Comparison comparison, Writer out) throws IOException;
}
