package io.hbench.federation;

import static java.util.Objects.requireNonNull;

/**
 * Where a run's load goes in one subcluster of a federation: the subcluster's name (its nameservice id, or the path
 * given with {@code -subClusterPath}) and the base directory there, a path of the federation's namespace.
 */
public final class Subcluster {
    private final String name;
    private final String baseDir;

    public Subcluster(String name, String baseDir) {
        this.name = requireNonNull(name, "name is null");
        this.baseDir = requireNonNull(baseDir, "baseDir is null");
        if (name.isBlank() || !baseDir.startsWith("/")) {
            throw new IllegalArgumentException("a subcluster needs a name and an absolute base directory: '" + name
                    + "', '" + baseDir + "'");
        }
    }

    /** {@code <dir>/<baseDirName's last component>}: the run's base directory under {@code dir} of a subcluster. */
    public static Subcluster under(String name, String dir, String baseDirName) {
        String last = baseDirName.substring(baseDirName.lastIndexOf('/', baseDirName.length() - 2) + 1)
                .replaceAll("/$", "");
        return new Subcluster(name, (dir.endsWith("/") ? dir : dir + "/") + last);
    }

    /** The label value of this subcluster's figures ({@code subcluster=<name>}). */
    public String name() {
        return name;
    }

    public String baseDir() {
        return baseDir;
    }

    @Override
    public boolean equals(Object obj) {
        return obj instanceof Subcluster && name.equals(((Subcluster) obj).name)
                && baseDir.equals(((Subcluster) obj).baseDir);
    }

    @Override
    public int hashCode() {
        return 31 * name.hashCode() + baseDir.hashCode();
    }

    @Override
    public String toString() {
        return name + " " + baseDir;
    }
}
