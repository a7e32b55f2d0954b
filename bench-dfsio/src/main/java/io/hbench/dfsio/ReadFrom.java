package io.hbench.dfsio;

import io.hbench.error.InvalidOptionException;
import java.util.Locale;

/**
 * Where a read's map tasks are asked to run ({@code -readFrom}), relative to the replicas of the file each reads. A
 * read on a host that holds a replica is served by that host's own DataNode (short-circuit or loopback), and measures
 * neither the network nor another host's disk; {@link #OTHER} avoids that, as IO500 reads from a node other than the
 * writer. The hosts are asked for as each task's split's locations, which YARN's scheduler takes as preferences
 * (relaxed locality): a task may still run elsewhere, so each task records where it did run.
 */
public enum ReadFrom {
    /** On a host that holds a replica of some block of the file. */
    LOCAL,
    /**
     * Wherever the scheduler places it: what a read without {@code -readFrom} does, since its tasks' splits are the
     * control files, whose replicas have nothing to do with the data files'.
     */
    ANY,
    /** On a host that holds no replica of any block of the file. */
    OTHER;

    /** The flag's value: {@code local}, {@code any} or {@code other}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The value of {@code -readFrom}, in any case. */
    public static ReadFrom of(String value) {
        for (ReadFrom each : values()) {
            if (each.label().equalsIgnoreCase(value.strip())) {
                return each;
            }
        }
        throw new InvalidOptionException("{} must be local, any or other, got '" + value + "'", "readFrom");
    }
}
