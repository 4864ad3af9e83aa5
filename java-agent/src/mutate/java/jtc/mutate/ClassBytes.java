package jtc.mutate;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The class files of the tests and the user's classpath, read and guarded ({@link Guard}) once and
 * shared by every mutant's loader: a fresh loader per mutant then costs class definition, not file
 * reading and rewriting.
 */
final class ClassBytes {

    private static final byte[] ABSENT = new byte[0];

    private final URLClassLoader files;
    private final Map<String, byte[]> cache = new ConcurrentHashMap<>();

    ClassBytes(String classpath) throws MalformedURLException {
        String[] entries = classpath.split(File.pathSeparator);
        URL[] urls = new URL[entries.length];
        for (int i = 0; i < entries.length; i++) {
            urls[i] = new File(entries[i]).toURI().toURL();
        }
        files = new URLClassLoader(urls, null);
    }

    /** The guarded bytes of a class by binary name, or null when no entry holds it. */
    byte[] get(String name) {
        byte[] bytes = cache.computeIfAbsent(name, this::read);
        return bytes == ABSENT ? null : bytes;
    }

    URL resource(String name) {
        return files.findResource(name);
    }

    private byte[] read(String name) {
        URL url = files.findResource(name.replace('.', '/') + ".class");
        if (url == null) {
            return ABSENT;
        }
        try (InputStream in = url.openStream()) {
            return Guard.apply(in.readAllBytes());
        } catch (IOException e) {
            return ABSENT;
        }
    }
}
