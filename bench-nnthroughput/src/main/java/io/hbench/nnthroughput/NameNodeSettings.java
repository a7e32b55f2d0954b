package io.hbench.nnthroughput;

import static java.util.Objects.requireNonNull;

import java.util.Set;

/**
 * What a run sets on the NameNode around its operations: the log level of its loggers, how often the user-to-groups
 * mappings are refreshed, and whether the calls only a superuser may make are skipped. Immutable;
 * {@link NnOptions.Builder} checks the values and names the flags.
 */
final class NameNodeSettings {
    static final NameNodeSettings DEFAULT = new NameNodeSettings("ERROR", Integer.MAX_VALUE, false);

    private final String logLevel;
    private final int ugCacheRefreshCount;
    private final boolean nonSuperUser;

    /** @param ugCacheRefreshCount operations per thread between refreshes, Integer.MAX_VALUE: never */
    NameNodeSettings(String logLevel, int ugCacheRefreshCount, boolean nonSuperUser) {
        this.logLevel = requireNonNull(logLevel, "logLevel is null");
        if (ugCacheRefreshCount < 1) {
            throw new IllegalArgumentException("ugCacheRefreshCount is at least 1, got " + ugCacheRefreshCount);
        }
        this.ugCacheRefreshCount = ugCacheRefreshCount;
        this.nonSuperUser = nonSuperUser;
    }

    /** These values where {@code own} names the option, the defaults elsewhere. */
    NameNodeSettings keeping(Set<NnOption> own) {
        return new NameNodeSettings(own.contains(NnOption.LOG_LEVEL) ? logLevel : DEFAULT.logLevel,
                own.contains(NnOption.UG_CACHE_REFRESH_COUNT) ? ugCacheRefreshCount : DEFAULT.ugCacheRefreshCount,
                own.contains(NnOption.NON_SUPER_USER) && nonSuperUser);
    }

    String logLevel() {
        return logLevel;
    }

    int ugCacheRefreshCount() {
        return ugCacheRefreshCount;
    }

    boolean nonSuperUser() {
        return nonSuperUser;
    }
}
