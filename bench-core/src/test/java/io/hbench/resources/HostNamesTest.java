package io.hbench.resources;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HostNamesTest {
    /** A machine "vm" whose /etc/hosts maps its name to 127.0.0.1, as on the machine issue 33 was found on. */
    private final FakeResolver vm = new FakeResolver("vm", "127.0.0.1", "10.0.0.5")
            .resolving("vm", "127.0.0.1").resolving("localhost", "127.0.0.1");

    @Test
    void loopbackLocalhostAndThisMachinesAddressesAllGoByItsOwnName() {
        HostNames names = new HostNames(vm);

        assertThat(List.of("vm", "127.0.0.1", "localhost", "LOCALHOST", "::1", "10.0.0.5", " vm "))
                .allSatisfy(host -> assertThat(names.nameOf(host)).as(host).isEqualTo("vm"));
        assertThat(names.ownName()).isEqualTo("vm");
    }

    @Test
    void aNameThatResolvesToThisMachineIsThisMachine() {
        HostNames names = new HostNames(vm.resolving("vm-alias.example.com", "10.0.0.5"));

        assertThat(names.nameOf("vm-alias.example.com")).isEqualTo("vm");
    }

    @Test
    void anotherHostsAddressGoesByTheNameItResolvesBackToMadeShort() {
        FakeResolver cluster = vm.resolving("w1.example.com", "10.0.0.11").resolving("w1", "10.0.0.11")
                .reversing("10.0.0.11", "W1.example.com");
        HostNames names = new HostNames(cluster);

        assertThat(names.nameOf("10.0.0.11")).isEqualTo("w1");
        assertThat(names.nameOf("w1.example.com")).isEqualTo("w1");
        assertThat(names.nameOf("W1")).isEqualTo("w1");
    }

    @Test
    void anAddressThatResolvesToNoNameStaysAsItIs() {
        HostNames names = new HostNames(vm);

        assertThat(names.nameOf("10.0.0.12")).isEqualTo("10.0.0.12");
        assertThat(names.nameOf("fd00::12")).isEqualTo("fd00::12");
    }

    @Test
    void aFullNameStaysWholeWhereItsShortNameIsAnotherHostOrNone() {
        // Two domains, each with a w1: the short name here is the other one.
        FakeResolver twoDomains = vm.resolving("w1.dc1.example.com", "10.1.0.1").resolving("w1", "10.2.0.1")
                .resolving("w2.dc1.example.com", "10.1.0.2");
        HostNames names = new HostNames(twoDomains);

        assertThat(names.nameOf("w1.dc1.example.com")).isEqualTo("w1.dc1.example.com");
        assertThat(names.nameOf("w2.dc1.example.com")).as("w2 resolves to nothing").isEqualTo("w2.dc1.example.com");
        assertThat(names.nameOf("w3.dc1.example.com")).as("resolves to nothing at all")
                .isEqualTo("w3.dc1.example.com");
    }

    @Test
    void thisMachinesFullNameIsMadeShortByTheSameRule() {
        FakeResolver full = new FakeResolver("gw.example.com", "127.0.0.1", "10.0.0.1")
                .resolving("gw.example.com", "10.0.0.1").resolving("gw", "10.0.0.1");
        HostNames names = new HostNames(full);

        assertThat(names.ownName()).isEqualTo("gw");
        assertThat(names.nameOf("127.0.0.1")).isEqualTo("gw");
    }

    @Test
    void aMachineThatCannotNameItselfIsUnknown() {
        HostNames names = new HostNames(new FakeResolver(null, "127.0.0.1"));

        assertThat(names.nameOf("localhost")).isEqualTo("unknown");
    }

    @Test
    void eachNameIsLookedUpOncePerProcess() {
        FakeResolver cluster = vm.resolving("w1.example.com", "10.0.0.11").resolving("w1", "10.0.0.11");
        HostNames names = new HostNames(cluster);

        for (int i = 0; i < 3; i++) {
            assertThat(names.nameOf("w1.example.com")).isEqualTo("w1");
            assertThat(names.nameOf("127.0.0.1")).isEqualTo("vm");
        }

        // w1.example.com: is it this machine (1), then it and its short form (2); 127.0.0.1 (1); vm has no short form.
        assertThat(cluster.lookups).containsExactlyInAnyOrder("w1.example.com", "w1.example.com", "w1", "127.0.0.1");
    }

    /** Names resolve as told, and nothing else resolves; it counts the lookups. */
    private static final class FakeResolver implements HostNames.Resolver {
        private final String ownName;
        private final List<InetAddress> ownAddresses = new ArrayList<>();
        private final Map<String, List<InetAddress>> addresses = new HashMap<>();
        private final Map<InetAddress, String> reverse = new HashMap<>();
        final List<String> lookups = new ArrayList<>();

        FakeResolver(String ownName, String... ownAddresses) {
            this.ownName = ownName;
            for (String address : ownAddresses) {
                this.ownAddresses.add(literal(address));
            }
        }

        FakeResolver resolving(String name, String address) {
            addresses.put(name, List.of(literal(address)));
            return this;
        }

        FakeResolver reversing(String address, String name) {
            reverse.put(literal(address), name);
            return this;
        }

        @Override
        public String ownName() throws IOException {
            if (ownName == null) {
                throw new IOException("no name");
            }
            return ownName;
        }

        @Override
        public List<InetAddress> ownAddresses() {
            return ownAddresses;
        }

        @Override
        public List<InetAddress> resolve(String host) throws UnknownHostException {
            lookups.add(host);
            if (host.contains(":") || host.chars().allMatch(c -> c == '.' || Character.isDigit(c))) {
                return List.of(literal(host));
            }
            List<InetAddress> found = addresses.get(host);
            if (found == null) {
                throw new UnknownHostException(host);
            }
            return found;
        }

        @Override
        public String reverse(InetAddress address) {
            return reverse.getOrDefault(address, address.getHostAddress());
        }

        private static InetAddress literal(String address) {
            try {
                return InetAddress.getByName(address);
            } catch (UnknownHostException e) {
                throw new IllegalArgumentException(address, e);
            }
        }
    }
}
