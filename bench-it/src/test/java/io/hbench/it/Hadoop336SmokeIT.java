package io.hbench.it;

/** bench.jar on Hadoop 3.3.6, whose commons-cli (1.2) lacks the builders hbench parses with. */
class Hadoop336SmokeIT extends OtherHadoopReleaseSmoke {
    @Override
    String version() {
        return "3.3.6";
    }
}
