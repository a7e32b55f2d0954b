package io.hbench.hs;

import static java.util.Objects.requireNonNull;

import java.util.Arrays;
import java.util.Optional;
import java.util.zip.CRC32;
import org.apache.hadoop.io.Text;

/**
 * HSValidate's check of one whole file, on every engine: fed its records from the first to the last, checks that keys
 * never decrease, counts the records and sums their CRC32. What it finds are the values {@link AcrossFilesCheck} reads
 * for the file: the first few misorders ("E\t", with the record numbers where each happens), then one summary ("S\t"
 * count, first and last key, checksum, misorder count).
 */
public final class FileOrderCheck {
    /** Misorders reported per file; the rest are only counted. */
    static final int MAX_REPORTED = 10;

    private final String file;
    private final CRC32 crc = new CRC32();
    private final Checksum checksum = new Checksum();
    private byte[] firstKey;
    private final byte[] lastKey = new byte[Records.KEY_LENGTH];
    private long count;
    private long misorders;

    /** @param file the file's name, without its directory */
    public FileOrderCheck(String file) {
        this.file = requireNonNull(file, "file is null");
    }

    /** Checks the file's next record; returns the misorder it makes, if it is among the first reported. */
    public Optional<String> add(Text key, Text value) {
        byte[] k = key.getBytes();
        Optional<String> misorder = Optional.empty();
        if (firstKey == null) {
            firstKey = Arrays.copyOf(k, Records.KEY_LENGTH);
        } else if (Records.compare(k, 0, Records.KEY_LENGTH, lastKey, 0, Records.KEY_LENGTH) < 0) {
            misorders++;
            if (misorders <= MAX_REPORTED) {
                misorder = Optional.of("E\tmisorder in " + file + " between "
                        + Records.hex(lastKey, 0, Records.KEY_LENGTH) + " and " + Records.hex(k, 0, Records.KEY_LENGTH)
                        + " (records " + (count - 1) + " and " + count + ", counted from 0)");
            }
        }
        crc.reset();
        crc.update(k, 0, key.getLength());
        crc.update(value.getBytes(), 0, value.getLength());
        checksum.add(crc.getValue());
        System.arraycopy(k, 0, lastKey, 0, Records.KEY_LENGTH);
        count++;
        return misorder;
    }

    /** The records checked so far. */
    public long records() {
        return count;
    }

    /** The file's summary, once its last record is checked. */
    public String summary() {
        String first = firstKey == null ? "-" : Records.compactHex(firstKey, 0, Records.KEY_LENGTH);
        String last = firstKey == null ? "-" : Records.compactHex(lastKey, 0, Records.KEY_LENGTH);
        return "S\t" + count + "\t" + first + "\t" + last + "\t" + Checksum.format(checksum.value()) + "\t" + misorders;
    }
}
