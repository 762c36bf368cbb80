import java.lang.invoke.*;
import java.util.concurrent.*;

/**
 * The biased read's memory pattern alone: each thread CASes its own entry (minus tag -> tag), reads a shared word
 * (volatile), and stores minus tag back (release); entries DIST bytes apart. ns per iteration per thread.
 * Arguments: dist-bytes threads [shared: 1 = also read the shared word].
 */
public class Km {
    static final long[] CELLS = new long[4096];
    static final long[] WORD = new long[64];
    static final VarHandle H = MethodHandles.arrayElementVarHandle(long[].class);
    static final int OPS = 50_000_000;

    static long run(int idx, long tag, boolean shared) {
        long x = 0;
        for (int i = 0; i < OPS; i++) {
            if (H.compareAndSet(CELLS, idx, -tag, 77L)) x++;
            if (shared) x += (long)H.getVolatile(WORD, 16);
            H.setRelease(CELLS, idx, -tag);
        }
        return x;
    }

    public static void main(String[] a) throws Exception {
        int dist = Integer.parseInt(a[0]); int threads = Integer.parseInt(a[1]); boolean shared = a.length > 2 && a[2].equals("1");
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        for (int t = 0; t < threads; t++) CELLS[512 + t * dist / 8] = -(t + 1);
        StringBuilder all = new StringBuilder();
        for (int r = 0; r < 8; r++) {
            CyclicBarrier go = new CyclicBarrier(threads);
            Future<Double>[] f = new Future[threads];
            for (int t = 0; t < threads; t++) { final int idx = 512 + t * dist / 8; final long tag = t + 1;
                f[t] = pool.submit(() -> { go.await(); long t0 = System.nanoTime(); run(idx, tag, shared); return (System.nanoTime() - t0) / (double)OPS; }); }
            StringBuilder sb = new StringBuilder();
            for (Future<Double> q : f) sb.append(String.format("%.2f/", q.get()));
            if (r >= 3) all.append(' ').append(sb);
        }
        System.out.println("dist " + dist + " threads " + threads + " shared " + shared + ":" + all);
        pool.shutdown();
    }
}
