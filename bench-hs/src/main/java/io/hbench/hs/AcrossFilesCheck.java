package io.hbench.hs;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.math.BigInteger;
import java.util.Comparator;
import java.util.Optional;
import org.apache.hadoop.io.Text;

/**
 * HSValidate's check across files, on every engine: given each file's values from {@link FileOrderCheck} in the order
 * of the files' names, checks order across file boundaries, adds counts and checksums, and compares them with what
 * HSGen generated. Writes TeraValidate's lines ({@code checksum}, {@code error\tmisorder ...}) plus {@code rows} and
 * the comparisons.
 */
public final class AcrossFilesCheck {
    /**
     * The order the files must come in: MapReduce's shuffle hands its reducer their names in Text's order, by their
     * UTF-8 bytes.
     */
    public static final Comparator<String> FILE_ORDER = Comparator.comparing(Text::new);

    private static final String ERROR = "error";

    /** Where the report's lines go, each a key and a value. */
    @FunctionalInterface
    public interface Report {
        void write(String key, String value) throws IOException, InterruptedException;
    }

    private final Optional<Long> expectedRows;
    private final Optional<BigInteger> expectedChecksum;
    private final Report report;
    private long rows;
    private BigInteger checksum = BigInteger.ZERO;
    private String previousFile;
    private byte[] previousLastKey;

    /**
     * @param expectedRows the record count to compare with; empty: not compared
     * @param expectedChecksum HSGen's checksum; empty: not compared
     */
    public AcrossFilesCheck(Optional<Long> expectedRows, Optional<BigInteger> expectedChecksum, Report report) {
        this.expectedRows = requireNonNull(expectedRows, "expectedRows is null");
        this.expectedChecksum = requireNonNull(expectedChecksum, "expectedChecksum is null");
        this.report = requireNonNull(report, "report is null");
    }

    /** Checks the next file, by name, from what its {@link FileOrderCheck} found. */
    public void file(String file, Iterable<String> values) throws IOException, InterruptedException {
        String summary = null;
        for (String value : values) {
            if (value.startsWith("E\t")) {
                report.write(ERROR, value.substring(2));
            } else {
                summary = value;
            }
        }
        if (summary == null) {
            report.write(ERROR, "no summary for " + file + ": its map task lost it");
            return;
        }
        String[] fields = summary.split("\t");
        long count = Long.parseLong(fields[1]);
        rows += count;
        checksum = checksum.add(Checksum.parse(fields[4]));
        long misorders = Long.parseLong(fields[5]);
        if (misorders > FileOrderCheck.MAX_REPORTED) {
            report.write(ERROR, "misorder in " + file + ": " + (misorders - FileOrderCheck.MAX_REPORTED)
                    + " more misorders not listed");
        }
        if (count == 0) {
            return;
        }
        byte[] firstKey = Records.fromCompactHex(fields[2]);
        if (previousLastKey != null && Records.compare(firstKey, 0, firstKey.length, previousLastKey, 0,
                previousLastKey.length) < 0) {
            report.write(ERROR, "misorder between " + previousFile + " and " + file + ": last key "
                    + Records.hex(previousLastKey, 0, previousLastKey.length) + " is above first key "
                    + Records.hex(firstKey, 0, firstKey.length));
        }
        previousFile = file;
        previousLastKey = Records.fromCompactHex(fields[3]);
    }

    /** Writes the totals and their comparisons, after the last file. */
    public void end() throws IOException, InterruptedException {
        report.write("rows", Long.toString(rows));
        report.write("checksum", Checksum.format(checksum));
        if (expectedRows.isPresent() && expectedRows.get() != rows) {
            report.write(ERROR, "record count " + rows + " is not the " + expectedRows.get() + " records generated");
        }
        if (expectedChecksum.isPresent() && !expectedChecksum.get().equals(checksum)) {
            report.write(ERROR, "checksum " + Checksum.format(checksum) + " is not HSGen's "
                    + Checksum.format(expectedChecksum.get()) + ": records were changed, lost or duplicated");
        }
    }
}
