package io.hbench.hs;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbench.cli.BenchTool;
import io.hbench.embedded.EmbeddedCluster;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.function.BiFunction;
import java.util.stream.Collectors;
import java.util.zip.CRC32;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.examples.terasort.TeraGen;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.io.IOUtils;
import org.apache.hadoop.util.ToolRunner;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The TPCx-HS programs end to end on one shared in-process HDFS (3 DataNodes) with the local
 * MapReduce runner. Each test works in its own directories. Row counts are small: the point is
 * behaviour, not speed.
 */
class HsClusterTest {
    @TempDir
    static Path temp;

    private static EmbeddedCluster cluster;
    private static Configuration conf;
    private static FileSystem fs;

    @BeforeAll
    static void startCluster() throws IOException {
        cluster = EmbeddedCluster.start(new Configuration(), temp.resolve("cluster"));
        conf = cluster.clientConfiguration();
        fs = FileSystem.get(conf);
    }

    @AfterAll
    static void stopCluster() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void hsGenWritesTheSameBytesAsTeraGen() throws Exception {
        Configuration teraConf = new Configuration(conf);
        teraConf.setInt("mapreduce.job.maps", 2);
        int teraStatus = ToolRunner.run(teraConf, new TeraGen(), new String[] {"10000", "/tera/gen"});
        assertThat(teraStatus).isZero();

        Run gen = run(HsGenTool::new, "-rows", "10000", "-maps", "2", "-output", "/hs/gen");

        assertThat(gen.status).as(gen.err).isZero();
        // The local runner gives TeraGen one map whatever mapreduce.job.maps says, so it steps
        // through all 10,000 rows while HSGen's second map jumps straight to row 5,000.
        assertThat(dataFiles("/tera/gen")).containsExactly("part-m-00000");
        assertThat(dataFiles("/hs/gen")).containsExactly("part-m-00000", "part-m-00001");
        byte[] tera = readAll("/tera/gen/part-m-00000");
        byte[] first = readAll("/hs/gen/part-m-00000");
        byte[] second = readAll("/hs/gen/part-m-00001");
        assertThat(tera).hasSize(1_000_000);
        assertThat(first).isEqualTo(java.util.Arrays.copyOfRange(tera, 0, 500_000));
        assertThat(second).isEqualTo(java.util.Arrays.copyOfRange(tera, 500_000, 1_000_000));
        String checksum = checksumOf("/tera/gen");
        assertThat(gen.out).contains("HSGen: generated 10000 rows (1000000 bytes) in 2 maps to /hs/gen",
                "checksum\t" + checksum);
        GenSummary summary = GenSummary.read(fs, new org.apache.hadoop.fs.Path("/hs/gen"));
        assertThat(summary.rows()).isEqualTo(10_000);
        assertThat(Checksum.format(summary.checksum())).isEqualTo(checksum);
        for (FileStatus status : fs.listStatus(new org.apache.hadoop.fs.Path("/hs/gen"))) {
            if (status.getPath().getName().startsWith("part-")) {
                assertThat(status.getReplication()).isEqualTo((short) 3);
            }
        }
    }

    // ----- helpers -----

    static List<String> dataFiles(String dir) throws IOException {
        return HsDirs.dataFiles(fs, new org.apache.hadoop.fs.Path(dir), "dir").stream()
                .map(status -> status.getPath().getName()).collect(Collectors.toList());
    }

    static byte[] readAll(String file) throws IOException {
        org.apache.hadoop.fs.Path path = new org.apache.hadoop.fs.Path(file);
        byte[] data = new byte[(int) fs.getFileStatus(path).getLen()];
        try (FSDataInputStream in = fs.open(path)) {
            IOUtils.readFully(in, data, 0, data.length);
        }
        return data;
    }

    static void writeAll(String file, byte[] data) throws IOException {
        try (FSDataOutputStream out = fs.create(new org.apache.hadoop.fs.Path(file), true)) {
            out.write(data);
        }
    }

    /** The sum of the CRC32 of every record in a directory's data files, in TeraValidate's hex. */
    static String checksumOf(String dir) throws IOException {
        BigInteger sum = BigInteger.ZERO;
        CRC32 crc = new CRC32();
        for (String name : dataFiles(dir)) {
            byte[] data = readAll(dir + "/" + name);
            for (int at = 0; at < data.length; at += Records.RECORD_LENGTH) {
                crc.reset();
                crc.update(data, at, Records.RECORD_LENGTH);
                sum = sum.add(BigInteger.valueOf(crc.getValue()));
            }
        }
        return sum.toString(16);
    }

    static Run run(BiFunction<PrintStream, PrintStream, ? extends BenchTool<?>> factory, String... args)
            throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        BenchTool<?> tool = factory.apply(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        int status = ToolRunner.run(new Configuration(conf), tool, args);
        return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    static final class Run {
        final int status;
        final String out;
        final String err;

        Run(int status, String out, String err) {
            this.status = status;
            this.out = out;
            this.err = err;
        }
    }
}
