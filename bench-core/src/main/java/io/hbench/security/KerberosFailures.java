package io.hbench.security;

import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.error.ErrorText;
import java.net.ConnectException;
import java.net.PortUnreachableException;
import java.net.SocketTimeoutException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import javax.security.auth.login.LoginException;
import javax.security.sasl.SaslException;
import org.apache.hadoop.ipc.RemoteException;
import org.apache.hadoop.security.AccessControlException;
import org.apache.hadoop.security.KerberosAuthException;
import org.apache.hadoop.security.token.SecretManager.InvalidToken;
import org.ietf.jgss.GSSException;

/**
 * Turns what Java's Kerberos and Hadoop's SASL throw into one line that says what went wrong and what to
 * do. Java's Kerberos errors are internal classes whose messages carry the protocol's standard error
 * texts ("Client not found in Kerberos database (6)"), so those texts are what is matched.
 */
public final class KerberosFailures {
    /** What the RPC client says when the configuration names no principal for the server it calls. */
    private static final String NO_SERVER_PRINCIPAL = "Failed to specify server's Kerberos principal name";
    private static final String CANNOT_AUTHENTICATE = "Client cannot authenticate via";

    private KerberosFailures() {
    }

    /** The one line for a failed login as {@code principal} with the keytab {@code keytab}. */
    static BenchException loginFailure(String principal, Path keytab, Exception e) {
        String messages = allMessages(e).toLowerCase(Locale.ROOT);
        if (messages.contains("cannot locate default realm")) {
            return notConfigured(e);
        }
        String realm = principal.substring(principal.lastIndexOf('@') + 1);
        String message;
        if (messages.contains("cannot contact any kdc") || has(e, SocketTimeoutException.class)
                || has(e, ConnectException.class) || has(e, PortUnreachableException.class)) {
            message = "cannot reach a Kerberos KDC of realm " + realm + " to log in as " + principal + ": check that"
                    + " the KDC runs and that krb5.conf names it (kdc = host under [realms] " + realm + ")";
        } else if (messages.contains("client not found in kerberos database")) {
            message = "the KDC of realm " + realm + " does not know the principal " + principal + ": check -principal"
                    + " (klist -kt " + keytab + " lists the keytab's principals)";
        } else if (messages.contains("pre-authentication information was invalid")
                || messages.contains("integrity check on decrypted field failed") || messages.contains("checksum failed")) {
            message = "the KDC refused the key of " + principal + " in " + keytab + ": the keytab is out of date"
                    + " (the principal's password or key version changed since); get a new keytab";
        } else if (messages.contains("clock skew too great")) {
            message = "the KDC refused the login of " + principal + ": this host's clock and the KDC's differ by"
                    + " more than Kerberos allows (check NTP)";
        } else if (messages.contains("no rules applied to")) {
            message = "hadoop.security.auth_to_local gives " + principal + " no user name on this cluster: use a"
                    + " principal of the cluster's realm, or a configuration with a rule for it";
        } else {
            message = "Kerberos login as " + principal + " with the keytab " + keytab + " failed: " + innermost(e);
        }
        return new BenchException(ErrorCode.KERBEROS_LOGIN_FAILED, message, e);
    }

    /** Java has no default realm: no krb5.conf, or none that names one. */
    static BenchException notConfigured(Exception e) {
        return new BenchException(ErrorCode.KERBEROS_LOGIN_FAILED, "Kerberos is not configured on this host (no default"
                + " realm): check /etc/krb5.conf, or give the JVM -Djava.security.krb5.conf=<file> (HBENCH_OPTS,"
                + " HADOOP_OPTS)", e);
    }

    /**
     * The one line for a failure met while the program ran whose cause is authentication, such as a ticket that
     * expired meanwhile, a server that refused the credentials, or a server principal this configuration does not
     * expect; empty for any other failure.
     */
    public static Optional<BenchException> whileRunning(Throwable e) {
        List<Throwable> causes = ErrorText.causes(e);
        if (causes.stream().noneMatch(KerberosFailures::isAuthentication)) {
            return Optional.empty();
        }
        // The deepest cause says most: a GSS reason under its SASL wrapper, a configuration check under its own.
        Throwable reason = null;
        for (Throwable cause : causes) {
            if (isAuthentication(cause) || cause instanceof IllegalArgumentException) {
                reason = cause;
            }
        }
        if (reason instanceof IllegalArgumentException && String.valueOf(reason.getMessage()).contains(NO_SERVER_PRINCIPAL)) {
            return Optional.of(new BenchException(ErrorCode.KERBEROS_AUTHENTICATION_FAILED, "this configuration names no"
                    + " Kerberos principal for a server the program calls (dfs.namenode.kerberos.principal for HDFS,"
                    + " yarn.resourcemanager.principal for YARN): use the secured cluster's configuration"
                    + " (HADOOP_CONF_DIR)", e));
        }
        String hint = reason instanceof IllegalArgumentException
                ? " (this configuration's Kerberos settings do not match the cluster's: use the cluster's configuration,"
                        + " HADOOP_CONF_DIR)"
                : " (klist shows the ticket; run kinit, or give -principal and -keytab, and run again)";
        return Optional.of(new BenchException(ErrorCode.KERBEROS_AUTHENTICATION_FAILED, "Kerberos authentication"
                + " failed while the program ran: " + ErrorText.firstLine(reason) + hint, e));
    }

    private static boolean isAuthentication(Throwable cause) {
        if (cause instanceof RemoteException) {
            String className = ((RemoteException) cause).getClassName();
            return className.equals(SaslException.class.getName()) || className.equals(InvalidToken.class.getName())
                    || className.equals(AccessControlException.class.getName())
                    && String.valueOf(cause.getMessage()).startsWith(CANNOT_AUTHENTICATE);
        }
        return cause instanceof SaslException || cause instanceof GSSException || cause instanceof InvalidToken
                || cause instanceof KerberosAuthException || cause instanceof LoginException
                || cause instanceof AccessControlException && String.valueOf(cause.getMessage()).startsWith(CANNOT_AUTHENTICATE);
    }

    private static boolean has(Throwable e, Class<? extends Throwable> type) {
        return ErrorText.causes(e).stream().anyMatch(type::isInstance);
    }

    private static String allMessages(Throwable e) {
        StringBuilder all = new StringBuilder();
        for (Throwable cause : ErrorText.causes(e)) {
            all.append(cause.getMessage()).append('\n');
        }
        return all.toString();
    }

    /** The deepest cause that says something: Hadoop's wrappers repeat it with their own prefixes. */
    private static String innermost(Throwable e) {
        String message = null;
        for (Throwable cause : ErrorText.causes(e)) {
            if (cause.getMessage() != null && !cause.getMessage().isBlank()) {
                message = ErrorText.firstLine(cause);
            }
        }
        return message != null ? message : e.getClass().getSimpleName();
    }
}
