package io.hbench.hs;

import io.hbench.mapred.TimedReducer;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.Text;

/**
 * The single reducer: sees files in name order, so it checks order across file boundaries, adds
 * counts and checksums, and compares them with what HSGen generated ({@link AcrossFilesCheck}).
 */
public final class ValidateReducer extends TimedReducer<Text, Text, Text, Text> {
    static final String EXPECTED_ROWS_KEY = "hbench.hs.validate.expected.rows";
    static final String EXPECTED_CHECKSUM_KEY = "hbench.hs.validate.expected.checksum";

    private AcrossFilesCheck check;

    @Override
    protected void setup(Context context) {
        Configuration conf = context.getConfiguration();
        long expectedRows = conf.getLong(EXPECTED_ROWS_KEY, -1);
        check = new AcrossFilesCheck(expectedRows >= 0 ? Optional.of(expectedRows) : Optional.empty(),
                Optional.ofNullable(conf.get(EXPECTED_CHECKSUM_KEY)).map(Checksum::parse),
                (key, value) -> context.write(new Text(key), new Text(value)));
    }

    @Override
    protected void reduce(Text file, Iterable<Text> values, Context context) throws IOException, InterruptedException {
        List<String> texts = new ArrayList<>();
        for (Text value : values) {
            texts.add(value.toString());
        }
        check.file(file.toString(), texts);
    }

    @Override
    protected void cleanup(Context context) throws IOException, InterruptedException {
        check.end();
    }
}
