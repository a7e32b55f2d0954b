package io.hbench.bsp.benchbase;

import static java.util.Objects.requireNonNull;

import io.hbench.cli.FlagValues;
import java.net.InetSocketAddress;
import java.util.Objects;

/**
 * Where a run whose peers are started by hand waits for them ({@code -listen}): a host and a port as the user gave
 * them, which read as {@code host:port} wherever they are shown or recorded. The host is resolved only when the
 * coordinator binds it.
 */
public final class ListenAddress {
    private final String host;
    private final int port;

    /** @param port 0 for any free port */
    public ListenAddress(String host, int port) {
        this.host = requireNonNull(host, "host is null");
        if (host.isBlank()) {
            throw new IllegalArgumentException("the host is blank");
        }
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("the port must be from 0 to 65535, not " + port);
        }
        this.port = port;
    }

    /** The value of {@code flag}, {@code host:port} (an empty host: every interface), or a user error naming it. */
    public static ListenAddress parse(String flag, String text) {
        InetSocketAddress address = FlagValues.hostPort(flag, text);
        return new ListenAddress(address.getHostString(), address.getPort());
    }

    public String host() {
        return host;
    }

    public int port() {
        return port;
    }

    /** The address to bind, its host not yet resolved. */
    public InetSocketAddress socketAddress() {
        return InetSocketAddress.createUnresolved(host, port);
    }

    @Override
    public boolean equals(Object obj) {
        if (!(obj instanceof ListenAddress)) {
            return false;
        }
        ListenAddress that = (ListenAddress) obj;
        return host.equals(that.host) && port == that.port;
    }

    @Override
    public int hashCode() {
        return Objects.hash(host, port);
    }

    /** {@code host:port}, as the user gave it. */
    @Override
    public String toString() {
        return host + ":" + port;
    }
}
