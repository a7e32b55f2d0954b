package io.hbench.it;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Hosts of their own on this machine: each a Linux network namespace with one link (a veth pair) to a bridge in this
 * namespace, its own address, host name, {@code /etc/hosts} and {@code /tmp}, so that what runs there sees the
 * network a cluster node sees. The machine itself, on the bridge, is the gateway: a client run through
 * {@link #onGateway} resolves the hosts' names as they do. A host's link can be shaped slower with {@code tc}, each way
 * apart.
 *
 * <p>Needs root, iproute2's {@code ip} and {@code tc}, and util-linux's {@code unshare}; {@link #unavailable} says
 * in one line what is missing, so that a test can skip where they are not.
 *
 * <p>Lifecycle: {@link #create} makes the bridge and the namespaces; {@link #close} kills every process still
 * running in them and removes them. Namespaces left by a test JVM that died are removed by the next {@code create}:
 * each carries its creator's process id in its name.
 */
final class NetworkNamespaces implements AutoCloseable {
    private static final Pattern OURS = Pattern.compile("hbench-(\\d+)-.+");
    private static final String SUBNET = "10.231.";
    /**
     * Runs in the namespace, under a mount and UTS namespace of its own: the host's name, hosts file and /tmp. The
     * directories of /tmp the host must still see (a build under /tmp) are bound into its own /tmp at the same place.
     */
    private static final String ENTER = "hostname \"$HBENCH_HOST\" && mount --bind \"$HBENCH_HOSTS\" /etc/hosts"
            + " && IFS=: && for dir in $HBENCH_SHARED; do mkdir -p \"$HBENCH_TMP/${dir#/tmp/}\""
            + " && mount --bind \"$dir\" \"$HBENCH_TMP/${dir#/tmp/}\" || exit 1; done && unset IFS"
            + " && mount --rbind \"$HBENCH_TMP\" /tmp && exec \"$@\"";

    private final String tag;
    private final String subnet;
    private final Path home;
    private final Path hostsFile;
    private final Map<String, String> addresses;
    private final String sharedTmp;

    private NetworkNamespaces(String tag, String subnet, Path home, Map<String, String> addresses, String sharedTmp) {
        this.tag = tag;
        this.subnet = subnet;
        this.home = home;
        this.hostsFile = home.resolve("hosts");
        this.addresses = addresses;
        this.sharedTmp = sharedTmp;
    }

    /** Why hosts cannot be made here, in one line; empty if they can. */
    static Optional<String> unavailable() {
        if (!"root".equals(System.getProperty("user.name"))) {
            return Optional.of("network namespaces need root, and this runs as " + System.getProperty("user.name"));
        }
        for (String tool : List.of("ip", "tc", "unshare")) {
            if (run(List.of("sh", "-c", "command -v " + tool)).status != 0) {
                return Optional.of("no " + tool + " on the PATH");
            }
        }
        String probe = "hbench-" + ProcessHandle.current().pid() + "-probe";
        Result add = run(List.of("ip", "netns", "add", probe));
        if (add.status != 0) {
            return Optional.of("cannot make a network namespace: " + add.output.strip());
        }
        run(List.of("ip", "netns", "del", probe));
        return Optional.empty();
    }

    /**
     * Makes a host for each name, numbered in order from .11 on a /24 of its own; the gateway is .1.
     *
     * @param home where the hosts' files go: the hosts file and each host's /tmp
     * @param seen paths every host must see as they are, though each has a /tmp of its own: what its processes run
     *        from and read
     */
    static NetworkNamespaces create(Path home, List<String> hosts, Collection<Path> seen) throws IOException {
        removeLeftOvers();
        String tag = Long.toString(ProcessHandle.current().pid());
        String subnet = SUBNET + freeThirdOctet() + ".";
        Map<String, String> addresses = new LinkedHashMap<>();
        for (int i = 0; i < hosts.size(); i++) {
            addresses.put(hosts.get(i), subnet + (11 + i));
        }
        Files.createDirectories(home);
        NetworkNamespaces net = new NetworkNamespaces(tag, subnet, home, addresses, underTmp(seen));
        try {
            net.build();
        } catch (IOException | RuntimeException e) {
            net.close();
            throw e;
        }
        return net;
    }

    /** The directories right under /tmp that hold any of {@code paths}, joined by ':'. */
    private static String underTmp(Collection<Path> paths) {
        Path tmp = Paths.get("/tmp");
        TreeSet<String> dirs = new TreeSet<>();
        for (Path path : paths) {
            Path real = path.toAbsolutePath().normalize();
            if (real.startsWith(tmp) && real.getNameCount() > 1) {
                dirs.add(tmp.resolve(real.getName(1)).toString());
            }
        }
        return String.join(":", dirs);
    }

    private void build() throws IOException {
        // The gateway by its own name too, which a client on it resolves to say where it runs.
        StringBuilder hosts = new StringBuilder("127.0.0.1 localhost\n" + gateway() + " gateway "
                + Files.readString(Paths.get("/proc/sys/kernel/hostname")).strip() + "\n");
        addresses.forEach((host, address) -> hosts.append(address).append(' ').append(host).append('\n'));
        Files.writeString(hostsFile, hosts.toString(), StandardCharsets.UTF_8);
        ip("link", "add", bridge(), "type", "bridge");
        ip("addr", "add", gateway() + "/24", "dev", bridge());
        ip("link", "set", bridge(), "up");
        int i = 0;
        for (Map.Entry<String, String> host : addresses.entrySet()) {
            String ns = namespace(host.getKey());
            String outside = outside(host.getKey());
            String inside = "hb" + tag + "p" + i++;
            Files.createDirectories(tmp(host.getKey()));
            ip("netns", "add", ns);
            ip("link", "add", outside, "type", "veth", "peer", "name", inside);
            ip("link", "set", inside, "netns", ns);
            ip("-n", ns, "link", "set", inside, "name", "eth0");
            ip("-n", ns, "addr", "add", host.getValue() + "/24", "dev", "eth0");
            ip("-n", ns, "link", "set", "eth0", "up");
            ip("-n", ns, "link", "set", "lo", "up");
            ip("link", "set", outside, "master", bridge());
            ip("link", "set", outside, "up");
        }
    }

    /**
     * Caps what {@code host} sends at {@code megabitsPerSecond}, in place of any cap before (a token bucket on its link's outgoing side, with a
     * queue of at most 20 ms, so that the acknowledgements of what it receives are not held long behind it).
     */
    void shapeOutgoing(String host, int megabitsPerSecond) {
        must(List.of("ip", "netns", "exec", namespace(host), "tc", "qdisc", "replace", "dev", "eth0", "root", "tbf",
                "rate", megabitsPerSecond + "mbit", "burst", "32kb", "latency", "20ms"));
    }

    /**
     * Caps what {@code host} receives at {@code megabitsPerSecond}, as {@link #shapeOutgoing} caps what it sends: the
     * token bucket sits on the bridge's end of its link, whose outgoing side carries what comes into the host, since a
     * host shaped only on its own end receives at full speed and is slowed only in what it sends back.
     */
    void shapeIncoming(String host, int megabitsPerSecond) {
        must(List.of("tc", "qdisc", "replace", "dev", outside(host), "root", "tbf", "rate", megabitsPerSecond + "mbit",
                "burst", "32kb", "latency", "20ms"));
    }

    /** Lifts {@link #shapeIncoming}'s cap: {@code host} receives at whatever its senders send. */
    void unshapeIncoming(String host) {
        must(List.of("tc", "qdisc", "del", "dev", outside(host), "root"));
    }

    /** {@code host}'s address. */
    String address(String host) {
        return requireHost(host);
    }

    /** This machine's address on the hosts' network. */
    String gateway() {
        return subnet + "1";
    }

    List<String> hosts() {
        return List.copyOf(addresses.keySet());
    }

    /** {@code command} run on {@code host}: in its namespace, with its host name, hosts file and /tmp. */
    ProcessBuilder onHost(String host, List<String> command) {
        requireHost(host);
        List<String> full = new ArrayList<>(List.of("ip", "netns", "exec", namespace(host), "unshare", "--mount",
                "--uts", "--", "sh", "-c", ENTER, "sh"));
        full.addAll(command);
        ProcessBuilder builder = new ProcessBuilder(full);
        builder.environment().put("HBENCH_HOST", host);
        builder.environment().put("HBENCH_HOSTS", hostsFile.toString());
        builder.environment().put("HBENCH_TMP", tmp(host).toString());
        builder.environment().put("HBENCH_SHARED", sharedTmp);
        return builder;
    }

    /** {@code command} run on this machine, resolving the hosts' names: a gateway with the cluster in its hosts file. */
    List<String> onGateway(List<String> command) {
        List<String> full = new ArrayList<>(List.of("unshare", "--mount", "--", "sh", "-c",
                "mount --bind \"$0\" /etc/hosts && exec \"$@\"", hostsFile.toString()));
        full.addAll(command);
        return full;
    }

    private Path tmp(String host) {
        return home.resolve(host).resolve("tmp");
    }

    private String requireHost(String host) {
        String address = addresses.get(host);
        if (address == null) {
            throw new IllegalArgumentException("no host " + host + " among " + addresses.keySet());
        }
        return address;
    }

    private String namespace(String host) {
        return "hbench-" + tag + "-" + host;
    }

    /** The bridge's end of {@code host}'s link, numbered by the host's place in the order they were made. */
    private String outside(String host) {
        requireHost(host);
        return "hb" + tag + "v" + new ArrayList<>(addresses.keySet()).indexOf(host);
    }

    private String bridge() {
        return "hb" + tag + "br";
    }

    /** Kills what still runs on the hosts, then removes the namespaces and the bridge. */
    @Override
    public void close() {
        for (String host : addresses.keySet()) {
            removeNamespace(namespace(host));
        }
        run(List.of("ip", "link", "del", bridge()));
    }

    private static void removeNamespace(String ns) {
        for (String pid : run(List.of("ip", "netns", "pids", ns)).output.split("\\s+")) {
            if (!pid.isBlank()) {
                ProcessHandle.of(Long.parseLong(pid)).ifPresent(ProcessHandle::destroyForcibly);
            }
        }
        for (int attempt = 0; attempt < 50 && !run(List.of("ip", "netns", "pids", ns)).output.isBlank(); attempt++) {
            sleep(100);
        }
        run(List.of("ip", "netns", "del", ns));
    }

    /** Namespaces and bridges of test JVMs that are no longer running. */
    private static void removeLeftOvers() {
        for (String line : run(List.of("ip", "netns", "list")).output.split("\n")) {
            String ns = line.split(" ")[0];
            Matcher ours = OURS.matcher(ns);
            if (ours.matches() && ProcessHandle.of(Long.parseLong(ours.group(1))).isEmpty()) {
                removeNamespace(ns);
                run(List.of("ip", "link", "del", "hb" + ours.group(1) + "br"));
            }
        }
    }

    /** A third octet whose 10.231.x.0/24 no interface of this machine uses. */
    private static int freeThirdOctet() {
        String used = run(List.of("ip", "-4", "-o", "addr")).output;
        for (int octet = 1; octet < 255; octet++) {
            if (!used.contains(SUBNET + octet + ".")) {
                return octet;
            }
        }
        throw new IllegalStateException("every 10.231.x.0/24 is in use on this machine");
    }

    private static void ip(String... args) {
        List<String> command = new ArrayList<>(List.of("ip"));
        command.addAll(List.of(args));
        must(command);
    }

    private static void must(List<String> command) {
        Result result = run(command);
        if (result.status != 0) {
            throw new IllegalStateException(String.join(" ", command) + " failed: " + result.output.strip());
        }
    }

    private static Result run(List<String> command) {
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return new Result(-1, String.join(" ", command) + " did not end within 30 s");
            }
            return new Result(process.exitValue(), output);
        } catch (IOException e) {
            return new Result(-1, e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static final class Result {
        final int status;
        final String output;

        Result(int status, String output) {
            this.status = status;
            this.output = output;
        }
    }
}
