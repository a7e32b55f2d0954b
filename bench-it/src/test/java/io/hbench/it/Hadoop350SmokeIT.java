package io.hbench.it;

/** bench.jar on Hadoop 3.5.0. */
class Hadoop350SmokeIT extends OtherHadoopReleaseSmoke {
    @Override
    String version() {
        return "3.5.0";
    }
}
