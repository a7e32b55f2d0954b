package io.hbench.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import io.hbench.testing.TestKdc;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.security.UserGroupInformation;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Logins against a real KDC in this JVM: each way a login fails gets its one line, before any server is asked. */
class KerberosLoginTest {
    @TempDir
    static Path temp;

    private static TestKdc kdc;
    private static Path aliceKeytab;

    @BeforeAll
    static void startKdc() throws Exception {
        kdc = TestKdc.start(temp.resolve("kdc"));
        aliceKeytab = kdc.keytab("alice.keytab", "alice");
    }

    @AfterAll
    static void stopKdc() {
        if (kdc != null) {
            kdc.close();
        }
    }

    private static Configuration kerberos() {
        Configuration conf = new Configuration(false);
        conf.set("hadoop.security.authentication", "kerberos");
        return conf;
    }

    private static KerberosLogin withKeytab(String principal, Path keytab) {
        return KerberosLogin.forRun(kerberos(), Optional.of(new KerberosLogin.Keytab(principal, keytab)));
    }

    private static String runAs(KerberosLogin login) throws Exception {
        return login.call(() -> UserGroupInformation.getCurrentUser().getUserName() + " "
                + UserGroupInformation.getCurrentUser().hasKerberosCredentials());
    }

    private static void assertRefused(Runnable login, ErrorCode code, String message) {
        assertThatThrownBy(login::run).isInstanceOfSatisfying(BenchException.class, e -> {
            assertThat(e.errorCode()).isEqualTo(code);
            assertThat(e.getMessage()).isEqualTo(message);
        });
    }

    @Test
    void aKeytabLoginRunsTheProgramAsItsPrincipal() throws Exception {
        try (KerberosLogin login = withKeytab("alice@EXAMPLE.COM", aliceKeytab)) {
            assertThat(runAs(login)).isEqualTo("alice@EXAMPLE.COM true");
        }
    }

    @Test
    void aPrincipalWithoutRealmIsInTheDefaultRealm() throws Exception {
        try (KerberosLogin login = withKeytab("alice", aliceKeytab)) {
            assertThat(runAs(login)).isEqualTo("alice@EXAMPLE.COM true");
        }
    }

    @Test
    void hostPatternStandsForThisHostsName() throws Exception {
        String host = org.apache.hadoop.security.SecurityUtil.getServerPrincipal("dn/_HOST@EXAMPLE.COM", (String) null);
        Path keytab = kdc.keytab("dn.keytab", host.substring(0, host.indexOf('@')));

        try (KerberosLogin login = withKeytab("dn/_HOST@EXAMPLE.COM", keytab)) {
            assertThat(runAs(login)).isEqualTo(host + " true");
        }
    }

    @Test
    void aMissingKeytabIsNamed() {
        Path missing = temp.resolve("nobody.keytab");

        assertRefused(() -> withKeytab("alice@EXAMPLE.COM", missing), ErrorCode.KEYTAB_UNREADABLE,
                "cannot read the keytab " + missing + " (no such file): give -keytab a keytab file this user can read");
    }

    @Test
    void aDirectoryIsNoKeytab() {
        assertRefused(() -> withKeytab("alice@EXAMPLE.COM", temp), ErrorCode.KEYTAB_UNREADABLE,
                "cannot read the keytab " + temp + " (not a regular file): give -keytab a keytab file this user can"
                        + " read");
    }

    @Test
    void aFileThatIsNotAKeytabIsSaidToBeNone() throws Exception {
        Path text = Files.writeString(temp.resolve("notes.txt"), "alice's password is not here\n");

        assertRefused(() -> withKeytab("alice@EXAMPLE.COM", text), ErrorCode.KEYTAB_UNREADABLE,
                "-keytab " + text + " is not a keytab file (klist -kt " + text + " shows what a keytab holds): give the"
                        + " keytab of alice@EXAMPLE.COM");
    }

    @Test
    void aPrincipalTheKeytabLacksIsNamedWithWhatItHolds() {
        assertRefused(() -> withKeytab("bob@EXAMPLE.COM", aliceKeytab), ErrorCode.KEYTAB_LACKS_PRINCIPAL,
                "the keytab " + aliceKeytab + " has no key for bob@EXAMPLE.COM (it holds alice@EXAMPLE.COM; klist -kt "
                        + aliceKeytab + " lists them): check -principal and -keytab");
    }

    @Test
    void aPrincipalTheKdcDoesNotKnowIsNamed() throws Exception {
        Path keytab = kdc.keytabWithUnknownKey("ghost.keytab", "ghost");

        assertRefused(() -> withKeytab("ghost@EXAMPLE.COM", keytab), ErrorCode.KERBEROS_LOGIN_FAILED,
                "the KDC of realm EXAMPLE.COM does not know the principal ghost@EXAMPLE.COM: check -principal (klist -kt "
                        + keytab + " lists the keytab's principals)");
    }

    @Test
    void aKeyTheKdcRefusesMeansAnOutdatedKeytab() throws Exception {
        kdc.keytab("carol.keytab", "carol");
        Path outdated = kdc.keytabWithUnknownKey("carol-old.keytab", "carol");

        assertRefused(() -> withKeytab("carol@EXAMPLE.COM", outdated), ErrorCode.KERBEROS_LOGIN_FAILED,
                "the KDC refused the key of carol@EXAMPLE.COM in " + outdated + ": the keytab is out of date (the"
                        + " principal's password or key version changed since); get a new keytab");
    }

    @Test
    void aKdcThatCannotBeReachedIsSaidToBe() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        Path krb5 = Files.writeString(temp.resolve("unreachable-krb5.conf"), "[libdefaults]\n"
                + " default_realm = EXAMPLE.COM\n udp_preference_limit = 1\n kdc_timeout = 2000\n max_retries = 1\n"
                + "[realms]\n EXAMPLE.COM = {\n  kdc = localhost:" + closedPort + "\n }\n");
        String saved = System.getProperty("java.security.krb5.conf");
        System.setProperty("java.security.krb5.conf", krb5.toString());
        try {
            assertRefused(() -> withKeytab("alice@EXAMPLE.COM", aliceKeytab), ErrorCode.KERBEROS_LOGIN_FAILED,
                    "cannot reach a Kerberos KDC of realm EXAMPLE.COM to log in as alice@EXAMPLE.COM: check that the KDC"
                            + " runs and that krb5.conf names it (kdc = host under [realms] EXAMPLE.COM)");
        } finally {
            System.setProperty("java.security.krb5.conf", saved);
        }
    }

    @Test
    void theTicketCacheOfKinitIsUsedWithoutFlags() throws Exception {
        Path cache = kdc.ticketCache(temp.resolve("krb5cc_valid"), "alice@EXAMPLE.COM", aliceKeytab, false);
        Configuration conf = kerberos();
        conf.set(KerberosLogin.TICKET_CACHE_KEY, cache.toString());

        try (KerberosLogin login = KerberosLogin.forRun(conf, Optional.empty())) {
            assertThat(runAs(login)).isEqualTo("alice@EXAMPLE.COM true");
        }
    }

    @Test
    void noTicketMeansRunKinit() {
        Configuration conf = kerberos();
        Path cache = temp.resolve("krb5cc_none");
        conf.set(KerberosLogin.TICKET_CACHE_KEY, cache.toString());

        assertRefused(() -> KerberosLogin.forRun(conf, Optional.empty()), ErrorCode.KERBEROS_NO_TICKET,
                "no Kerberos ticket for " + System.getProperty("user.name") + " (ticket cache " + cache + "): run kinit,"
                        + " or give -principal and -keytab");
    }

    @Test
    void anExpiredTicketIsSaidToHaveExpired() throws Exception {
        Path cache = kdc.ticketCache(temp.resolve("krb5cc_expired"), "alice@EXAMPLE.COM", aliceKeytab, true);
        Configuration conf = kerberos();
        conf.set(KerberosLogin.TICKET_CACHE_KEY, cache.toString());

        assertThatThrownBy(() -> KerberosLogin.forRun(conf, Optional.empty()))
                .isInstanceOfSatisfying(BenchException.class, e -> {
                    assertThat(e.errorCode()).isEqualTo(ErrorCode.KERBEROS_TICKET_EXPIRED);
                    assertThat(e.getMessage()).matches("the Kerberos ticket of alice@EXAMPLE\\.COM expired at"
                            + " \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC \\(ticket cache " + cache
                            + "\\): run kinit, or give -principal and -keytab");
                });
    }

    @Test
    void aTicketJavaCouldNotUseSaysUntilWhenItIsValidToTheSecondWithTheZone() throws Exception {
        Path cache = kdc.ticketCache(temp.resolve("krb5cc_unused"), "alice@EXAMPLE.COM", aliceKeytab, true);
        Configuration conf = kerberos();
        conf.set(KerberosLogin.TICKET_CACHE_KEY, cache.toString());

        // Long before the ticket's end, as a clock that runs behind the KDC's would see it.
        BenchException e = TicketCache.problem(TicketCache.location(conf, null), Instant.EPOCH, null);

        assertThat(e.errorCode()).isEqualTo(ErrorCode.KERBEROS_NO_TICKET);
        assertThat(e.getMessage()).matches("Java could not use the Kerberos ticket of alice@EXAMPLE\\.COM in " + cache
                + ", valid until \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC \\(-D hbench\\.debug=true .*");
    }

    @Test
    void aKeytabForAnUnsecuredClusterIsRefused() {
        assertRefused(() -> KerberosLogin.forRun(new Configuration(false), Optional.of(
                new KerberosLogin.Keytab("alice@EXAMPLE.COM", aliceKeytab))), ErrorCode.CONFLICTING_OPTIONS,
                "-principal and -keytab log in to a Kerberos-secured cluster, but this configuration's"
                        + " hadoop.security.authentication is simple: use the secured cluster's configuration"
                        + " (HADOOP_CONF_DIR), or leave them out");
    }

    @Test
    void anUnsecuredClusterRunsTheProgramAsThisProcessUser() throws Exception {
        Thread caller = Thread.currentThread();
        try (KerberosLogin login = KerberosLogin.forRun(new Configuration(false), Optional.empty())) {
            assertThat(login.call(Thread::currentThread)).isSameAs(caller);
        }
    }

    @Test
    void closingAKeytabLoginStopsItsRenewal() throws Exception {
        withKeytab("alice@EXAMPLE.COM", aliceKeytab).close();

        for (int tries = 0; tries < 100 && renewalThreads() > 0; tries++) {
            Thread.sleep(20);
        }
        assertThat(renewalThreads()).isZero();
    }

    private static long renewalThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(thread -> thread.getName().equals("hbench-kerberos-renewal") && thread.isAlive()).count();
    }
}
