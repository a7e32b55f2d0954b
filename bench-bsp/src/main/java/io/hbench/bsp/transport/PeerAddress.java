package io.hbench.bsp.transport;

import static java.util.Objects.requireNonNull;

/** A peer's index and the host and port of its data listener: how messages name a peer. */
public final class PeerAddress {
    private final int index;
    private final String host;
    private final int port;

    public PeerAddress(int index, String host, int port) {
        this.index = index;
        this.host = requireNonNull(host, "host is null");
        this.port = port;
    }

    public int index() {
        return index;
    }

    public String host() {
        return host;
    }

    public int port() {
        return port;
    }

    /** "peer 3 (host:port)", as every failure message names a peer. */
    @Override
    public String toString() {
        return "peer " + index + " (" + host + ":" + port + ")";
    }
}
