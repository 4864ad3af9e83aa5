package jtc.agent;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;

/**
 * The user classpath (directories and jars) and the raw bytes of its classes.
 *
 * <p>Every execution defines the user classes afresh in a new loader; reading their bytes once
 * per JVM keeps that cheap. Misses are remembered too, because a child-first loader asks for
 * every class name the code under test mentions.
 */
final class UserClasspath {
    private static final byte[] MISSING = new byte[0];

    private final List<String> entries;
    private final List<Path> directories = new ArrayList<>();
    private final List<JarFile> jars = new ArrayList<>();
    private final URL[] urls;
    private final Map<String, byte[]> classes = new ConcurrentHashMap<>();

    /** Entries that do not exist are skipped, as the JVM does. */
    UserClasspath(String[] entries) {
        this.entries = List.of(entries);
        List<URL> found = new ArrayList<>();
        for (String entry : entries) {
            File file = new File(entry);
            try {
                if (file.isDirectory()) {
                    directories.add(file.toPath());
                } else if (file.isFile()) {
                    jars.add(new JarFile(file));
                } else {
                    continue;
                }
                found.add(file.toURI().toURL());
            } catch (IOException e) {
                throw new IllegalArgumentException("cannot read classpath entry " + entry + ": " + e.getMessage(), e);
            }
        }
        urls = found.toArray(new URL[0]);
    }

    List<String> entries() {
        return entries;
    }

    URL[] urls() {
        return urls.clone();
    }

    /** The class file of {@code internalName} on the user classpath, or null. */
    byte[] read(String internalName) {
        byte[] bytes = classes.computeIfAbsent(internalName, this::load);
        return bytes == MISSING ? null : bytes;
    }

    boolean contains(String internalName) {
        return read(internalName) != null;
    }

    private byte[] load(String internalName) {
        String file = internalName + ".class";
        try {
            for (Path directory : directories) {
                Path path = directory.resolve(file);
                if (Files.isRegularFile(path)) {
                    return Files.readAllBytes(path);
                }
            }
            for (JarFile jar : jars) {
                ZipEntry entry = jar.getEntry(file);
                if (entry != null) {
                    try (InputStream in = jar.getInputStream(entry)) {
                        return in.readAllBytes();
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + " from the user classpath", e);
        }
        return MISSING;
    }
}
