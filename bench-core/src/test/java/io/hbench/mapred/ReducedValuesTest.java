package io.hbench.mapred;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import io.hbench.stats.Histograms;
import org.HdrHistogram.Histogram;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

class ReducedValuesTest {
    @TempDir
    java.nio.file.Path temp;

    private FileSystem fs;
    private Path output;

    @BeforeEach
    void setUp() throws IOException {
        fs = FileSystem.getLocal(new Configuration());
        output = new Path(temp.toUri().toString(), "output");
        fs.mkdirs(output);
    }

    private void write(String name, String content) throws IOException {
        try (OutputStream out = fs.create(new Path(output, name), false)) {
            out.write(content.getBytes(StandardCharsets.UTF_8));
        }
    }

    @Test
    void readsTypedValuesFromAPartFile() throws IOException {
        Histogram histogram = Histograms.newHistogram();
        histogram.recordValue(42);
        histogram.recordValue(4200);
        write("part-r-00000", "f:rate\t3.75\n"
                + "h:latency\t" + Histograms.encode(histogram) + "\n"
                + "l:size\t1048576\n"
                + "s:hosts\tdn1;dn2\n");

        ReducedValues values = ReducedValues.read(fs, output);

        assertThat(values.longSum("size")).isEqualTo(1048576);
        assertThat(values.doubleSum("rate")).isEqualTo(3.75);
        assertThat(values.strings("hosts")).containsExactly("dn1", "dn2");
        assertThat(values.histogram("latency")).isEqualTo(histogram);
    }

    @Test
    void readsEveryPartFileAndIgnoresOtherFiles() throws IOException {
        write("part-r-00000", "l:a\t1\n");
        write("part-r-00001", "l:b\t2\n");
        write("_SUCCESS", "");
        write("notes.txt", "no tab here\n");

        ReducedValues values = ReducedValues.read(fs, output);

        assertThat(values.longSum("a")).isEqualTo(1);
        assertThat(values.longSum("b")).isEqualTo(2);
    }

    @Test
    void keepsEverythingAfterTheFirstTabAsTheValue() throws IOException {
        write("part-r-00000", "s:notes\tone\ttwo\n");

        assertThat(ReducedValues.read(fs, output).strings("notes")).containsExactly("one\ttwo");
    }

    @Test
    void givesZeroOrEmptyForAbsentKeys() throws IOException {
        write("part-r-00000", "");

        ReducedValues values = ReducedValues.read(fs, output);

        assertThat(values.longSum("size")).isZero();
        assertThat(values.doubleSum("rate")).isZero();
        assertThat(values.strings("hosts")).isEmpty();
        assertThat(values.histogram("latency").getTotalCount()).isZero();
        assertThat(values.longSums("task.")).isEmpty();
    }

    @Test
    void collectsLongSumsByTheRestOfTheirName() throws IOException {
        write("part-r-00000", "l:task.0\t5\nl:task.1\t7\nl:tasks\t2\nf:task.2\t1.0\n");

        assertThat(ReducedValues.read(fs, output).longSums("task."))
                .containsExactly(entry("0", 5L), entry("1", 7L));
    }

    @Test
    void rejectsLineWithoutTabNamingTheFile() throws IOException {
        write("part-r-00000", "l:size 12\n");

        assertThatThrownBy(() -> ReducedValues.read(fs, output))
                .isInstanceOf(IOException.class)
                .hasMessageStartingWith("malformed line in ")
                .hasMessageContaining("part-r-00000")
                .hasMessageEndingWith(": l:size 12");
    }

    @Test
    void readsBackWhatTheReducerCombined() throws IOException {
        String joined = SummingReducer.combine("s:hosts", java.util.List.of(new org.apache.hadoop.io.Text("dn1"),
                new org.apache.hadoop.io.Text("dn2")));
        write("part-r-00000", "s:hosts\t" + joined + "\n");

        assertThat(ReducedValues.read(fs, output).strings("hosts")).containsExactly("dn1", "dn2");
    }

    @Test
    void isUnaffectedByChangesToTheMapItWasBuiltFrom() {
        Map<String, String> map = new java.util.HashMap<>(Map.of("l:size", "1"));
        ReducedValues values = new ReducedValues(map);
        map.put("l:size", "2");

        assertThat(values.longSum("size")).isEqualTo(1);
    }
}
