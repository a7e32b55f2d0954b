package io.hbench.testing;

import static java.util.Objects.requireNonNull;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import javax.security.auth.Subject;
import javax.security.auth.login.AppConfigurationEntry;
import javax.security.auth.login.LoginContext;
import org.apache.hadoop.minikdc.MiniKdc;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.authentication.util.KerberosName;
import org.apache.kerby.kerberos.kerb.client.KrbClient;
import org.apache.kerby.kerberos.kerb.client.KrbConfig;
import org.apache.kerby.kerberos.kerb.crypto.EncryptionHandler;
import org.apache.kerby.kerberos.kerb.keytab.Keytab;
import org.apache.kerby.kerberos.kerb.keytab.KeytabEntry;
import org.apache.kerby.kerberos.kerb.type.KerberosTime;
import org.apache.kerby.kerberos.kerb.type.base.EncryptionType;
import org.apache.kerby.kerberos.kerb.type.base.PrincipalName;
import org.apache.kerby.kerberos.kerb.type.ticket.TgtTicket;

/**
 * A KDC in this JVM (Hadoop's MiniKdc, realm EXAMPLE.COM) with Java's Kerberos pointed at it, for one
 * test class. Test classes share a surefire JVM, so {@link #close} puts back what {@link #start}
 * changed: the system properties, Hadoop's static login state and its default realm.
 */
public final class TestKdc implements AutoCloseable {
    private static final String KRB5_CONF = "java.security.krb5.conf";
    /** Java 17 follows KDC referrals, which the MiniKdc answers wrongly ("Message stream modified"). */
    private static final String DISABLE_REFERRALS = "sun.security.krb5.disableReferrals";

    private final MiniKdc kdc;
    private final Path dir;
    private final String savedKrb5Conf;
    private final String savedDisableReferrals;

    private TestKdc(MiniKdc kdc, Path dir, String savedKrb5Conf, String savedDisableReferrals) {
        this.kdc = kdc;
        this.dir = dir;
        this.savedKrb5Conf = savedKrb5Conf;
        this.savedDisableReferrals = savedDisableReferrals;
    }

    /** Starts a KDC keeping its files (and the keytabs made here) in {@code dir}. */
    public static TestKdc start(Path dir) throws Exception {
        requireNonNull(dir, "dir is null");
        String savedKrb5Conf = System.getProperty(KRB5_CONF);
        String savedDisableReferrals = System.getProperty(DISABLE_REFERRALS);
        System.setProperty(DISABLE_REFERRALS, "true");
        Files.createDirectories(dir);
        Properties settings = MiniKdc.createConf();
        MiniKdc kdc = new MiniKdc(settings, Files.createDirectories(dir.resolve("kdc")).toFile());
        kdc.start();
        TestKdc started = new TestKdc(kdc, dir, savedKrb5Conf, savedDisableReferrals);
        started.refreshJavaConfiguration();
        return started;
    }

    /**
     * Java reads krb5.conf once and keeps it; an earlier test class may have read it before this KDC wrote its own.
     * A login that asks for a refresh makes Java read the new one, and Hadoop then learns the default realm from it.
     */
    private void refreshJavaConfiguration() throws Exception {
        Path keytab = keytab("refresh.keytab", "refresh");
        javax.security.auth.login.Configuration jaas = new javax.security.auth.login.Configuration() {
            @Override
            public AppConfigurationEntry[] getAppConfigurationEntry(String name) {
                return new AppConfigurationEntry[] {new AppConfigurationEntry(
                        "com.sun.security.auth.module.Krb5LoginModule",
                        AppConfigurationEntry.LoginModuleControlFlag.REQUIRED,
                        Map.of("refreshKrb5Config", "true", "useKeyTab", "true", "keyTab", keytab.toString(),
                                "principal", principal("refresh"), "doNotPrompt", "true", "storeKey", "false"))};
            }
        };
        LoginContext login = new LoginContext("refresh", new Subject(), null, jaas);
        login.login();
        login.logout();
        KerberosName.resetDefaultRealm();
    }

    public String realm() {
        return kdc.getRealm();
    }

    public int port() {
        return kdc.getPort();
    }

    /** {@code name} in this KDC's realm, e.g. alice@EXAMPLE.COM. */
    public String principal(String name) {
        return name + "@" + realm();
    }

    /** Creates the principals (names without realm) with random keys, and a keytab {@code fileName} holding them. */
    public Path keytab(String fileName, String... names) throws Exception {
        File file = dir.resolve(fileName).toFile();
        kdc.createPrincipal(file, names);
        return file.toPath();
    }

    /**
     * Writes a keytab holding a random key for {@code name}, one the KDC does not have: the KDC refuses it if it
     * knows the principal, and does not know the principal otherwise unless it was created.
     */
    public Path keytabWithUnknownKey(String fileName, String name) throws Exception {
        Keytab keytab = new Keytab();
        keytab.addEntry(new KeytabEntry(new PrincipalName(principal(name)), new KerberosTime(), 1,
                EncryptionHandler.random2Key(EncryptionType.AES128_CTS_HMAC_SHA1_96)));
        Path file = dir.resolve(fileName);
        keytab.store(file.toFile());
        return file;
    }

    /**
     * Writes a ticket cache holding a ticket-granting ticket of {@code principal}, got with its keytab, as kinit
     * would; with {@code expired}, the cache says the ticket ended an hour ago (and cannot be renewed).
     */
    public Path ticketCache(Path file, String principal, Path keytab, boolean expired) throws Exception {
        KrbClient client = new KrbClient(new KrbConfig());
        client.setKdcHost(kdc.getHost());
        client.setKdcRealm(realm());
        client.setKdcTcpPort(port());
        client.setAllowUdp(false);
        client.init();
        TgtTicket tgt = client.requestTgt(principal, keytab.toFile());
        if (expired) {
            KerberosTime hourAgo = new KerberosTime(System.currentTimeMillis() - 3_600_000L);
            tgt.getEncKdcRepPart().setEndTime(hourAgo);
            tgt.getEncKdcRepPart().setRenewTill(hourAgo);
        }
        Files.deleteIfExists(file);
        client.storeTicket(tgt, file.toFile());
        return file;
    }

    @Override
    public void close() {
        kdc.stop();
        restore(KRB5_CONF, savedKrb5Conf);
        restore(DISABLE_REFERRALS, savedDisableReferrals);
        UserGroupInformation.reset();
        KerberosName.resetDefaultRealm();
    }

    private static void restore(String property, String value) {
        if (value == null) {
            System.clearProperty(property);
        } else {
            System.setProperty(property, value);
        }
    }
}
