package io.hbench.resources;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * Reads a Linux host's counters from /proc: stat (CPU time, context switches), meminfo, vmstat (swapping), net/dev and
 * diskstats, and which kernel they are the counters of (sys/kernel/random/boot_id); its processes' CPU time and command
 * lines (/proc/[pid]/stat, cmdline), so that hbench's own can be told from the rest; and its network interfaces' links
 * from /sys/class/net. /proc/stat is required; a host without one of the others just lacks its figures.
 */
public final class ProcCounters {
    /** Where Linux mounts them. */
    public static final Path PROC = Paths.get("/proc");
    /** Where Linux lists the network interfaces, with their speed and what they are. */
    static final Path SYS_CLASS_NET = Paths.get("/sys/class/net");

    /** Devices that are not disks, or whose I/O lands on another device that is counted already. */
    private static final Pattern NOT_A_DISK = Pattern.compile("(loop|ram|zram|fd|sr)\\d+");
    /** Device mapper (LVM, dm-crypt) and software RAID: their I/O is the I/O of the disks under them. */
    private static final Pattern STACKED = Pattern.compile("(dm-|md)\\d+");
    /** What a partition's name adds to its disk's: sda1, nvme0n1p1, mmcblk0p2. */
    private static final Pattern PARTITION_SUFFIX = Pattern.compile("p?\\d+");
    private static final Pattern WHITESPACE = Pattern.compile("\\s+");
    /** How older kernels' speed files said -1, unsigned. */
    private static final long UNKNOWN_SPEED_16 = 0xffffL;
    private static final long UNKNOWN_SPEED_32 = 0xffffffffL;

    private final Path root;
    private final Optional<Path> classNet;

    /** Counters under {@code root}, a directory of captured files in tests; no interface's link is known. */
    public ProcCounters(Path root) {
        this.root = requireNonNull(root, "root is null");
        this.classNet = Optional.empty();
    }

    /** Counters under {@code root}, and interfaces' links under {@code classNet}, as /sys/class/net lists them. */
    ProcCounters(Path root, Path classNet) {
        this.root = requireNonNull(root, "root is null");
        this.classNet = Optional.of(requireNonNull(classNet, "classNet is null"));
    }

    /** This host's own: /proc and /sys/class/net. */
    public static ProcCounters live() {
        return new ProcCounters(PROC, SYS_CLASS_NET);
    }

    /**
     * The links of the network interfaces but loopback, read once: speeds change only when a link is renegotiated.
     * A bond's speed is the sum of its slaves' (what they can carry side by side); a slave is listed only as its
     * bond's. An interface with no device behind it (veth, bridge, tun, a VLAN) is virtual, whatever speed it
     * states. Empty where /sys/class/net cannot be read.
     */
    public List<InterfaceLink> interfaceLinks() {
        List<InterfaceLink> links = new ArrayList<>();
        if (classNet.isEmpty()) {
            return links;
        }
        List<String> names = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(classNet.get())) {
            entries.forEach(entry -> names.add(entry.getFileName().toString()));
        } catch (IOException | SecurityException e) {
            return links;
        }
        Collections.sort(names);
        List<String> enslaved = new ArrayList<>();
        for (String name : names) {
            enslaved.addAll(slaves(name));
        }
        for (String name : names) {
            Path dir = classNet.get().resolve(name);
            List<String> slaves = slaves(name);
            if (name.equals("lo") || enslaved.contains(name)) {
                continue;
            }
            if (!slaves.isEmpty()) {
                long sum = 0;
                for (String slave : slaves) {
                    long speed = speed(classNet.get().resolve(slave));
                    sum = sum == InterfaceLink.UNKNOWN || speed == InterfaceLink.UNKNOWN ? InterfaceLink.UNKNOWN
                            : sum + speed;
                }
                links.add(new InterfaceLink(name, InterfaceLink.Kind.BOND, sum, slaves));
            } else if (Files.exists(dir.resolve("device"))) {
                links.add(new InterfaceLink(name, InterfaceLink.Kind.NIC, speed(dir), List.of()));
            } else {
                links.add(new InterfaceLink(name, InterfaceLink.Kind.VIRTUAL, InterfaceLink.UNKNOWN, List.of()));
            }
        }
        return links;
    }

    private List<String> slaves(String name) {
        try {
            String slaves = Files.readString(classNet.orElseThrow().resolve(name).resolve("bonding/slaves"),
                    StandardCharsets.US_ASCII).trim();
            return slaves.isEmpty() ? List.of() : List.of(WHITESPACE.split(slaves));
        } catch (IOException | SecurityException e) {
            return List.of();
        }
    }

    /**
     * The speed file's Mb/s; unknown if it says -1 (no link, or a driver that does not tell; 65535 or 4294967295 on
     * older kernels) or cannot be read (a link down).
     */
    private static long speed(Path interfaceDir) {
        try {
            long speed = Long.parseLong(Files.readString(interfaceDir.resolve("speed"), StandardCharsets.US_ASCII)
                    .trim());
            return speed > 0 && speed != UNKNOWN_SPEED_16 && speed != UNKNOWN_SPEED_32 ? speed : InterfaceLink.UNKNOWN;
        } catch (IOException | NumberFormatException | SecurityException e) {
            return InterfaceLink.UNKNOWN;
        }
    }

    /** Why this host cannot be sampled (not Linux, a container without /proc), or empty if it can. */
    public Optional<String> unavailableReason() {
        try {
            read(Instant.EPOCH);
            return Optional.empty();
        } catch (IOException | RuntimeException e) {
            return Optional.of("no CPU counters in " + root.resolve("stat") + " (" + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage()) + ")");
        }
    }

    /**
     * The running kernel's boot id, a random UUID drawn at each boot: two hosts that report the same one share a kernel
     * (containers, network namespaces), and with it /proc/stat, meminfo, vmstat and diskstats. Empty if the kernel does
     * not offer it.
     */
    public Optional<String> bootId() {
        try {
            String bootId = optional("sys/kernel/random/boot_id");
            return bootId == null || bootId.isBlank() ? Optional.empty() : Optional.of(bootId.trim());
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** The counters now, stamped {@code time}. */
    public CounterSnapshot read(Instant time) throws IOException {
        return parse(time, Files.readString(root.resolve("stat"), StandardCharsets.US_ASCII), optional("meminfo"),
                optional("vmstat"), optional("net/dev"), optional("diskstats"));
    }

    /** The ids of the processes running now, in no order; empty if they cannot be listed. */
    List<Long> pids() {
        List<Long> pids = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(root)) {
            for (Path entry : entries) {
                String name = entry.getFileName().toString();
                if (!name.isEmpty() && name.chars().allMatch(Character::isDigit) && name.length() < 19) {
                    pids.add(Long.parseLong(name));
                }
            }
        } catch (IOException | SecurityException e) {
            // No processes to tell apart: nothing is counted as hbench's own.
        }
        return pids;
    }

    /** A process's parent, start time and CPU time, from /proc/[pid]/stat; empty if it has ended or cannot be read. */
    Optional<ProcessTimes> process(long pid) {
        try {
            String stat = Files.readString(root.resolve(Long.toString(pid)).resolve("stat"),
                    StandardCharsets.US_ASCII);
            // pid (comm) state ppid ...: the command's name may hold spaces and parentheses, so fields count from the
            // last ')'.
            String[] fields = WHITESPACE.split(stat.substring(stat.lastIndexOf(')') + 1).trim());
            return Optional.of(new ProcessTimes(Long.parseLong(fields[1]), Long.parseUnsignedLong(fields[19]),
                    Long.parseUnsignedLong(fields[11]) + Long.parseUnsignedLong(fields[12])));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** A process's command line, its arguments joined by spaces; empty if it has ended or cannot be read. */
    Optional<String> commandLine(long pid) {
        try {
            byte[] bytes = Files.readAllBytes(root.resolve(Long.toString(pid)).resolve("cmdline"));
            return Optional.of(new String(bytes, StandardCharsets.UTF_8).replace('\0', ' '));
        } catch (IOException | SecurityException e) {
            return Optional.empty();
        }
    }

    /** Of one process, from /proc/[pid]/stat: its parent, when it started and the CPU time it used. */
    static final class ProcessTimes {
        final long parent;
        /** Clock ticks after boot: with the pid, names one process, since pids are reused. */
        final long startTicks;
        /** User and system time of all its threads, in clock ticks, as /proc/stat counts them. */
        final long cpuTicks;

        ProcessTimes(long parent, long startTicks, long cpuTicks) {
            this.parent = parent;
            this.startTicks = startTicks;
            this.cpuTicks = cpuTicks;
        }
    }

    private String optional(String file) throws IOException {
        try {
            return Files.readString(root.resolve(file), StandardCharsets.US_ASCII);
        } catch (NoSuchFileException | SecurityException e) {
            return null;
        }
    }

    /**
     * Parses the text of the files; all but {@code stat} may be null (absent).
     *
     * @throws IOException if {@code stat} has no "cpu" line
     */
    static CounterSnapshot parse(Instant time, String stat, String meminfo, String vmstat, String netDev,
            String diskstats) throws IOException {
        return new CounterSnapshot(time, cpu(stat), meminfoTotal(meminfo), meminfoAvailable(meminfo),
                keyed(vmstat, "pswpin"), keyed(vmstat, "pswpout"), interfaces(netDev), disks(diskstats));
    }

    private static CounterSnapshot.Cpu cpu(String stat) throws IOException {
        long[] ticks = null;
        long contextSwitches = CounterSnapshot.ABSENT;
        for (String line : stat.split("\n")) {
            String[] fields = WHITESPACE.split(line.trim());
            if (fields[0].equals("cpu")) {
                // user nice system idle iowait irq softirq steal guest guest_nice; old kernels stop earlier.
                ticks = new long[8];
                for (int i = 0; i < ticks.length && i + 1 < fields.length; i++) {
                    ticks[i] = Long.parseUnsignedLong(fields[i + 1]);
                }
            } else if (fields[0].equals("ctxt") && fields.length > 1) {
                contextSwitches = Long.parseUnsignedLong(fields[1]);
            }
        }
        if (ticks == null) {
            throw new IOException("no \"cpu\" line");
        }
        return new CounterSnapshot.Cpu(ticks[0], ticks[1], ticks[2], ticks[3], ticks[4], ticks[5], ticks[6], ticks[7],
                contextSwitches);
    }

    private static long meminfoTotal(String meminfo) {
        return keyed(meminfo, "MemTotal:");
    }

    private static long meminfoAvailable(String meminfo) {
        long available = keyed(meminfo, "MemAvailable:");
        if (available != CounterSnapshot.ABSENT) {
            return available;
        }
        long free = keyed(meminfo, "MemFree:");
        long buffers = keyed(meminfo, "Buffers:");
        long cached = keyed(meminfo, "Cached:");
        return free == CounterSnapshot.ABSENT || buffers == CounterSnapshot.ABSENT || cached == CounterSnapshot.ABSENT
                ? CounterSnapshot.ABSENT
                : free + buffers + cached;
    }

    /** The number after {@code key} on the line that starts with it, or ABSENT. */
    private static long keyed(String text, String key) {
        if (text == null) {
            return CounterSnapshot.ABSENT;
        }
        for (String line : text.split("\n")) {
            String[] fields = WHITESPACE.split(line.trim());
            if (fields.length > 1 && fields[0].equals(key)) {
                return Long.parseUnsignedLong(fields[1]);
            }
        }
        return CounterSnapshot.ABSENT;
    }

    private static Map<String, CounterSnapshot.Interface> interfaces(String netDev) {
        Map<String, CounterSnapshot.Interface> interfaces = new TreeMap<>();
        if (netDev == null) {
            return interfaces;
        }
        for (String line : netDev.split("\n")) {
            int colon = line.indexOf(':');
            if (colon < 0 || line.contains("|")) {
                continue;
            }
            // name: rx bytes packets errs drop fifo frame compressed multicast, tx bytes packets ...
            String[] fields = WHITESPACE.split(line.substring(colon + 1).trim());
            if (fields.length < 10) {
                continue;
            }
            interfaces.put(line.substring(0, colon).trim(), new CounterSnapshot.Interface(
                    Long.parseUnsignedLong(fields[0]), Long.parseUnsignedLong(fields[1]),
                    Long.parseUnsignedLong(fields[8]), Long.parseUnsignedLong(fields[9])));
        }
        return interfaces;
    }

    private static Map<String, CounterSnapshot.Disk> disks(String diskstats) {
        Map<String, CounterSnapshot.Disk> disks = new TreeMap<>();
        if (diskstats == null) {
            return disks;
        }
        Map<String, String[]> lines = new HashMap<>();
        List<String> names = new ArrayList<>();
        for (String line : diskstats.split("\n")) {
            // major minor name reads merged sectors ms writes merged sectors ms in-flight busy-ms weighted-ms ...
            String[] fields = WHITESPACE.split(line.trim());
            if (fields.length >= 11 && !NOT_A_DISK.matcher(fields[2]).matches()) {
                lines.put(fields[2], fields);
                names.add(fields[2]);
            }
        }
        for (String name : names) {
            if (isPartition(name, lines)) {
                continue;
            }
            String[] fields = lines.get(name);
            disks.put(name, new CounterSnapshot.Disk(STACKED.matcher(name).matches(),
                    Long.parseUnsignedLong(fields[3]), Long.parseUnsignedLong(fields[5]),
                    Long.parseUnsignedLong(fields[6]), Long.parseUnsignedLong(fields[7]),
                    Long.parseUnsignedLong(fields[9]), Long.parseUnsignedLong(fields[10]),
                    fields.length > 12 ? Long.parseUnsignedLong(fields[12]) : -1));
        }
        return disks;
    }

    /**
     * A partition's I/O is also its disk's, so only whole disks count. diskstats lists both and marks neither; a
     * partition is named after its disk plus a number (sda1; nvme0n1p1, mmcblk0p2 where the disk ends in a digit).
     */
    private static boolean isPartition(String name, Map<String, String[]> devices) {
        for (int end = name.length() - 1; end > 0; end--) {
            String disk = name.substring(0, end);
            if (devices.containsKey(disk) && PARTITION_SUFFIX.matcher(name.substring(end)).matches()) {
                return true;
            }
        }
        return false;
    }
}
