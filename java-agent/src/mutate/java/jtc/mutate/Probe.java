package jtc.mutate;

import java.util.BitSet;

/** What the probed classes call before each mutated instruction: the sites the current test ran. */
public final class Probe {

    private static final BitSet HITS = new BitSet();

    private Probe() {
    }

    public static void hit(int site) {
        synchronized (HITS) {
            HITS.set(site);
        }
    }

    /** The sites hit since the last call, and a fresh start. */
    static BitSet take() {
        synchronized (HITS) {
            BitSet hits = (BitSet) HITS.clone();
            HITS.clear();
            return hits;
        }
    }
}
