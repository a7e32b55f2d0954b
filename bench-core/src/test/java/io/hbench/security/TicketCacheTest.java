package io.hbench.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import java.nio.file.Paths;
import java.time.Instant;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/** Which ticket cache Java reads, as kinit and Java agree on it. */
class TicketCacheTest {
    @Test
    void aFileCacheOfKrb5ccnameIsReadWithOrWithoutItsType() {
        Configuration conf = new Configuration(false);

        assertThat(TicketCache.location(conf, "FILE:/tmp/krb5cc_1000_x").file).contains(Paths.get("/tmp/krb5cc_1000_x"));
        assertThat(TicketCache.location(conf, "/tmp/krb5cc_1000_y").file).contains(Paths.get("/tmp/krb5cc_1000_y"));
    }

    @Test
    void hadoopsTicketCacheSettingComesBeforeKrb5ccname() {
        Configuration conf = new Configuration(false);
        conf.set(KerberosLogin.TICKET_CACHE_KEY, "/data/alice.cc");

        assertThat(TicketCache.location(conf, "FILE:/tmp/krb5cc_0").file).contains(Paths.get("/data/alice.cc"));
    }

    @Test
    void withoutEitherItIsTheDefaultCacheOfThisUid() {
        assertThat(TicketCache.location(new Configuration(false), null).file.orElseThrow().toString())
                .matches("/tmp/krb5cc_\\d+");
    }

    @Test
    void aKeyringCacheIsSaidToBeOneJavaCannotRead() {
        BenchException e = TicketCache.problem(TicketCache.location(new Configuration(false), "KEYRING:persistent:1000"),
                Instant.now(), null);

        assertThat(e.errorCode()).isEqualTo(ErrorCode.KERBEROS_NO_TICKET);
        assertThat(e.getMessage()).isEqualTo("no Kerberos ticket for " + System.getProperty("user.name") + " that Java"
                + " can read: KRB5CCNAME is KEYRING:persistent:1000, and Java reads only FILE: ticket caches, not KEYRING:"
                + " ones; run kinit -c FILE:/tmp/krb5cc_$(id -u) and export KRB5CCNAME=FILE:/tmp/krb5cc_$(id -u), or"
                + " give -principal and -keytab");
    }
}
