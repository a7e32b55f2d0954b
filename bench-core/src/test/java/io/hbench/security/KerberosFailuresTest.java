package io.hbench.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.Paths;
import javax.security.auth.login.LoginException;
import javax.security.sasl.SaslException;
import org.apache.hadoop.ipc.RemoteException;
import org.apache.hadoop.security.AccessControlException;
import org.apache.hadoop.security.KerberosAuthException;
import org.apache.hadoop.security.token.SecretManager.InvalidToken;
import org.ietf.jgss.GSSException;
import org.junit.jupiter.api.Test;

/**
 * The lines for failures that a test KDC cannot produce cheaply, from exceptions shaped as Java and Hadoop
 * throw them: Java's Kerberos errors carry the protocol's standard texts, Hadoop wraps them.
 */
class KerberosFailuresTest {
    private static final Path KEYTAB = Paths.get("/etc/security/keytabs/alice.keytab");

    private static BenchException login(String javaMessage) {
        return KerberosFailures.loginFailure("alice@EXAMPLE.COM", KEYTAB,
                new KerberosAuthException("Login failure for alice@EXAMPLE.COM", new LoginException(javaMessage)));
    }

    @Test
    void aClockSkewPointsAtTheClocks() {
        BenchException e = login("Clock skew too great (37)");

        assertThat(e.errorCode()).isEqualTo(ErrorCode.KERBEROS_LOGIN_FAILED);
        assertThat(e.getMessage()).isEqualTo("the KDC refused the login of alice@EXAMPLE.COM: this host's clock and the"
                + " KDC's differ by more than Kerberos allows (check NTP)");
    }

    @Test
    void noDefaultRealmMeansKerberosIsNotConfiguredHere() {
        assertThat(login("Cannot locate default realm").getMessage()).isEqualTo("Kerberos is not configured on this"
                + " host (no default realm): check /etc/krb5.conf, or give the JVM -Djava.security.krb5.conf=<file>"
                + " (HBENCH_OPTS, HADOOP_OPTS)");
    }

    @Test
    void aPrincipalThatMapsToNoUserNamePointsAtAuthToLocal() {
        BenchException e = KerberosFailures.loginFailure("alice@OTHER.ORG", KEYTAB, new KerberosAuthException(
                "failure", new LoginException("java.lang.IllegalArgumentException: No rules applied to alice@OTHER.ORG")));

        assertThat(e.getMessage()).isEqualTo("hadoop.security.auth_to_local gives alice@OTHER.ORG no user name on this"
                + " cluster: use a principal of the cluster's realm, or a configuration with a rule for it");
    }

    @Test
    void anyOtherLoginFailureNamesThePrincipalTheKeytabAndJavasReason() {
        assertThat(login("KDC has no support for encryption type (14)").getMessage()).isEqualTo("Kerberos login as"
                + " alice@EXAMPLE.COM with the keytab " + KEYTAB + " failed: KDC has no support for encryption type (14)");
    }

    @Test
    void aTicketThatRanOutWhileRunningIsOneLineWithJavasReason() {
        GSSException gss = new GSSException(GSSException.NO_CRED, -1, "Failed to find any Kerberos tgt");
        IOException e = new IOException("DestHost:destPort nn:8020 , LocalHost:localPort gw/10.0.0.1:0. Failed on local"
                + " exception: java.io.IOException: javax.security.sasl.SaslException: GSS initiate failed",
                new IOException(new SaslException("GSS initiate failed", gss)));

        BenchException line = KerberosFailures.whileRunning(e).orElseThrow();

        assertThat(line.errorCode()).isEqualTo(ErrorCode.KERBEROS_AUTHENTICATION_FAILED);
        assertThat(line.getMessage()).isEqualTo("Kerberos authentication failed while the program ran: No valid"
                + " credentials provided (Mechanism level: Failed to find any Kerberos tgt) (klist shows the ticket; run"
                + " kinit, or give -principal and -keytab, and run again)");
    }

    @Test
    void aTokenTheServerRejectsIsAnAuthenticationFailure() {
        RemoteException e = new RemoteException(InvalidToken.class.getName(),
                "token (HDFS_DELEGATION_TOKEN token 7 for alice) can't be found in cache");

        assertThat(KerberosFailures.whileRunning(new IOException(e)).orElseThrow().getMessage()).isEqualTo("Kerberos"
                + " authentication failed while the program ran: token (HDFS_DELEGATION_TOKEN token 7 for alice) can't"
                + " be found in cache (klist shows the ticket; run kinit, or give -principal and -keytab, and run"
                + " again)");
    }

    @Test
    void aClientWithNoWayToAuthenticateIsAnAuthenticationFailure() {
        AccessControlException e = new AccessControlException("Client cannot authenticate via:[TOKEN, KERBEROS]");

        assertThat(KerberosFailures.whileRunning(e)).isPresent();
    }

    @Test
    void aConfigurationWithoutTheServersPrincipalIsSaidToBeIncomplete() {
        IOException e = new IOException("Failed on local exception", new SaslException("Bad Kerberos server principal"
                + " configuration", new IllegalArgumentException("Failed to specify server's Kerberos principal name")));

        assertThat(KerberosFailures.whileRunning(e).orElseThrow().getMessage()).isEqualTo("this configuration names no"
                + " Kerberos principal for a server the program calls (dfs.namenode.kerberos.principal for HDFS,"
                + " yarn.resourcemanager.principal for YARN): use the secured cluster's configuration (HADOOP_CONF_DIR)");
    }

    @Test
    void aPermissionDeniedIsNoAuthenticationFailure() {
        assertThat(KerberosFailures.whileRunning(new AccessControlException(
                "Permission denied: user=alice, access=WRITE, inode=\"/benchmarks\":hdfs:supergroup:drwxr-xr-x")))
                .isEmpty();
        assertThat(KerberosFailures.whileRunning(new IOException("Connection refused"))).isEmpty();
    }
}
