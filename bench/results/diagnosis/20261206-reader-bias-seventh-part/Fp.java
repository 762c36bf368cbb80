import org.rwsem4j.Rwsem;
/**
 * What 100,000 on-heap locks of a spec (argument 1) weigh fresh, and what two overlapping reads of each add (for a
 * lock with reader-bias: its first arm). Used heap after System.gc(), per lock. Run with -Xmx2g; see README.md.
 */
public class Fp {
    static long used() { for (int i = 0; i < 4; i++) System.gc(); Runtime r = Runtime.getRuntime(); return r.totalMemory() - r.freeMemory(); }
    public static void main(String[] a) throws Exception {
        int n = 100_000; Rwsem[] l = new Rwsem[n];
        long u0 = used();
        for (int i = 0; i < n; i++) l[i] = Rwsem.builder().variant(a[0]).onHeap().build();
        long u1 = used();
        for (int i = 0; i < n; i++) { var r = l[i].readLock(); r.lock(); r.lock(); r.unlock(); r.unlock(); }
        long u2 = used();
        System.out.printf("%s fresh %.0f B, after two overlapping reads +%.0f B, biased=%s%n", a[0].length() > 20 ? "RB" : a[0], (u1 - u0) / (double)n, (u2 - u1) / (double)n, l[0].state().readBiased());
    }
}
