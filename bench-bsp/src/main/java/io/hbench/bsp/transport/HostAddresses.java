package io.hbench.bsp.transport;

import java.io.UncheckedIOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.Socket;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * Which of this host's addresses peers on other hosts are told to connect to when none is configured. The host's
 * name is no answer by itself: Debian's default /etc/hosts maps it to 127.0.1.1, and some gateways map it to
 * 127.0.0.1, so a job that advertised the name's address would send its peers to their own loopback.
 *
 * <p>The choice, among the addresses of the interfaces that are up, leaving out loopback, wildcard, link-local
 * and multicast addresses (link-local ones need a scope and seldom route between hosts): the address the host's
 * name resolves to, if it is one of them, since that is the one the cluster's administrators chose; else the
 * first IPv4 site-local address (10/8, 172.16/12, 192.168/16), where cluster networks usually are; else the first
 * other IPv4 address; else the first IPv6 one. "First" is the order the system lists its interfaces in. None:
 * empty, and the caller asks the user to configure one.
 */
public final class HostAddresses {
    /** What the choice needs to know of this host's network; tests give a fake. */
    public interface Network {
        /** What this host's name resolves to. */
        List<InetAddress> hostNameAddresses() throws UnknownHostException;

        /** Every address of every interface that is up, in the order the system lists them. */
        List<InetAddress> interfaceAddresses() throws SocketException;

        /** What {@code host}, a name or a literal address, resolves to. */
        List<InetAddress> resolve(String host) throws UnknownHostException;
    }

    /** This host's real network. */
    public static final Network SYSTEM = new Network() {
        @Override
        public List<InetAddress> hostNameAddresses() throws UnknownHostException {
            return resolve(InetAddress.getLocalHost().getHostName());
        }

        @Override
        public List<InetAddress> interfaceAddresses() throws SocketException {
            List<InetAddress> addresses = new ArrayList<>();
            for (NetworkInterface each : Collections.list(NetworkInterface.getNetworkInterfaces())) {
                if (each.isUp()) {
                    addresses.addAll(Collections.list(each.getInetAddresses()));
                }
            }
            return addresses;
        }

        @Override
        public List<InetAddress> resolve(String host) throws UnknownHostException {
            return Arrays.asList(InetAddress.getAllByName(host));
        }

        @Override
        public String toString() {
            return "this host's network";
        }
    };

    private HostAddresses() {
    }

    /** The address peers on other hosts should reach this host at; empty if this host has none but loopback. */
    public static Optional<InetAddress> reachable(Network network) {
        List<InetAddress> candidates = new ArrayList<>();
        try {
            for (InetAddress address : network.interfaceAddresses()) {
                if (!address.isLoopbackAddress() && !address.isAnyLocalAddress() && !address.isLinkLocalAddress()
                        && !address.isMulticastAddress()) {
                    candidates.add(address);
                }
            }
        } catch (SocketException e) {
            // The interfaces cannot be listed: as if there were none, which asks the user to name the address.
            return Optional.empty();
        }
        try {
            for (InetAddress named : network.hostNameAddresses()) {
                // InetAddress.equals compares the address bytes only, so the interface's copy matches.
                if (candidates.contains(named)) {
                    return Optional.of(named);
                }
            }
        } catch (UnknownHostException e) {
            // A host name that does not resolve says nothing; the interfaces still do.
        }
        Predicate<InetAddress> ipv4 = address -> address instanceof Inet4Address;
        return first(candidates, ipv4.and(InetAddress::isSiteLocalAddress))
                .or(() -> first(candidates, ipv4))
                .or(() -> first(candidates, address -> true));
    }

    /**
     * What to advertise for a listener on the wildcard address, which names no address of its own: the reachable
     * one, or, on a host with none, loopback, the only one that can reach it then. Whoever needs peers on other
     * hosts has checked there is a reachable one before it listened.
     */
    public static InetAddress wildcardStandIn() {
        return reachable(SYSTEM).orElse(InetAddress.getLoopbackAddress());
    }

    /** The loopback address {@code host} resolves to, if it does; empty if it resolves to none or not at all. */
    public static Optional<InetAddress> loopback(Network network, String host) {
        try {
            return first(network.resolve(host), InetAddress::isLoopbackAddress);
        } catch (UnknownHostException e) {
            // Binding to it will fail with its own message.
            return Optional.empty();
        }
    }

    /** Whether {@code host} is the wildcard address, which listens on every interface and names none. */
    public static boolean wildcard(Network network, String host) {
        try {
            return network.resolve(host).stream().anyMatch(InetAddress::isAnyLocalAddress);
        } catch (UnknownHostException e) {
            return false;
        }
    }

    /** The address as a literal peers can connect to, without an IPv6 scope, which only means something here. */
    public static String text(InetAddress address) {
        try {
            return InetAddress.getByAddress(address.getAddress()).getHostAddress();
        } catch (UnknownHostException e) {
            throw new UncheckedIOException("cannot happen: the address's own bytes", e);
        }
    }

    /** The other end of a connection, as refusals and failures name it: address:port. */
    public static String remote(Socket socket) {
        return text(socket.getInetAddress()) + ":" + socket.getPort();
    }

    private static Optional<InetAddress> first(List<InetAddress> addresses, Predicate<InetAddress> test) {
        return addresses.stream().filter(test).findFirst();
    }
}
