package io.hbench.hs;

import java.util.Map;

/** How the TPCx-HS programs' command lines name the options their builders name otherwise. */
final class HsFlags {
    private static final Map<String, String> FLAGS = Map.of("outputDir", "-output", "inputDir", "-input", "reportDir",
            "-report", "genDir", "-gen", "expectedRows", "-rows", ScaleFactor.OPTION, "-sf");

    private HsFlags() {
    }

    /** The flag of {@code option}: {@code -output} for {@code outputDir}, else {@code -option}. */
    static String of(String option) {
        return FLAGS.getOrDefault(option, "-" + option);
    }
}
