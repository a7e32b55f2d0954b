package io.hbench.dfsio;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlacedControlFilesTest {
    @TempDir
    Path control;

    @Test
    void eachControlFilesSplitHasTheHostsAskedForItsDataFileAndNoneWhereNoneWere() throws Exception {
        Files.write(control.resolve("in_file_test_io_0"), new byte[] {1});
        Files.write(control.resolve("in_file_test_io_1"), new byte[] {1});
        Job job = Job.getInstance(new Configuration(false));
        FileInputFormat.setInputPaths(job, control.toUri().toString());
        PlacedControlFiles.setHosts(job.getConfiguration(), "test_io_0", List.of("w4", "w5"));
        PlacedControlFiles.setHosts(job.getConfiguration(), "test_io_1", List.of());

        List<InputSplit> splits = new PlacedControlFiles().getSplits(job);

        assertThat(splits).hasSize(2);
        for (InputSplit split : splits) {
            String[] asked = split.toString().contains("test_io_0") ? new String[] {"w4", "w5"} : new String[0];
            assertThat(split.getLocations()).as(split.toString()).containsExactly(asked);
        }
    }
}
