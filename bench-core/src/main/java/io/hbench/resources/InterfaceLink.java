package io.hbench.resources;

import static java.util.Objects.requireNonNull;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What the kernel states of one network interface's link (/sys/class/net): a NIC with its speed, a bond with the sum of
 * its slaves' speeds (the slaves themselves carry the bond's traffic and are not listed apart), or a virtual interface
 * (veth, bridge, tun: no device behind it), whose stated speed, if any, is no link's.
 */
public final class InterfaceLink {
    /** A speed the kernel does not state: -1 in the speed file, or a file that cannot be read (a link down). */
    public static final long UNKNOWN = -1;

    /** What kind of interface it is. */
    public enum Kind {
        NIC, BOND, VIRTUAL
    }

    private final String name;
    private final Kind kind;
    private final long megabitsPerSecond;
    private final List<String> slaves;

    public InterfaceLink(String name, Kind kind, long megabitsPerSecond, List<String> slaves) {
        this.name = requireNonNull(name, "name is null");
        this.kind = requireNonNull(kind, "kind is null");
        if (megabitsPerSecond < UNKNOWN || kind == Kind.VIRTUAL && megabitsPerSecond != UNKNOWN) {
            throw new IllegalArgumentException("speed of " + name + " is not a " + kind + "'s: " + megabitsPerSecond);
        }
        this.megabitsPerSecond = megabitsPerSecond;
        this.slaves = List.copyOf(requireNonNull(slaves, "slaves is null"));
    }

    public String name() {
        return name;
    }

    public Kind kind() {
        return kind;
    }

    /** Mb/s (10^6 bits per second), or {@link #UNKNOWN}; always unknown for a virtual interface. */
    public long megabitsPerSecond() {
        return megabitsPerSecond;
    }

    /** A bond's slaves; empty for any other interface. */
    public List<String> slaves() {
        return slaves;
    }

    void writeTo(DataOutput out) throws IOException {
        out.writeUTF(name);
        out.writeByte(kind.ordinal());
        out.writeLong(megabitsPerSecond);
        out.writeInt(slaves.size());
        for (String slave : slaves) {
            out.writeUTF(slave);
        }
    }

    static InterfaceLink readFrom(DataInput in) throws IOException {
        String name = in.readUTF();
        Kind kind = Kind.values()[in.readByte()];
        long speed = in.readLong();
        List<String> slaves = new ArrayList<>();
        for (int i = in.readInt(); i > 0; i--) {
            slaves.add(in.readUTF());
        }
        return new InterfaceLink(name, kind, speed, slaves);
    }

    @Override
    public boolean equals(Object obj) {
        if (!(obj instanceof InterfaceLink)) {
            return false;
        }
        InterfaceLink that = (InterfaceLink) obj;
        return name.equals(that.name) && kind == that.kind && megabitsPerSecond == that.megabitsPerSecond
                && slaves.equals(that.slaves);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, kind, megabitsPerSecond, slaves);
    }

    @Override
    public String toString() {
        return name + " (" + kind + ", " + megabitsPerSecond + " Mb/s" + (slaves.isEmpty() ? "" : ", slaves "
                + slaves) + ")";
    }
}
