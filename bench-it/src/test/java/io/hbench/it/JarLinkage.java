package io.hbench.it;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.FieldVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * What a job jar takes from the classpath it runs on, checked as the JVM links it: every class its classes name, and
 * every field and method they use, looked up in the class named and its supertypes, on a classpath (Hadoop's jars,
 * searched first, as RunJar's class loader asks its parent first), the jar itself and the running JDK. A reference that
 * does not resolve is a NoClassDefFoundError, NoSuchMethodError or NoSuchFieldError waiting on that classpath.
 *
 * <p>The JDK's classes and their members are left out: the compiler's {@code --release} has checked them.
 */
final class JarLinkage implements AutoCloseable {
    private static final int CONSTANT_CLASS = 7;
    private static final int CONSTANT_FIELDREF = 9;
    private static final int CONSTANT_METHODREF = 10;
    private static final int CONSTANT_INTERFACE_METHODREF = 11;

    /** Class files by internal name, and the archive each is in: the classpath's first, then the jar's. */
    private final Map<String, ZipFile> archives = new HashMap<>();
    private final List<ZipFile> opened = new ArrayList<>();
    /** The classes that load from the jar. */
    private final Set<String> jarClasses = new TreeSet<>();
    private final Map<String, Optional<ClassShape>> shapes = new HashMap<>();

    private JarLinkage() {
    }

    /** {@code jar} on {@code classpath}: the jar's classes come after the classpath's, as RunJar loads them. */
    static JarLinkage of(Path jar, List<Path> classpath) throws IOException {
        requireNonNull(jar, "jar is null");
        requireNonNull(classpath, "classpath is null");
        JarLinkage linkage = new JarLinkage();
        try {
            for (Path entry : classpath) {
                linkage.index(entry, null);
            }
            linkage.index(jar, linkage.jarClasses);
        } catch (IOException | RuntimeException e) {
            linkage.close();
            throw e;
        }
        return linkage;
    }

    private void index(Path jar, Set<String> names) throws IOException {
        ZipFile zip = new ZipFile(jar.toFile());
        opened.add(zip);
        for (Enumeration<? extends ZipEntry> entries = zip.entries(); entries.hasMoreElements();) {
            String entry = entries.nextElement().getName();
            if (entry.endsWith(".class") && !entry.startsWith("META-INF/") && !entry.endsWith("module-info.class")) {
                String name = entry.substring(0, entry.length() - ".class".length());
                // A class of the jar that the classpath has too never loads from the jar.
                if (archives.putIfAbsent(name, zip) == null && names != null) {
                    names.add(name);
                }
            }
        }
    }

    /**
     * How many distinct classes, fields and methods outside the jar and the JDK the jar's classes refer to, and which of
     * all those they refer to do not resolve: one line each, sorted, naming the reference and a class of the jar that
     * makes it.
     */
    Check check() throws IOException {
        Map<String, String> references = new LinkedHashMap<>();
        Set<String> unresolved = new TreeSet<>();
        for (String name : jarClasses) {
            ClassReader reader = reader(name);
            char[] buffer = new char[reader.getMaxStringLength()];
            for (int item = 1; item < reader.getItemCount(); item++) {
                int offset = reader.getItem(item);
                // The second slot of a long or double constant has no item.
                if (offset == 0) {
                    continue;
                }
                int tag = reader.readByte(offset - 1);
                if (tag == CONSTANT_CLASS) {
                    String type = elementClass(reader.readUTF8(offset, buffer));
                    if (type != null && !isJdk(type) && references.putIfAbsent(type, name) == null
                            && shape(type).isEmpty()) {
                        unresolved.add(type + ", named by " + name);
                    }
                } else if (tag == CONSTANT_FIELDREF || tag == CONSTANT_METHODREF
                        || tag == CONSTANT_INTERFACE_METHODREF) {
                    String owner = reader.readClass(offset, buffer);
                    int nameAndType = reader.getItem(reader.readUnsignedShort(offset + 2));
                    String member = reader.readUTF8(nameAndType, buffer);
                    String descriptor = reader.readUTF8(nameAndType + 2, buffer);
                    String reference = owner + "." + member + (tag == CONSTANT_FIELDREF ? ":" : "") + descriptor;
                    if (!owner.startsWith("[") && !isJdk(owner) && references.putIfAbsent(reference, name) == null) {
                        String missing = resolve(owner, member, descriptor, tag == CONSTANT_FIELDREF);
                        if (missing != null) {
                            unresolved.add(reference + ", used by " + name + missing);
                        }
                    }
                }
            }
        }
        long outside = references.keySet().stream().filter(reference -> !jarClasses.contains(ownerOf(reference)))
                .count();
        return new Check((int) outside, List.copyOf(unresolved));
    }

    /** Null when the member is found in {@code owner} or a supertype; otherwise why not, to append to the line. */
    private String resolve(String owner, String member, String descriptor, boolean field) throws IOException {
        Deque<String> pending = new ArrayDeque<>(List.of(owner));
        Set<String> seen = new HashSet<>();
        while (!pending.isEmpty()) {
            String type = pending.poll();
            if (!seen.add(type)) {
                continue;
            }
            Optional<ClassShape> shape = shape(type);
            if (shape.isEmpty()) {
                return type.equals(owner) ? " (no such class)" : " (its supertype " + type + " is missing)";
            }
            if ((field ? shape.get().fields : shape.get().methods).contains(member + descriptor)) {
                return null;
            }
            if (shape.get().superName != null) {
                pending.add(shape.get().superName);
            }
            pending.addAll(shape.get().interfaces);
        }
        return "";
    }

    private Optional<ClassShape> shape(String name) throws IOException {
        Optional<ClassShape> known = shapes.get(name);
        if (known == null) {
            known = Optional.ofNullable(readShape(name));
            shapes.put(name, known);
        }
        return known;
    }

    private ClassShape readShape(String name) throws IOException {
        ClassReader reader;
        if (archives.containsKey(name)) {
            reader = reader(name);
        } else {
            try (InputStream jdk = ClassLoader.getPlatformClassLoader().getResourceAsStream(name + ".class")) {
                if (jdk == null) {
                    return null;
                }
                reader = new ClassReader(jdk);
            }
        }
        ClassShape shape = new ClassShape(reader.getSuperName(), List.of(reader.getInterfaces()));
        reader.accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public FieldVisitor visitField(int access, String fieldName, String descriptor, String signature,
                    Object value) {
                shape.fields.add(fieldName + descriptor);
                return null;
            }

            @Override
            public MethodVisitor visitMethod(int access, String methodName, String descriptor, String signature,
                    String[] exceptions) {
                shape.methods.add(methodName + descriptor);
                return null;
            }
        }, ClassReader.SKIP_CODE | ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        return shape;
    }

    private ClassReader reader(String name) throws IOException {
        ZipFile zip = archives.get(name);
        try (InputStream in = zip.getInputStream(zip.getEntry(name + ".class"))) {
            return new ClassReader(in);
        }
    }

    /** The class an array of objects holds, the class itself, or null for an array of primitives. */
    private static String elementClass(String type) {
        String element = type.replaceFirst("^\\[+", "");
        if (element.equals(type)) {
            return type;
        }
        return element.startsWith("L") ? element.substring(1, element.length() - 1) : null;
    }

    private boolean isJdk(String type) {
        if (archives.containsKey(type)) {
            return false;
        }
        try {
            return shape(type).isPresent();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String ownerOf(String reference) {
        int dot = reference.indexOf('.');
        return dot < 0 ? reference : reference.substring(0, dot);
    }

    @Override
    public void close() throws IOException {
        IOException failure = null;
        for (ZipFile zip : opened) {
            try {
                zip.close();
            } catch (IOException e) {
                failure = e;
            }
        }
        if (failure != null) {
            throw failure;
        }
    }

    /** A class's supertypes and the fields and methods it declares (name and descriptor). */
    private static final class ClassShape {
        final String superName;
        final List<String> interfaces;
        final Set<String> fields = new HashSet<>();
        final Set<String> methods = new HashSet<>();

        ClassShape(String superName, List<String> interfaces) {
            this.superName = superName;
            this.interfaces = interfaces;
        }
    }

    /** The outcome of {@link #check}. */
    static final class Check {
        /** Distinct classes and members of classes outside the jar and the JDK that the jar refers to. */
        final int outsideReferences;
        /** One line per reference that does not resolve. */
        final List<String> unresolved;

        Check(int outsideReferences, List<String> unresolved) {
            this.outsideReferences = outsideReferences;
            this.unresolved = unresolved;
        }
    }
}
