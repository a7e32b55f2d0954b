package io.hbench.nnthroughput;

import static java.util.Objects.requireNonNull;

import java.util.Set;

/**
 * Where a run works and how many names it makes there: the base directory, the files and directories and their
 * fan-out, whether it uses files an earlier run made and whether it keeps its own. Immutable; {@link NnOptions.Builder}
 * checks the values and names the flags.
 */
final class NamespaceOptions {
    static final NamespaceOptions DEFAULT = new NamespaceOptions(NnOptions.DEFAULT_BASE_DIR_NAME, 10, 4, 10, 2, false,
            false);

    private final String baseDirName;
    private final int files;
    private final int filesPerDir;
    private final int dirs;
    private final int dirsPerDir;
    private final boolean useExisting;
    private final boolean keepResults;

    NamespaceOptions(String baseDirName, int files, int filesPerDir, int dirs, int dirsPerDir, boolean useExisting,
            boolean keepResults) {
        this.baseDirName = requireNonNull(baseDirName, "baseDirName is null");
        if (files < 1 || filesPerDir < 1 || dirs < 1 || dirsPerDir < 1) {
            throw new IllegalArgumentException("files, filesPerDir, dirs and dirsPerDir are at least 1, got " + files
                    + ", " + filesPerDir + ", " + dirs + " and " + dirsPerDir);
        }
        this.files = files;
        this.filesPerDir = filesPerDir;
        this.dirs = dirs;
        this.dirsPerDir = dirsPerDir;
        this.useExisting = useExisting;
        this.keepResults = keepResults;
    }

    /** These values where {@code own} names the option, the defaults elsewhere. */
    NamespaceOptions keeping(Set<NnOption> own) {
        return new NamespaceOptions(own.contains(NnOption.BASE_DIR_NAME) ? baseDirName : DEFAULT.baseDirName,
                own.contains(NnOption.FILES) ? files : DEFAULT.files,
                own.contains(NnOption.FILES_PER_DIR) ? filesPerDir : DEFAULT.filesPerDir,
                own.contains(NnOption.DIRS) ? dirs : DEFAULT.dirs,
                own.contains(NnOption.DIRS_PER_DIR) ? dirsPerDir : DEFAULT.dirsPerDir,
                own.contains(NnOption.USE_EXISTING) && useExisting,
                own.contains(NnOption.KEEP_RESULTS) && keepResults);
    }

    String baseDirName() {
        return baseDirName;
    }

    int files() {
        return files;
    }

    int filesPerDir() {
        return filesPerDir;
    }

    int dirs() {
        return dirs;
    }

    int dirsPerDir() {
        return dirsPerDir;
    }

    boolean useExisting() {
        return useExisting;
    }

    boolean keepResults() {
        return keepResults;
    }
}
