package io.hbench.bsp.runners;

import io.hbench.bsp.transport.HostAddresses;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A host's network as {@link HostAddresses} sees it, made up: its name's addresses, its up interfaces' addresses
 * and the names it can resolve. Literal addresses resolve to themselves; other names it was not told fail.
 */
final class FakeNetwork implements HostAddresses.Network {
    private final String hostName;
    private final List<InetAddress> interfaces;
    private final Map<String, List<InetAddress>> names = new LinkedHashMap<>();

    /** @param hostName this host's name, resolving to {@code hostNameAddress} */
    FakeNetwork(String hostName, String hostNameAddress, String... interfaceAddresses) {
        this.hostName = hostName;
        this.interfaces = new ArrayList<>();
        for (String address : interfaceAddresses) {
            interfaces.add(literal(address));
        }
        names.put(hostName, List.of(literal(hostNameAddress)));
    }

    /** Debian's default: the host name maps to 127.0.1.1. */
    static FakeNetwork debianGateway(String... interfaceAddresses) {
        return new FakeNetwork("gateway", "127.0.1.1", interfaceAddresses);
    }

    FakeNetwork resolving(String name, String address) {
        names.put(name, List.of(literal(address)));
        return this;
    }

    @Override
    public List<InetAddress> hostNameAddresses() throws UnknownHostException {
        return resolve(hostName);
    }

    @Override
    public List<InetAddress> interfaceAddresses() {
        return interfaces;
    }

    @Override
    public List<InetAddress> resolve(String host) throws UnknownHostException {
        List<InetAddress> known = names.get(host);
        if (known != null) {
            return known;
        }
        if (host.matches("[0-9.]+") || host.contains(":")) {
            return List.of(literal(host));
        }
        throw new UnknownHostException(host + ": not a name this fake network knows");
    }

    private static InetAddress literal(String address) {
        try {
            // A literal is parsed, never looked up.
            return InetAddress.getByName(address);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("not a literal address: " + address, e);
        }
    }

    @Override
    public String toString() {
        return "host " + hostName + " (" + names.get(hostName) + ") with interfaces " + interfaces;
    }
}
