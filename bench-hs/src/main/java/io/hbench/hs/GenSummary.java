package io.hbench.hs;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigInteger;
import java.util.Properties;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.IOUtils;

/**
 * What HSGen generated, stored beside the data in {@value #FILE_NAME} (hidden from input formats
 * by its leading underscore): row count and checksum, which HSSort carries to its output and
 * HSValidate checks the sorted data against.
 */
public final class GenSummary {
    public static final String FILE_NAME = "_hsgen";

    private final long rows;
    private final BigInteger checksum;
    private final KeySkew skew;

    public GenSummary(long rows, BigInteger checksum, KeySkew skew) {
        this.rows = rows;
        this.checksum = checksum;
        this.skew = skew;
    }

    public long rows() {
        return rows;
    }

    public BigInteger checksum() {
        return checksum;
    }

    public KeySkew skew() {
        return skew;
    }

    public void write(FileSystem fs, Path dir) throws IOException {
        String text = "# written by hbench HSGen\nrows=" + rows + "\nchecksum=" + Checksum.format(checksum)
                + "\nskew=" + skew.name() + "\n";
        try (FSDataOutputStream out = fs.create(new Path(dir, FILE_NAME), true)) {
            out.write(text.getBytes(UTF_8));
            HsOutputFormat.hsyncWhereSupported(out);
        }
    }

    /** The summary in {@code dir}, or null if it has none (e.g. data from TeraGen). */
    public static GenSummary read(FileSystem fs, Path dir) throws IOException {
        Path file = new Path(dir, FILE_NAME);
        if (!fs.exists(file)) {
            return null;
        }
        byte[] bytes = new byte[(int) Math.min(fs.getFileStatus(file).getLen(), 1 << 16)];
        try (InputStream in = fs.open(file)) {
            IOUtils.readFully(in, bytes, 0, bytes.length);
        }
        Properties properties = new Properties();
        properties.load(new java.io.InputStreamReader(new ByteArrayInputStream(bytes), UTF_8));
        try {
            return new GenSummary(Long.parseLong(properties.getProperty("rows")),
                    Checksum.parse(properties.getProperty("checksum")),
                    KeySkew.valueOf(properties.getProperty("skew", KeySkew.NONE.name())));
        } catch (RuntimeException e) {
            throw new IOException(file + " is damaged: " + e.getMessage(), e);
        }
    }
}
