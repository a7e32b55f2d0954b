package io.hbench.stats;

import io.hbench.result.Distribution;
import io.hbench.result.Unit;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * HdrHistogram helpers: a text form that travels through MapReduce (compressed, Base64) and the
 * conversion to a result {@link Distribution}.
 */
public final class Histograms {
    /** Three significant digits: percentiles within 0.1% of the recorded value. */
    public static final int SIGNIFICANT_DIGITS = 3;
    /** The percentiles every hbench distribution reports. */
    public static final double[] PERCENTILES = {50.0, 90.0, 99.0, 99.9};

    private Histograms() {
    }

    /** A histogram that grows to any value, at {@link #SIGNIFICANT_DIGITS} precision. */
    public static Histogram newHistogram() {
        return new Histogram(SIGNIFICANT_DIGITS);
    }

    public static String encode(Histogram histogram) {
        ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
        int length = histogram.encodeIntoCompressedByteBuffer(buffer);
        return Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(buffer.array(), length));
    }

    public static Histogram decode(String text) {
        try {
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(text)), 0);
        } catch (DataFormatException | IllegalArgumentException e) {
            throw new IllegalArgumentException("not an encoded histogram: " + e.getMessage(), e);
        } catch (BufferUnderflowException | IndexOutOfBoundsException e) {
            // HdrHistogram reads past the end of short or corrupt input instead of reporting it.
            throw new IllegalArgumentException("not an encoded histogram: it is truncated or corrupt", e);
        }
    }

    /**
     * Summarises {@code histogram}, whose recorded values are in units of {@code 1 / scale} of
     * {@code unit} (record microseconds with scale 1000 to report milliseconds).
     */
    public static Distribution toDistribution(String name, Unit unit, Histogram histogram, double scale) {
        long count = histogram.getTotalCount();
        SortedMap<Double, Double> percentiles = new TreeMap<>();
        if (count == 0) {
            return new Distribution(name, unit, 0, 0, 0, 0, 0, percentiles);
        }
        for (double percentile : PERCENTILES) {
            percentiles.put(percentile, histogram.getValueAtPercentile(percentile) / scale);
        }
        double min = histogram.getMinValue() / scale;
        double max = histogram.getMaxValue() / scale;
        // Recorded values are equivalent-range midpoints; keep the reported mean inside [min, max].
        double mean = Math.min(max, Math.max(min, histogram.getMean() / scale));
        return new Distribution(name, unit, count, min, max, mean, histogram.getStdDeviation() / scale, percentiles);
    }
}
