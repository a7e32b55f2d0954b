package io.hbench.hs;

import io.hbench.mapred.TimedMapper;
import java.io.IOException;
import java.util.Optional;
import org.apache.hadoop.io.Text;

/**
 * Reads one whole file and checks it ({@link FileOrderCheck}). Emits, keyed by file name, the file's misorders (the
 * first few, each with the record numbers where it happens) and then one summary: count, first and last key,
 * checksum, misorder count.
 */
public final class ValidateMapper extends TimedMapper<Text, Text, Text, Text> {
    private FileOrderCheck check;
    private Text file;

    @Override
    protected void setup(Context context) {
        String name = ((HsInputFormat.RecordSplit) context.getInputSplit()).file().getPath().getName();
        file = new Text(name);
        check = new FileOrderCheck(name);
    }

    @Override
    protected void map(Text key, Text value, Context context) throws IOException, InterruptedException {
        Optional<String> misorder = check.add(key, value);
        if (misorder.isPresent()) {
            context.write(file, new Text(misorder.get()));
        }
        if ((check.records() & 0xffff) == 0) {
            context.getCounter(HsCounter.BYTES).increment(0x10000L * Records.RECORD_LENGTH);
        }
    }

    @Override
    protected void cleanup(Context context) throws IOException, InterruptedException {
        context.write(file, new Text(check.summary()));
    }
}
