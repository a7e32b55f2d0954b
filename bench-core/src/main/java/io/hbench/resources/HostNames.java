package io.hbench.resources;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The one name hbench records a host by, in every output of a run and of a suite: task samples, sampled resources, BSP
 * peers, the environment's client, DataNodes and NodeManagers, and so the findings and a suite's summary. Hadoop names
 * one machine in many ways: a task by the name the machine gives itself ("vm"), the embedded cluster's DataNodes by
 * 127.0.0.1, a reverse lookup by "localhost", YARN by a fully qualified name where the host calls itself by its short
 * one. The rules, in order:
 * <ol>
 * <li>This machine ("localhost", a loopback address, an address of one of its interfaces, or a name that resolves to
 * one of those) goes by the name it gives itself, as {@code hostname} prints it, made short by rule 3.
 * <li>An IP address of another host goes by the name it resolves back to, made short by rule 3; one that resolves to no
 * name stays as it is.
 * <li>A fully qualified name goes by its short name (its first label) where the short name resolves to one of the
 * addresses the full one does, so that "w1.example.com" and "w1" are one host; where it does not, or the name does not
 * resolve, it stays whole, since two domains may each have a "w1".
 * </ol>
 * Names are in lower case, as DNS compares them. Each name is looked up once per process and then remembered: a slow
 * resolver costs a run once per host, never once per sample, and every output of the run gets the same answer.
 */
public final class HostNames {
    private static final String UNKNOWN = "unknown";
    private static final HostNames SYSTEM = new HostNames(Resolver.SYSTEM);

    /** What the rules need to know of the network; tests give a fake. */
    interface Resolver {
        /** The name this machine gives itself. */
        String ownName() throws IOException;

        /** The addresses of this machine's interfaces, loopback included. */
        List<InetAddress> ownAddresses() throws SocketException;

        /** What {@code host}, a name or a literal address, resolves to. */
        List<InetAddress> resolve(String host) throws UnknownHostException;

        /** The name {@code address} resolves back to, or its literal if none. */
        String reverse(InetAddress address);

        Resolver SYSTEM = new Resolver() {
            @Override
            public String ownName() throws IOException {
                try {
                    return InetAddress.getLocalHost().getHostName();
                } catch (UnknownHostException e) {
                    // The name does not resolve, and Java gives none then: the kernel still knows it (on Linux).
                    return Files.readString(Path.of("/proc/sys/kernel/hostname"), StandardCharsets.UTF_8).strip();
                }
            }

            @Override
            public List<InetAddress> ownAddresses() throws SocketException {
                List<InetAddress> addresses = new ArrayList<>();
                for (NetworkInterface each : Collections.list(NetworkInterface.getNetworkInterfaces())) {
                    addresses.addAll(Collections.list(each.getInetAddresses()));
                }
                return addresses;
            }

            @Override
            public List<InetAddress> resolve(String host) throws UnknownHostException {
                return Arrays.asList(InetAddress.getAllByName(host));
            }

            @Override
            public String reverse(InetAddress address) {
                return address.getCanonicalHostName();
            }
        };
    }

    private final Resolver resolver;
    private final Map<String, String> names = new ConcurrentHashMap<>();
    private volatile String ownName;
    private volatile List<InetAddress> ownAddresses;

    HostNames(Resolver resolver) {
        this.resolver = requireNonNull(resolver, "resolver is null");
    }

    /** The name hbench records {@code host} by, a name or an address as Hadoop gave it. */
    public static String canonical(String host) {
        return SYSTEM.nameOf(host);
    }

    /** The name hbench records this machine by. */
    public static String local() {
        return SYSTEM.ownName();
    }

    /**
     * Whether two names a host goes by are one host: by their names under the rules, or by their first labels, for a
     * short name this machine's resolver does not know.
     */
    public static boolean same(String a, String b) {
        return canonical(a).equals(canonical(b)) || firstLabel(canonical(a)).equals(firstLabel(canonical(b)));
    }

    /** Whether {@code host} names this machine. */
    public static boolean isThisHost(String host) {
        return SYSTEM.isThisMachine(host.strip().toLowerCase(Locale.ROOT));
    }

    String nameOf(String host) {
        requireNonNull(host, "host is null");
        String given = host.strip().toLowerCase(Locale.ROOT);
        String known = names.get(given);
        if (known == null) {
            // Two threads may both look a new name up: they get the same answer, and the lookups are cached below too.
            known = isThisMachine(given) ? ownName() : nameOfAnother(given);
            names.put(given, known);
        }
        return known;
    }

    String ownName() {
        String name = ownName;
        if (name == null) {
            try {
                name = shortened(resolver.ownName().strip().toLowerCase(Locale.ROOT));
            } catch (IOException e) {
                name = UNKNOWN;
            }
            ownName = name;
        }
        return name;
    }

    private String nameOfAnother(String host) {
        if (isAddressLiteral(host)) {
            try {
                String reversed = resolver.reverse(InetAddress.getByName(host)).toLowerCase(Locale.ROOT);
                return isAddressLiteral(reversed) ? host : shortened(reversed);
            } catch (UnknownHostException e) {
                return host;
            }
        }
        return shortened(host);
    }

    private String shortened(String host) {
        String shortName = firstLabel(host);
        if (shortName.equals(host)) {
            return host;
        }
        try {
            List<InetAddress> full = resolver.resolve(host);
            return resolver.resolve(shortName).stream().anyMatch(full::contains) ? shortName : host;
        } catch (UnknownHostException e) {
            return host;
        }
    }

    private boolean isThisMachine(String host) {
        if (host.equals("localhost")) {
            return true;
        }
        try {
            List<InetAddress> own = ownAddresses();
            for (InetAddress address : resolver.resolve(host)) {
                if (address.isLoopbackAddress() || own.contains(address)) {
                    return true;
                }
            }
        } catch (UnknownHostException e) {
            return false;
        }
        return false;
    }

    private List<InetAddress> ownAddresses() {
        List<InetAddress> addresses = ownAddresses;
        if (addresses == null) {
            try {
                addresses = List.copyOf(resolver.ownAddresses());
            } catch (SocketException e) {
                // Loopback still tells this machine apart; its other addresses name it no other way then.
                addresses = List.of();
            }
            ownAddresses = addresses;
        }
        return addresses;
    }

    private static String firstLabel(String host) {
        int dot = host.indexOf('.');
        return dot > 0 && !isAddressLiteral(host) ? host.substring(0, dot) : host;
    }

    /** An IPv4 or IPv6 literal, which names an address, not a host. */
    private static boolean isAddressLiteral(String host) {
        return host.contains(":") || host.chars().allMatch(c -> c == '.' || Character.isDigit(c));
    }
}
