package io.hbench.bsp.transport;

import io.hbench.bsp.runners.LocalBspRunner;
import java.nio.channels.WritableByteChannel;

/**
 * Wraps the channel a peer writes its messages to another peer through, e.g. to limit its rate in a
 * test ({@link LocalBspRunner#withLinks}). The wrapper must write every byte it is given to
 * {@code link}, in order; it is called once per link, from the sending peer's program thread, which
 * is also the only thread that writes through it.
 */
@FunctionalInterface
public interface LinkDecorator {
    /** Leaves every link as it is. */
    LinkDecorator NONE = (source, destination, link) -> link;

    WritableByteChannel decorate(int source, int destination, WritableByteChannel link);
}
