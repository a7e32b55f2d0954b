package io.hbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Everything bench.jar takes from the cluster rather than carries (Hadoop, and the libraries it ships: commons-math3,
 * commons-codec, commons-logging, Kerby, log4j) is there, in the version each release ships: every class, field and
 * method bench.jar uses outside itself and the JDK resolves on the jars of each Hadoop release it is tested on. The runs
 * of the other bench-it tests reach only the code their flags take; this reaches every line.
 */
class BenchJarLinkageIT {
    private static final String ROUTER_CLASSES = "org/apache/hadoop/hdfs/server/federation/";

    @TempDir
    static Path temp;

    static Stream<String> releases() {
        return Stream.of("3.3.6", YarnCluster.Environment.hadoopVersion(), "3.5.0");
    }

    @ParameterizedTest
    @MethodSource("releases")
    void everyReferenceOutsideBenchJarResolvesOnTheRelease(String version) throws IOException {
        try (JarLinkage linkage = JarLinkage.of(Paths.get(YarnCluster.Environment.benchJar()), classpath(version))) {
            JarLinkage.Check check = linkage.check();

            // Hadoop 3.5.0's hadoop-hdfs-rbf is not on Maven Central: its references are the only ones left, and
            // -perSubcluster refuses in one line where the Router's classes are missing.
            assertThat(check.unresolved.stream().filter(reference -> !version.equals("3.5.0")
                    || !reference.startsWith(ROUTER_CLASSES))).as("on Hadoop " + version).isEmpty();
            // Hadoop's FileSystem, Job, Configuration, ... and the libraries: many hundreds.
            assertThat(check.outsideReferences).isGreaterThan(400);
        }
    }

    /** The check finds what failed on Hadoop 3.3.6 before bench.jar carried its own commons-cli. */
    @Test
    void aMethodTheReleasesLibraryLacksIsFoundAndOneOfASupertypeIsNot() throws IOException {
        Path jar = temp.resolve("builder.jar");
        writeJar(jar, "example/Flags", "org/apache/hadoop/conf/Configured", method -> {
            method.visitLdcInsn("write");
            method.visitMethodInsn(Opcodes.INVOKESTATIC, "org/apache/commons/cli/Option", "builder",
                    "(Ljava/lang/String;)Lorg/apache/commons/cli/Option$Builder;", false);
            method.visitInsn(Opcodes.POP);
            // Declared by Configured, named on the class that inherits it, as javac writes it.
            method.visitVarInsn(Opcodes.ALOAD, 0);
            method.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "example/Flags", "getConf",
                    "()Lorg/apache/hadoop/conf/Configuration;", false);
            method.visitInsn(Opcodes.POP);
        });

        try (JarLinkage on336 = JarLinkage.of(jar, classpath("3.3.6"));
                JarLinkage on350 = JarLinkage.of(jar, classpath("3.5.0"))) {
            assertThat(on336.check().unresolved).containsExactly("org/apache/commons/cli/Option.builder"
                    + "(Ljava/lang/String;)Lorg/apache/commons/cli/Option$Builder;, used by example/Flags");
            assertThat(on350.check().unresolved).isEmpty();
        }
    }

    private static List<Path> classpath(String version) {
        return Stream.of(YarnCluster.Environment.hadoopClasspath(version).split(File.pathSeparator)).map(Paths::get)
                .collect(Collectors.toList());
    }

    /** A jar of one class, {@code name} extending {@code superName}, whose one method has {@code body}. */
    private static void writeJar(Path jar, String name, String superName,
            java.util.function.Consumer<MethodVisitor> body) throws IOException {
        ClassWriter writer = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        writer.visit(Opcodes.V11, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, name, null, superName, null);
        MethodVisitor method = writer.visitMethod(Opcodes.ACC_PUBLIC, "run", "()V", null, null);
        method.visitCode();
        body.accept(method);
        method.visitInsn(Opcodes.RETURN);
        method.visitMaxs(0, 0);
        method.visitEnd();
        writer.visitEnd();
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file)) {
            out.putNextEntry(new JarEntry(name + ".class"));
            out.write(writer.toByteArray());
            out.closeEntry();
        }
    }
}
