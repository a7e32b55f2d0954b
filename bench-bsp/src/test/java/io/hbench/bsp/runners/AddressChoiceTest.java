package io.hbench.bsp.runners;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.hbench.bsp.BspJobSpec;
import io.hbench.bsp.BspSettings;
import io.hbench.bsp.testing.TestPrograms;
import io.hbench.error.BenchException;
import io.hbench.error.ErrorKind;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/**
 * Which address the coordinator and the peers advertise, on made-up networks: never loopback to peers on other
 * hosts, loopback for peers in this process, and one line naming the key when there is nothing to choose.
 */
class AddressChoiceTest {
    /** Nothing is submitted, so nothing is said. */
    private static final PrintStream NOWHERE = new PrintStream(OutputStream.nullOutputStream());
    private static final String NO_ADDRESS = "this host has no non-loopback address that peers on other hosts can"
            + " reach; set -D hbench.bsp.coordinator.address=<an address of this host the cluster's hosts can reach>";

    @Test
    void aHostNameThatResolvesToLoopbackGivesWayToTheNonLoopbackInterface() {
        FakeNetwork network = FakeNetwork.debianGateway("127.0.0.1", "::1", "fe80::1", "192.0.2.2", "10.1.2.3");

        InetSocketAddress address = BspSettings.coordinatorAddress(new Configuration(false), false, network);

        assertThat(address.getHostString()).as("site-local IPv4 before other IPv4").isEqualTo("10.1.2.3");
    }

    @Test
    void theAddressTheHostNameResolvesToWinsWhenItIsAnInterfacesAndNotLoopback() {
        FakeNetwork network = new FakeNetwork("node7", "192.168.5.7", "127.0.0.1", "172.17.0.1", "192.168.5.7");

        assertThat(BspSettings.coordinatorAddress(new Configuration(false), false, network).getHostString())
                .isEqualTo("192.168.5.7");
    }

    @Test
    void aHostWithOnlyLoopbackIsRefusedInOneLineNamingTheKey() {
        FakeNetwork network = FakeNetwork.debianGateway("127.0.0.1", "::1", "fe80::1");

        BenchException failure = catchThrowableOfType(
                () -> BspSettings.coordinatorAddress(new Configuration(false), false, network), BenchException.class);

        assertThat(failure.getMessage()).isEqualTo(NO_ADDRESS);
        assertThat(failure.errorCode().kind()).isEqualTo(ErrorKind.USER_ERROR);
    }

    @Test
    void peersInThisProcessUseLoopbackAsBefore() {
        FakeNetwork network = FakeNetwork.debianGateway("127.0.0.1", "10.1.2.3");

        assertThat(BspSettings.coordinatorAddress(new Configuration(false), true, network).getHostString())
                .isEqualTo("127.0.0.1");
        assertThat(BspSettings.dataAddress(new Configuration(false), true, network)).isEqualTo("127.0.0.1");
    }

    @Test
    void aPeerOnAnotherHostAdvertisesItsOwnNonLoopbackAddress() {
        FakeNetwork network = FakeNetwork.debianGateway("127.0.0.1", "10.9.8.7");

        assertThat(BspSettings.dataAddress(new Configuration(false), false, network)).isEqualTo("10.9.8.7");
    }

    @Test
    void aConfiguredLoopbackCoordinatorAddressIsRefusedForPeersOnOtherHosts() {
        Configuration conf = new Configuration(false);
        conf.set(BspSettings.COORDINATOR_ADDRESS_KEY, "gateway");

        BenchException failure = catchThrowableOfType(() -> BspSettings.coordinatorAddress(conf, false,
                FakeNetwork.debianGateway("127.0.0.1", "10.1.2.3")), BenchException.class);

        assertThat(failure.getMessage()).isEqualTo("-D hbench.bsp.coordinator.address=gateway is a loopback address"
                + " (127.0.1.1), which peers on other hosts cannot reach; set -D hbench.bsp.coordinator.address=<an"
                + " address of this host the cluster's hosts can reach>");
        assertThat(failure.errorCode().kind()).isEqualTo(ErrorKind.USER_ERROR);
    }

    @Test
    void aConfiguredWildcardNeedsAReachableAddressToAdvertise() {
        Configuration conf = new Configuration(false);
        conf.set(BspSettings.COORDINATOR_ADDRESS_KEY, "0.0.0.0");

        assertThat(BspSettings.coordinatorAddress(conf, false, FakeNetwork.debianGateway("127.0.0.1", "10.1.2.3"))
                .getHostString()).isEqualTo("0.0.0.0");
        BenchException failure = catchThrowableOfType(() -> BspSettings.coordinatorAddress(conf, false,
                FakeNetwork.debianGateway("127.0.0.1")), BenchException.class);
        assertThat(failure.getMessage()).isEqualTo(NO_ADDRESS);
    }

    @Test
    void aConfiguredCoordinatorAddressIsKeptAsGiven() {
        Configuration conf = new Configuration(false);
        conf.set(BspSettings.COORDINATOR_ADDRESS_KEY, "gw.example.com");

        assertThat(BspSettings.coordinatorAddress(conf, false, FakeNetwork.debianGateway("127.0.0.1", "10.1.2.3")
                .resolving("gw.example.com", "10.1.2.3")).getHostString()).isEqualTo("gw.example.com");
    }

    @Test
    void aYarnJobWithALoopbackCoordinatorIsRefusedBeforeAnythingIsSubmitted() {
        Configuration conf = yarn();
        conf.set(BspSettings.COORDINATOR_ADDRESS_KEY, "127.0.0.1");

        BenchException failure = catchThrowableOfType(() -> new MapReduceBspRunner(conf, NOWHERE,
                FakeNetwork.debianGateway("127.0.0.1", "10.1.2.3")).run(spec()), BenchException.class);

        assertThat(failure.getMessage()).isEqualTo("-D hbench.bsp.coordinator.address=127.0.0.1 is a loopback"
                + " address (127.0.0.1), which peers on other hosts cannot reach; set -D"
                + " hbench.bsp.coordinator.address=<an address of this host the cluster's hosts can reach>");
    }

    @Test
    void aYarnJobOnAHostWithOnlyLoopbackIsRefusedBeforeAnythingIsSubmitted() {
        BenchException failure = catchThrowableOfType(() -> new MapReduceBspRunner(yarn(), NOWHERE,
                FakeNetwork.debianGateway("127.0.0.1", "::1")).run(spec()), BenchException.class);

        assertThat(failure.getMessage()).isEqualTo(NO_ADDRESS);
    }

    @Test
    void aYarnJobWithALoopbackPeerAddressIsRefusedBeforeAnythingIsSubmitted() {
        Configuration conf = yarn();
        conf.set(BspSettings.ADDRESS_KEY, "localhost");

        BenchException failure = catchThrowableOfType(() -> new MapReduceBspRunner(conf, NOWHERE,
                FakeNetwork.debianGateway("127.0.0.1", "10.1.2.3").resolving("localhost", "127.0.0.1")).run(spec()),
                BenchException.class);

        assertThat(failure.getMessage()).isEqualTo("-D hbench.bsp.address=localhost is a loopback address"
                + " (127.0.0.1), which peers on other hosts cannot reach; set -D hbench.bsp.address=<an address of"
                + " this host the cluster's hosts can reach>");
    }

    /** MapReduce on YARN, whose ResourceManager is never asked: every test here fails before that. */
    private static Configuration yarn() {
        Configuration conf = new Configuration(false);
        conf.set("mapreduce.framework.name", "yarn");
        return conf;
    }

    private static BspJobSpec spec() {
        return BspJobSpec.builder("hello", TestPrograms.Hello.class).peers(2).build();
    }
}
