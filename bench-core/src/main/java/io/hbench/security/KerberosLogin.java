package io.hbench.security;

import static java.util.Objects.requireNonNull;

import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import java.io.IOException;
import java.lang.reflect.UndeclaredThrowableException;
import java.nio.file.Path;
import java.security.PrivilegedExceptionAction;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import javax.security.auth.kerberos.KerberosPrincipal;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeys;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.security.SecurityUtil;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.UserGroupInformation.AuthenticationMethod;

/**
 * Who a program runs as on a Kerberos-secured cluster, settled before anything runs. With
 * {@code -principal} and {@code -keytab}, a login of its own from the keytab, which the program runs
 * inside ({@link #call}) and which is renewed while it runs; without them, the user's ticket cache
 * (after {@code kinit}), through Hadoop's login user, or the cache that Hadoop's own
 * {@code hadoop.security.kerberos.ticket.cache.path} names. A login that cannot succeed (no ticket,
 * an expired one, an unreadable keytab, a principal the keytab lacks, a KDC that refuses or cannot be
 * reached) is a {@link BenchException} with one line saying which and what to do, before any RPC.
 *
 * <p>The process's login user is left as it is: a program inside a larger process (a test with an
 * in-process cluster, a library caller) does not take over that process's identity. On a cluster
 * that is not Kerberos-secured this does nothing. Close it after the run: it stops the renewal and
 * closes the file system clients opened with its credentials.
 */
public final class KerberosLogin implements AutoCloseable {
    /** Hadoop's key for a ticket cache other than the default, as its FileSystem.get(uri, conf, user) reads it. */
    public static final String TICKET_CACHE_KEY = CommonConfigurationKeys.KERBEROS_TICKET_CACHE_PATH;
    /**
     * How often a keytab login checks its ticket. Hadoop renews the login user's, not ours; a long run
     * (TPCx-HS at a large scale factor) outlives a ticket, and the client's next connection would fail.
     */
    private static final long RENEWAL_CHECK_SECONDS = 60;

    /** A principal and the keytab that holds its key, as {@code -principal} and {@code -keytab} give them. */
    public static final class Keytab {
        private final String principal;
        private final Path file;

        public Keytab(String principal, Path file) {
            this.principal = requireNonNull(principal, "principal is null");
            this.file = requireNonNull(file, "file is null").toAbsolutePath();
        }

        public String principal() {
            return principal;
        }

        public Path file() {
            return file;
        }
    }

    /** Null when the program runs as this process's current user, as it would without Kerberos. */
    private final UserGroupInformation user;
    /** Whether {@link #user} is this login's own, whose file system clients close with it. */
    private final boolean own;
    private final ScheduledExecutorService renewal;

    private KerberosLogin(UserGroupInformation user, boolean own, ScheduledExecutorService renewal) {
        this.user = user;
        this.own = own;
        this.renewal = renewal;
    }

    /** Whether the configuration says the cluster is Kerberos-secured. */
    public static boolean isKerberos(Configuration conf) {
        requireNonNull(conf, "conf is null");
        return SecurityUtil.getAuthenticationMethod(conf) == AuthenticationMethod.KERBEROS;
    }

    /**
     * Settles who the program runs as.
     *
     * @param keytab {@code -principal} and {@code -keytab}; empty for the ticket cache
     * @throws BenchException with a one-line message when the login cannot succeed, or when a keytab is given for a
     *         cluster that is not Kerberos-secured
     */
    public static KerberosLogin forRun(Configuration conf, Optional<Keytab> keytab) {
        requireNonNull(conf, "conf is null");
        requireNonNull(keytab, "keytab is null");
        if (!isKerberos(conf)) {
            if (keytab.isPresent()) {
                throw new BenchException(ErrorCode.CONFLICTING_OPTIONS, "-principal and -keytab log in to a"
                        + " Kerberos-secured cluster, but this configuration's hadoop.security.authentication is "
                        + SecurityUtil.getAuthenticationMethod(conf).toString().toLowerCase(Locale.ROOT)
                        + ": use the secured cluster's configuration (HADOOP_CONF_DIR), or leave them out");
            }
            return none();
        }
        try {
            // The configuration may say kerberos through -D or -conf only, which Hadoop's own initialisation
            // (core-site.xml) never sees; auth_to_local rules come from here too.
            UserGroupInformation.setConfiguration(conf);
        } catch (IllegalArgumentException e) {
            // Hadoop's auth_to_local needs the default realm, and says only "Can't get Kerberos realm".
            throw KerberosFailures.notConfigured(e);
        }
        return keytab.isPresent() ? fromKeytab(keytab.get()) : fromTicketCache(conf);
    }

    /** No login of its own: the program runs as whoever runs it, for programs that never call the cluster. */
    public static KerberosLogin none() {
        return new KerberosLogin(null, false, null);
    }

    private static KerberosLogin fromKeytab(Keytab keytab) {
        String principal = qualified(keytab.principal());
        KeytabFile.requireKeyFor(keytab.file(), principal);
        UserGroupInformation user;
        try {
            user = UserGroupInformation.loginUserFromKeytabAndReturnUGI(principal, keytab.file().toString());
        } catch (IOException | RuntimeException e) {
            throw KerberosFailures.loginFailure(principal, keytab.file(), e);
        }
        ScheduledExecutorService renewal = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "hbench-kerberos-renewal");
            thread.setDaemon(true);
            return thread;
        });
        renewal.scheduleWithFixedDelay(() -> renew(user), RENEWAL_CHECK_SECONDS, RENEWAL_CHECK_SECONDS,
                TimeUnit.SECONDS);
        return new KerberosLogin(user, true, renewal);
    }

    /** Logs in again once the ticket nears its end (Hadoop decides when: 80 % of its lifetime). */
    private static void renew(UserGroupInformation user) {
        try {
            user.checkTGTAndReloginFromKeytab();
        } catch (IOException e) {
            // A KDC that is down for a moment: the next check tries again, and if the ticket does run out,
            // the program's next connection fails with a line that says so.
        }
    }

    /**
     * The principal with its realm (the default realm when none is given) and with {@code _HOST} replaced by this
     * host's name, as Hadoop's daemons read theirs.
     */
    static String qualified(String principal) {
        String full = principal;
        if (!principal.contains("@")) {
            try {
                full = principal + "@" + new KerberosPrincipal(principal).getRealm();
            } catch (IllegalArgumentException e) {
                throw KerberosFailures.notConfigured(e);
            }
        }
        if (!full.contains(SecurityUtil.HOSTNAME_PATTERN)) {
            return full;
        }
        try {
            return SecurityUtil.getServerPrincipal(full, (String) null);
        } catch (IOException e) {
            throw new BenchException(ErrorCode.KERBEROS_LOGIN_FAILED, "cannot replace _HOST in -principal " + principal
                    + " with this host's name: " + e.getMessage(), e);
        }
    }

    private static KerberosLogin fromTicketCache(Configuration conf) {
        String cache = conf.getTrimmed(TICKET_CACHE_KEY);
        UserGroupInformation user;
        try {
            user = cache != null ? UserGroupInformation.getUGIFromTicketCache(cache, null)
                    : UserGroupInformation.getLoginUser();
        } catch (IOException e) {
            throw noUsableTicket(conf, e);
        }
        UserGroupInformation authenticating = user.getRealUser() != null ? user.getRealUser() : user;
        // Tokens alone also do: a program started by a workflow (Oozie, a YARN container) gets the tokens of
        // HADOOP_TOKEN_FILE_LOCATION, and no ticket.
        if (!authenticating.hasKerberosCredentials() && user.getCredentials().numberOfTokens() == 0) {
            throw noUsableTicket(conf, null);
        }
        return cache != null ? new KerberosLogin(user, true, null) : none();
    }

    private static BenchException noUsableTicket(Configuration conf, Exception cause) {
        return TicketCache.problem(TicketCache.location(conf, System.getenv(TicketCache.ENV)), Instant.now(), cause);
    }

    /** Runs {@code action} with this login's credentials: every connection it opens authenticates as them. */
    public <T> T call(Callable<T> action) throws Exception {
        requireNonNull(action, "action is null");
        if (user == null) {
            return action.call();
        }
        try {
            return user.doAs((PrivilegedExceptionAction<T>) action::call);
        } catch (UndeclaredThrowableException e) {
            // doAs wraps checked exceptions other than IOException and InterruptedException; the caller reports them.
            if (e.getCause() instanceof Exception) {
                throw (Exception) e.getCause();
            }
            throw e;
        }
    }

    @Override
    public void close() {
        if (renewal != null) {
            renewal.shutdownNow();
        }
        if (own) {
            try {
                FileSystem.closeAllForUGI(user);
            } catch (IOException e) {
                // Closing ends the clients' leases and threads; the run's outcome is already settled.
            }
        }
    }
}
