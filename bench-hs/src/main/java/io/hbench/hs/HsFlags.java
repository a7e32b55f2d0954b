package io.hbench.hs;

import io.hbench.cli.FlagNames;

/** How the TPCx-HS programs' command lines name the options their builders name otherwise. */
public final class HsFlags {
    /** Option name to flag: {@code -output} for {@code outputDir}; every other option {@code o} is {@code -o}. */
    public static final FlagNames NAMES = FlagNames.SAME.with("outputDir", "-output").with("inputDir", "-input")
            .with("reportDir", "-report").with("genDir", "-gen").with("expectedRows", "-rows")
            .with(ScaleFactor.OPTION, "-sf");

    private HsFlags() {
    }
}
