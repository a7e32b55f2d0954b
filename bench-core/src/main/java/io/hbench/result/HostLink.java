package io.hbench.result;

import static io.hbench.result.Checks.checkArgument;
import static io.hbench.result.Checks.checkNotBlank;
import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A host's link as its NICs state it: what the interfaces that carried its traffic can carry together, and which those
 * are, so that the traffic held to it is theirs; or, where no NIC states it (virtual interfaces only, a speed the
 * driver does not tell), why it is unknown.
 */
public final class HostLink {
    private final Optional<Double> bytesPerSecond;
    private final List<String> interfaces;
    private final String basis;

    /**
     * @param bytesPerSecond what the link carries in each direction, empty if unknown
     * @param interfaces the interfaces whose traffic the link carries (or, if unknown, those that carried it)
     * @param basis where the figure comes from ("the speed of eth0"), or why there is none
     */
    public HostLink(Optional<Double> bytesPerSecond, List<String> interfaces, String basis) {
        this.bytesPerSecond = requireNonNull(bytesPerSecond, "bytesPerSecond is null");
        bytesPerSecond.ifPresent(value -> checkArgument(Double.isFinite(value) && value > 0,
                "a link's bytes per second is not a positive number: %s", value));
        this.interfaces = List.copyOf(requireNonNull(interfaces, "interfaces is null"));
        this.basis = checkNotBlank(basis, "basis");
    }

    public Optional<Double> bytesPerSecond() {
        return bytesPerSecond;
    }

    public List<String> interfaces() {
        return interfaces;
    }

    public String basis() {
        return basis;
    }

    @Override
    public boolean equals(Object obj) {
        if (!(obj instanceof HostLink)) {
            return false;
        }
        HostLink that = (HostLink) obj;
        return bytesPerSecond.equals(that.bytesPerSecond) && interfaces.equals(that.interfaces)
                && basis.equals(that.basis);
    }

    @Override
    public int hashCode() {
        return Objects.hash(bytesPerSecond, interfaces, basis);
    }

    @Override
    public String toString() {
        return "HostLink{bytesPerSecond=" + bytesPerSecond + ", interfaces=" + interfaces + ", basis=" + basis + "}";
    }
}
