import java.util.concurrent.*;

/**
 * Do the two vCPUs share a physical core's execution units (host SMT siblings)? Each of T threads runs a loop of
 * eight independent xorshift streams (throughput-bound, high IPC), ITERS iterations; prints ns per iteration per
 * thread. A core of its own keeps the figure at 2 threads; a shared core's siblings split its ALUs. Argument: threads.
 */
public class Kg {
    static final int ITERS = 200_000_000;
    static volatile long sink;

    static long run(long seed) {
        long a = seed | 1, b = a * 3, c = a * 5, d = a * 7, e = a * 11, f = a * 13, g = a * 17, h = a * 19;
        for (int i = 0; i < ITERS; i++) {
            a ^= a << 13; a ^= a >>> 7; a ^= a << 17;
            b ^= b << 13; b ^= b >>> 7; b ^= b << 17;
            c ^= c << 13; c ^= c >>> 7; c ^= c << 17;
            d ^= d << 13; d ^= d >>> 7; d ^= d << 17;
            e ^= e << 13; e ^= e >>> 7; e ^= e << 17;
            f ^= f << 13; f ^= f >>> 7; f ^= f << 17;
            g ^= g << 13; g ^= g >>> 7; g ^= g << 17;
            h ^= h << 13; h ^= h >>> 7; h ^= h << 17;
        }
        return a + b + c + d + e + f + g + h;
    }

    public static void main(String[] x) throws Exception {
        int threads = Integer.parseInt(x[0]);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        for (int r = 0; r < 5; r++) {
            CyclicBarrier go = new CyclicBarrier(threads);
            Future<Double>[] f = new Future[threads];
            for (int t = 0; t < threads; t++) { final long s = t + 1;
                f[t] = pool.submit(() -> { go.await(); long t0 = System.nanoTime(); sink += run(s); return (System.nanoTime() - t0) / (double)ITERS; }); }
            StringBuilder sb = new StringBuilder();
            for (Future<Double> q : f) sb.append(String.format(" %.3f", q.get()));
            if (r >= 2) System.out.println("threads " + threads + " ns per iteration per thread:" + sb);
        }
        pool.shutdown();
    }
}
