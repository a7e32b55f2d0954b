package io.hbench.dfsio;

import static java.util.Objects.requireNonNull;

/**
 * One task's sample in the text form it crosses the shuffle in:
 * {@code file,host,startMicros,endMicros,nanos,bytes} (wall-clock microseconds since the epoch).
 */
final class TaskSampleText {
    final String fileName;
    final String host;
    final long startMicros;
    final long endMicros;
    final long nanos;
    final long bytes;

    TaskSampleText(String fileName, String host, long startMicros, long endMicros, long nanos, long bytes) {
        this.fileName = requireNonNull(fileName, "fileName is null");
        this.host = requireNonNull(host, "host is null");
        this.startMicros = startMicros;
        this.endMicros = endMicros;
        this.nanos = nanos;
        this.bytes = bytes;
    }

    static TaskSampleText parse(String text) {
        String[] fields = text.split(",", -1);
        if (fields.length != 6) {
            throw new IllegalArgumentException("malformed task sample: " + text);
        }
        return new TaskSampleText(fields[0], fields[1], Long.parseLong(fields[2]), Long.parseLong(fields[3]),
                Long.parseLong(fields[4]), Long.parseLong(fields[5]));
    }

    @Override
    public String toString() {
        return fileName + ',' + host + ',' + startMicros + ',' + endMicros + ',' + nanos + ',' + bytes;
    }
}
