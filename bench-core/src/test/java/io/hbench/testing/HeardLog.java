package io.hbench.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.log4j.AppenderSkeleton;
import org.apache.log4j.Logger;
import org.apache.log4j.spi.LoggingEvent;

/**
 * An appender of the configured log, on log4j's root logger until closed: what it hears is what the configured log
 * (the terminal's, say) would have printed.
 */
public final class HeardLog extends AppenderSkeleton implements AutoCloseable {
    private final List<LoggingEvent> events = new ArrayList<>();

    private HeardLog() {
        setName("heard-by-the-test");
    }

    /** Listens on the root logger from now on. */
    public static HeardLog onRoot() {
        HeardLog log = new HeardLog();
        Logger.getRootLogger().addAppender(log);
        return log;
    }

    /** Whether it is on the root logger now. */
    public boolean attached() {
        return Logger.getRootLogger().getAppender(getName()) == this;
    }

    public synchronized List<LoggingEvent> events() {
        return new ArrayList<>(events);
    }

    public synchronized List<String> messages() {
        return events.stream().map(LoggingEvent::getRenderedMessage).collect(Collectors.toList());
    }

    @Override
    protected synchronized void append(LoggingEvent event) {
        events.add(event);
    }

    @Override
    public boolean requiresLayout() {
        return false;
    }

    @Override
    public void close() {
        Logger.getRootLogger().removeAppender(this);
    }
}
