package io.hbench.fs;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * What the removals of the run in progress in this JVM left ({@link Leftover}), wherever they were made: in a
 * benchmark's base directory or in hbench's own scratch directories, which no result knows of. A command-line run
 * forgets what an earlier one recorded when it starts and puts what its own left in its result (io.hbench.cli
 * .ResultPublisher), where a finding names it; a library caller takes them with {@link #take}.
 */
public final class RunLeftovers {
    private static final Map<String, Leftover> recorded = new LinkedHashMap<>();

    private RunLeftovers() {
    }

    /**
     * Removes {@code path} recursively, checks that it is gone ({@link Leftover#remove}) and records what is left; a
     * later removal of the same path replaces the record, or drops it if that one left nothing: what is left now is
     * what counts.
     *
     * @param shown the path as messages show it
     * @return what is left, empty if nothing is
     */
    public static Optional<Leftover> remove(FileSystem fs, Path path, String shown) throws IOException {
        Optional<Leftover> left = Leftover.remove(fs, path, shown);
        synchronized (RunLeftovers.class) {
            recorded.remove(shown);
            left.ifPresent(leftover -> recorded.put(shown, leftover));
        }
        return left;
    }

    /** Every leftover recorded since the last take, in the order recorded; forgets them. */
    public static synchronized List<Leftover> take() {
        List<Leftover> taken = new ArrayList<>(recorded.values());
        recorded.clear();
        return taken;
    }
}
