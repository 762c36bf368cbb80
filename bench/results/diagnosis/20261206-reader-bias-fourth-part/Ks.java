import java.util.concurrent.*;
import java.util.concurrent.locks.*;
import org.rwsem4j.Rwsem;
import org.rwsem4j.bench.GuardedPair;
/**
 * The kernel shape's read-only loop by hand: 1,000,000 ops per worker, GuardedPair.read(1) inside. Arguments: a
 * variant spec (or "stamped"), threads, runs, and any fourth argument for new threads each run (a pool made once
 * otherwise); -DspinMs=N makes each worker spin N ms before the gate.
 */
public class Ks {
    static volatile long T0;
    static final long SPIN_NS = Long.getLong("spinMs", 0) * 1_000_000;
    static long loop(Lock read, GuardedPair pair, long seed, int ops) {
        long x = seed | 1; long s = 0;
        for (int i = 0; i < ops; i++) {
            x ^= x << 13; x ^= x >>> 7; x ^= x << 17;
            if (((x >>> 32) & 0xffffffffL) >= 0) { read.lock(); try { pair.read(1); } finally { read.unlock(); } }
            s += x;
        }
        return s;
    }
    public static void main(String[] a) throws Exception {
        String spec = a[0]; int threads = Integer.parseInt(a[1]); int runs = Integer.parseInt(a[2]);
        ReadWriteLock lock = spec.equals("stamped") ? new StampedLock().asReadWriteLock() : Rwsem.of(spec);
        GuardedPair pair = new GuardedPair();
        boolean fresh = a.length > 3;
        ExecutorService pool = fresh ? null : Executors.newFixedThreadPool(threads);
        for (int r = 0; r < runs; r++) {
            ExecutorService ex = fresh ? Executors.newFixedThreadPool(threads) : pool;
            CyclicBarrier go = new CyclicBarrier(threads);
            Future<?>[] f = new Future<?>[threads];
            for (int t = 0; t < threads; t++) { final int tt = t;
                f[t] = ex.submit(() -> { long spinUntil = System.nanoTime() + SPIN_NS; while (System.nanoTime() < spinUntil) Thread.onSpinWait(); go.await(); if (tt == 0) T0 = System.nanoTime(); return loop(lock.readLock(), pair, tt * 7 + 1, 1_000_000); }); }
            for (Future<?> q : f) q.get();
            if (fresh) ex.shutdown();
            long ms = (System.nanoTime() - T0) / 1000;
            if (r >= runs - 5) System.out.println((spec.length() > 20 ? "RB" : spec) + " " + threads + "t run " + r + ": " + ms / 1000.0 + " ms" + (lock instanceof Rwsem w ? " biased=" + w.state().readBiased() : ""));
        }
        if (pool != null) pool.shutdown();
    }
}
