package io.hbench.mapred;

import io.hbench.stats.Histograms;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import org.HdrHistogram.Histogram;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/** The output of a {@link SummingReducer} job, read back with typed accessors. */
public final class ReducedValues {
    private final Map<String, String> values;

    public ReducedValues(Map<String, String> values) {
        this.values = Collections.unmodifiableMap(new TreeMap<>(values));
    }

    /** Reads every {@code part-r-*} file of a job's output directory. */
    public static ReducedValues read(FileSystem fs, Path outputDir) throws IOException {
        Map<String, String> values = new TreeMap<>();
        for (FileStatus part : fs.listStatus(outputDir, path -> path.getName().startsWith("part-"))) {
            try (BufferedReader reader = new BufferedReader(
                    new InputStreamReader(fs.open(part.getPath()), StandardCharsets.UTF_8))) {
                String line;
                while ((line = reader.readLine()) != null) {
                    int tab = line.indexOf('\t');
                    if (tab < 0) {
                        throw new IOException("malformed line in " + part.getPath() + ": " + line);
                    }
                    values.put(line.substring(0, tab), line.substring(tab + 1));
                }
            }
        }
        return new ReducedValues(values);
    }

    public long longSum(String name) {
        String value = values.get(SummingReducer.LONG_SUM + name);
        return value == null ? 0 : Long.parseLong(value);
    }

    public double doubleSum(String name) {
        String value = values.get(SummingReducer.DOUBLE_SUM + name);
        return value == null ? 0 : Double.parseDouble(value);
    }

    public List<String> strings(String name) {
        String value = values.get(SummingReducer.STRING_JOIN + name);
        return value == null || value.isEmpty() ? List.of() : List.of(value.split(String.valueOf(SummingReducer.STRING_SEPARATOR)));
    }

    public Histogram histogram(String name) {
        String value = values.get(SummingReducer.HISTOGRAM + name);
        return value == null ? Histograms.newHistogram() : Histograms.decode(value);
    }

    /** The histograms whose names start with {@code prefix}, by the rest of their name. */
    public Map<String, Histogram> histograms(String prefix) {
        return byName(SummingReducer.HISTOGRAM + prefix, Histograms::decode);
    }

    /** The long sums whose names start with {@code prefix}, by the rest of their name. */
    public Map<String, Long> longSums(String prefix) {
        return byName(SummingReducer.LONG_SUM + prefix, Long::parseLong);
    }

    /** The values whose keys start with {@code prefix}, parsed, by the rest of their key. */
    private <T> Map<String, T> byName(String prefix, Function<String, T> parse) {
        Map<String, T> parsed = new TreeMap<>();
        values.forEach((key, value) -> {
            if (key.startsWith(prefix)) {
                parsed.put(key.substring(prefix.length()), parse.apply(value));
            }
        });
        return parsed;
    }
}
