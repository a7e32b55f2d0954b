package io.hbench.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FileNamesTest {
    @Test
    void namesFillEachDirectoryThenTheNextLevelLastComponentFastest() {
        FileNames names = FileNames.generate("/b/create", 2, 0, 12);

        assertThat(names.name(0)).isEqualTo("/b/create/ThroughputBenchDir0/ThroughputBench0");
        assertThat(names.name(1)).isEqualTo("/b/create/ThroughputBenchDir0/ThroughputBench1");
        assertThat(names.name(2)).isEqualTo("/b/create/ThroughputBenchDir1/ThroughputBench2");
        assertThat(names.name(4)).isEqualTo("/b/create/ThroughputBenchDir0/ThroughputBenchDir0/ThroughputBench4");
        assertThat(names.name(6)).isEqualTo("/b/create/ThroughputBenchDir0/ThroughputBenchDir1/ThroughputBench6");
        assertThat(names.name(8)).isEqualTo("/b/create/ThroughputBenchDir1/ThroughputBenchDir0/ThroughputBench8");
        assertThat(names.name(11)).isEqualTo("/b/create/ThroughputBenchDir1/ThroughputBenchDir1/ThroughputBench11");
    }

    /** Files one tool made are found by the other (-useExisting), and both walk the namespace in the same order. */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 7})
    void namesAreThoseOfHadoopsOwnGenerator(int perDir) throws Exception {
        int count = perDir == 1 ? 19 : 5_000;
        FileNames names = FileNames.generate("/nnThroughputBenchmark/open", perDir, 0, count);
        Class<?> generatorClass = Class.forName("org.apache.hadoop.hdfs.server.namenode.FileNameGenerator");
        Constructor<?> constructor = generatorClass.getDeclaredConstructor(String.class, int.class);
        constructor.setAccessible(true);
        Object hadoops = constructor.newInstance("/nnThroughputBenchmark/open", perDir);
        Method next = generatorClass.getDeclaredMethod("getNextFileName", String.class);
        next.setAccessible(true);

        for (int i = 0; i < count; i++) {
            assertThat(names.name(i)).as("name %d", i).isEqualTo(next.invoke(hadoops, FileNames.PREFIX));
        }
    }

    @Test
    void aTableMayStartAnywhereAndGivesTheSameNames() {
        FileNames all = FileNames.generate("/b", 4, 0, 100);
        FileNames tail = FileNames.generate("/b", 4, 60, 40);

        for (int i = 0; i < 40; i++) {
            assertThat(tail.name(i)).isEqualTo(all.name(60 + i));
        }
    }

    @Test
    void oneFilePerDirectoryNestsOneLevelPerFile() {
        FileNames names = FileNames.generate("/b", 1, 0, 20);

        assertThat(names.name(2)).isEqualTo("/b/ThroughputBenchDir0/ThroughputBenchDir0/ThroughputBenchDir0"
                + "/ThroughputBench2");
        assertThat(FileNames.capacity(1)).isEqualTo(20);
    }

    @Test
    void capacityCountsTwentyLevelsOfDirectories() {
        assertThat(FileNames.capacity(2)).isEqualTo(2 * ((1L << 21) - 2));
        assertThat(FileNames.capacity(32)).isGreaterThan(Integer.MAX_VALUE);
    }

    @Test
    void namesOfAMillionFilesTakeFarLessThan256Megabytes() {
        FileNames names = FileNames.generate("/nnThroughputBenchmark/create", 4, 0, 1_000_000);

        assertThat(names.size()).isEqualTo(1_000_000);
        assertThat(names.footprintBytes()).isLessThan(128L << 20);
        assertThat(names.name(999_999)).endsWith("/ThroughputBench999999");
    }
}
