import java.lang.invoke.*;
import java.util.concurrent.*;

/**
 * Do two threads' atomics on their own cache lines run in parallel on this machine? Each of T threads does OPS
 * compare-and-sets (mode "cas"), volatile stores (mode "vstore": a store and a StoreLoad fence), or plain increments
 * (mode "plain") on its own long, 256 bytes from the others'; prints ns per operation per thread. Arguments: mode,
 * threads.
 */
public class Kd {
    static final long[] CELLS = new long[64];
    static final VarHandle H = MethodHandles.arrayElementVarHandle(long[].class);
    static final int OPS = 50_000_000;

    static long run(String mode, int idx) {
        long x = 0;
        if (mode.equals("cas")) {
            for (int i = 0; i < OPS; i++) { long v = (long)H.getVolatile(CELLS, idx); H.compareAndSet(CELLS, idx, v, v + 1); }
        } else if (mode.equals("vstore")) {
            for (int i = 0; i < OPS; i++) H.setVolatile(CELLS, idx, (long)i);
        } else {
            for (int i = 0; i < OPS; i++) { x = x * 31 + i; H.setOpaque(CELLS, idx, x); }
        }
        return x;
    }

    public static void main(String[] a) throws Exception {
        String mode = a[0]; int threads = Integer.parseInt(a[1]);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        for (int r = 0; r < 6; r++) {
            CyclicBarrier go = new CyclicBarrier(threads);
            Future<Double>[] f = new Future[threads];
            for (int t = 0; t < threads; t++) { final int idx = 8 + t * 32;
                f[t] = pool.submit(() -> { go.await(); long t0 = System.nanoTime(); run(mode, idx); return (System.nanoTime() - t0) / (double)OPS; }); }
            StringBuilder sb = new StringBuilder();
            for (Future<Double> q : f) sb.append(String.format(" %.2f", q.get()));
            if (r >= 2) System.out.println(mode + " threads " + threads + " ns/op per thread:" + sb);
        }
        pool.shutdown();
    }
}
