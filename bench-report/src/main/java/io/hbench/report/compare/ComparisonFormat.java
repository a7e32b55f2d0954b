package io.hbench.report.compare;

import java.io.IOException;
import java.io.Writer;

import static java.util.Objects.requireNonNull;

/** Writes a {@link Comparison}, or several; every implementation is independent of the default locale. */
public interface ComparisonFormat {
    void write(Comparison comparison, Writer out) throws IOException;

    /** Writes every comparison: the one of {@link Comparisons.Grouping#NONE} as it is, several each under its name. */
    default void write(Comparisons comparisons, Writer out) throws IOException {
        requireNonNull(comparisons, "comparisons is null");
        if (comparisons.grouping() == Comparisons.Grouping.NONE) {
            write(comparisons.all().get(0).comparison(), out);
        } else {
            writeNamed(comparisons, out);
        }
    }

    /** Writes several comparisons, steps' or workloads', each under its name. */
    void writeNamed(Comparisons comparisons, Writer out) throws IOException;
}
