package io.hbench.dfsio;

import static java.util.Objects.requireNonNull;

import java.util.List;
import org.apache.hadoop.fs.Path;

/**
 * What {@code TestDFSIO -clean} removed: the base directory, how many files and bytes were in it, and which entries in
 * it TestDFSIO did not write, so that whoever put them there hears of it now rather than finding them gone later.
 */
public final class CleanedDirectory {
    private final Path directory;
    private final long files;
    private final long bytes;
    private final List<Path> notWrittenByHbench;

    public CleanedDirectory(Path directory, long files, long bytes, List<Path> notWrittenByHbench) {
        this.directory = requireNonNull(directory, "directory is null");
        if (files < 0 || bytes < 0) {
            throw new IllegalArgumentException("files and bytes must be at least 0, got " + files + " and " + bytes);
        }
        this.files = files;
        this.bytes = bytes;
        this.notWrittenByHbench = List.copyOf(requireNonNull(notWrittenByHbench, "notWrittenByHbench is null"));
    }

    public Path directory() {
        return directory;
    }

    /** Every file that was under the directory, hbench's marker included. */
    public long files() {
        return files;
    }

    /** The bytes of those files, as the file system counts a file's length (one replica). */
    public long bytes() {
        return bytes;
    }

    /** The files and directories in it that TestDFSIO does not write, by path; a directory stands for its contents. */
    public List<Path> notWrittenByHbench() {
        return notWrittenByHbench;
    }
}
