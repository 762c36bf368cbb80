import java.util.concurrent.*;
import java.util.concurrent.locks.*;
import org.rwsem4j.Rwsem;

/**
 * Does a biased read cost more once the table of visible readers is in the old generation, where G1's post-write
 * barrier on a reference store into another region fences (StoreLoad) unless the card is young? Two workers of a pool
 * made once read one lock (empty section) in runs of OPS reads each; arguments: a variant spec, "young" or "old"
 * ("old": 3 MB of live ballast in 1 KB arrays between the table, the lock and the workers' Thread objects, then two System.gc()).
 * Run with -XX:G1HeapRegionSize=1m so that the ballast puts them in different regions.
 */
public class Kb {
    static final Object[][] BALLAST = new Object[8][];

    /** 3 MB of live 1 KB arrays (none humongous), so that what is made after them lands in another 1 MB region. */
    static Object[] ballast() {
        Object[] b = new Object[3072];
        for (int i = 0; i < b.length; i++) b[i] = new byte[1024];
        return b;
    }
    static final int OPS = 5_000_000;
    static volatile long sink;

    static long loop(Lock read, int ops) {
        for (int i = 0; i < ops; i++) { read.lock(); read.unlock(); }
        return ops;
    }

    public static void main(String[] a) throws Exception {
        String spec = a[0];
        boolean old = a[1].equals("old");
        Rwsem first = Rwsem.builder().variant(spec).onHeap().build(); // loads the hook, and with it the table
        if (old) BALLAST[0] = ballast();
        Rwsem lock = Rwsem.builder().variant(spec).onHeap().build();
        if (old) BALLAST[1] = ballast();
        ExecutorService pool = Executors.newFixedThreadPool(2);
        CountDownLatch made = new CountDownLatch(2);
        for (int t = 0; t < 2; t++) pool.submit(() -> { made.countDown(); return null; });
        made.await();
        if (old) { BALLAST[2] = ballast(); System.gc(); System.gc(); }
        for (int r = 0; r < 12; r++) {
            CyclicBarrier go = new CyclicBarrier(2);
            Future<Long>[] f = new Future[2];
            long[] ns = new long[2];
            for (int t = 0; t < 2; t++) { final int tt = t;
                f[t] = pool.submit(() -> { go.await(); long t0 = System.nanoTime(); long n = loop(lock.readLock(), OPS); ns[tt] = System.nanoTime() - t0; return n; }); }
            for (Future<Long> q : f) q.get();
            if (r >= 4) System.out.printf("%s %s run %d: %.2f / %.2f ns per read (per thread) biased=%s%n",
                spec.length() > 20 ? "RB" : spec, old ? "old" : "young", r, ns[0] / (double)OPS, ns[1] / (double)OPS,
                lock.state().readBiased());
        }
        pool.shutdown();
        sink = first.hashCode();
    }
}
