import java.util.concurrent.*;
import java.util.concurrent.locks.*;
import org.rwsem4j.Rwsem;

/**
 * Is a biased read slower at two threads because of what the two share? Modes: "same" (both threads read one lock),
 * "two" (each its own lock), "alu" (thread 0 reads, thread 1 runs plain ALU work), "one" (thread 0 alone).
 * ns per read+unlock per thread, 10 runs of 5,000,000 in one JVM, the last 6 printed. Arguments: spec mode.
 */
public class Kn {
    static final int OPS = 5_000_000;
    static volatile long sink;

    static void loop(Lock read) { for (int i = 0; i < OPS; i++) { read.lock(); read.unlock(); } }

    static void alu(int n) {
        long a = 1, b = 2, c = 3, d = 4;
        for (int i = 0; i < n; i++) { a ^= a << 13; a ^= a >>> 7; b ^= b << 13; b ^= b >>> 7; c += a ^ b; d += c; }
        sink = a + b + c + d;
    }

    static void arm(Rwsem lock) {
        for (int k = 0; k < 1000 && !lock.state().readBiased(); k++) {
            lock.readLock().lock(); lock.readLock().lock(); lock.readLock().unlock(); lock.readLock().unlock();
        }
        if (!lock.state().readBiased()) throw new IllegalStateException("not armed");
    }

    public static void main(String[] a) throws Exception {
        String spec = a[0], mode = a[1];
        Rwsem l0 = Rwsem.builder().variant(spec).build();
        Rwsem l1 = mode.equals("two") ? Rwsem.builder().variant(spec).build() : l0;
        ExecutorService pool = Executors.newFixedThreadPool(2);
        StringBuilder out = new StringBuilder(mode + ":");
        for (int r = 0; r < 10; r++) {
            arm(l0); arm(l1);
            int n = mode.equals("one") ? 1 : 2;
            CyclicBarrier go = new CyclicBarrier(n);
            Future<Double>[] f = new Future[n];
            for (int t = 0; t < n; t++) {
                final int tt = t;
                f[t] = pool.submit(() -> {
                    go.await(); long t0 = System.nanoTime();
                    if (tt == 1 && mode.equals("alu")) alu(OPS * 2); else loop((tt == 0 ? l0 : l1).readLock());
                    return (System.nanoTime() - t0) / (double)OPS; });
            }
            StringBuilder sb = new StringBuilder();
            for (Future<Double> q : f) sb.append(String.format("%.1f/", q.get()));
            if (r >= 4) out.append(' ').append(sb);
        }
        System.out.println(out);
        pool.shutdown();
    }
}
