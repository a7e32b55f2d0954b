package io.hbench.hs;

import java.util.Map;

/** How the TPCx-HS programs' command lines name the options their builders name otherwise. */
final class HsFlags {
    /** Option name to flag: {@code -output} for {@code outputDir}; every other option {@code o} is {@code -o}. */
    static final Map<String, String> NAMES = Map.of("outputDir", "-output", "inputDir", "-input", "reportDir",
            "-report", "genDir", "-gen", "expectedRows", "-rows", ScaleFactor.OPTION, "-sf");

    private HsFlags() {
    }
}
