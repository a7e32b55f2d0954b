package io.hbench.security;

import com.sun.security.auth.module.UnixSystem;
import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.result.format.PeopleTime;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.kerby.kerberos.kerb.ccache.Credential;
import org.apache.kerby.kerberos.kerb.ccache.CredentialCache;

/**
 * Why Java found no Kerberos ticket for this user: it reads the ticket cache that Java would have read
 * (the one {@code hadoop.security.kerberos.ticket.cache.path} names, else {@code KRB5CCNAME}'s, else
 * {@code /tmp/krb5cc_<uid>}) and tells a missing ticket from an expired one. Java reads only file
 * caches, so a {@code KRB5CCNAME} of another type (KEYRING:, KCM:, DIR:) is said to be the cause.
 */
final class TicketCache {
    static final String ENV = "KRB5CCNAME";
    private static final String FILE_TYPE = "FILE:";
    private static final String TGT_SERVICE = "krbtgt";
    private static final String WHAT_TO_DO = "run kinit, or give -principal and -keytab";

    /** Where the ticket cache is: a file, or a cache of a type Java cannot read. */
    static final class Location {
        final Optional<Path> file;
        /** The cache's name as given, and what gave it: the environment variable or the configuration key. */
        final String name;
        final String source;

        private Location(Optional<Path> file, String name, String source) {
            this.file = file;
            this.name = name;
            this.source = source;
        }
    }

    private TicketCache() {
    }

    /** @param krb5ccname the environment's KRB5CCNAME, or null */
    static Location location(Configuration conf, String krb5ccname) {
        String configured = conf.getTrimmed(KerberosLogin.TICKET_CACHE_KEY);
        String name = configured != null ? configured : krb5ccname;
        String source = configured != null ? KerberosLogin.TICKET_CACHE_KEY : ENV;
        if (name == null || name.isBlank()) {
            // Java's default on Unix, as kinit's when krb5.conf names no other.
            Path file = Paths.get("/tmp/krb5cc_" + new UnixSystem().getUid());
            return new Location(Optional.of(file), file.toString(), "default");
        }
        if (name.regionMatches(true, 0, FILE_TYPE, 0, FILE_TYPE.length())) {
            return new Location(Optional.of(Paths.get(name.substring(FILE_TYPE.length()))), name, source);
        }
        if (name.matches("[A-Za-z]+:.*")) {
            return new Location(Optional.empty(), name, source);
        }
        return new Location(Optional.of(Paths.get(name)), name, source);
    }

    /**
     * The one line for a ticket cache that gave Java no credentials.
     *
     * @param cause what the login threw, or null when it merely found no ticket
     */
    static BenchException problem(Location location, Instant now, Exception cause) {
        String user = System.getProperty("user.name");
        if (location.file.isEmpty()) {
            String type = location.name.substring(0, location.name.indexOf(':') + 1);
            return new BenchException(ErrorCode.KERBEROS_NO_TICKET, "no Kerberos ticket for " + user + " that Java can"
                    + " read: " + location.source + " is " + location.name + ", and Java reads only FILE: ticket caches,"
                    + " not " + type + " ones; run kinit -c FILE:/tmp/krb5cc_$(id -u) and export " + ENV
                    + "=FILE:/tmp/krb5cc_$(id -u), or give -principal and -keytab", cause);
        }
        Path file = location.file.get();
        if (!Files.exists(file)) {
            return noTicket(user, file, cause);
        }
        List<Credential> credentials;
        try {
            CredentialCache cache = new CredentialCache();
            cache.load(file.toFile());
            credentials = cache.getCredentials();
        } catch (IOException | RuntimeException | LinkageError e) {
            return new BenchException(ErrorCode.KERBEROS_NO_TICKET, "cannot read the Kerberos ticket cache " + file
                    + " (" + String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT) + "): " + WHAT_TO_DO, cause);
        }
        Optional<Credential> tgt = credentials.stream()
                .filter(c -> c.getServerName() != null && !c.getServerName().getNameStrings().isEmpty()
                        && TGT_SERVICE.equals(c.getServerName().getNameStrings().get(0)) && c.getEndTime() != null)
                .max(Comparator.comparingLong(c -> c.getEndTime().getTime()));
        if (tgt.isEmpty()) {
            return noTicket(user, file, cause);
        }
        String principal = tgt.get().getClientName() == null ? user : tgt.get().getClientName().getName();
        Instant end = Instant.ofEpochMilli(tgt.get().getEndTime().getTime());
        if (!end.isAfter(now)) {
            return new BenchException(ErrorCode.KERBEROS_TICKET_EXPIRED, "the Kerberos ticket of " + principal
                    + " expired at " + PeopleTime.format(end) + " (ticket cache " + file + "): " + WHAT_TO_DO, cause);
        }
        return new BenchException(ErrorCode.KERBEROS_NO_TICKET, "Java could not use the Kerberos ticket of " + principal
                + " in " + file + ", valid until " + PeopleTime.format(end) + " (-D hbench.debug=true and"
                + " -Dsun.security.krb5.debug=true"
                + " tell why): " + WHAT_TO_DO, cause);
    }

    private static BenchException noTicket(String user, Path file, Exception cause) {
        return new BenchException(ErrorCode.KERBEROS_NO_TICKET, "no Kerberos ticket for " + user + " (ticket cache "
                + file + "): " + WHAT_TO_DO, cause);
    }
}
