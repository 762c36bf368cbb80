import java.lang.invoke.*;
import java.util.concurrent.*;

/**
 * Does the depth of the loads after a CAS set a biased read's cost? A loop of: CAS own entry (-me -> tag), then a
 * chain of D dependent field loads to reach a word and an entry index, a load of the entry, a release store back.
 * Arguments: depth threads.
 */
public class Kq {
    static final VarHandle H = MethodHandles.arrayElementVarHandle(long[].class);
    static final int OPS = 50_000_000;
    static final class N { final N next; final long[] table; final long tag; final long word; N(N n, long[] t, long tag, long w) { next = n; table = t; this.tag = tag; word = w; } }

    static long run(N head, int depth, long me) {
        long x = 0;
        for (int i = 0; i < OPS; i++) {
            N n = head;
            for (int d = 1; d < depth; d++) n = n.next;
            long[] t = n.table; long tag = n.tag;
            int idx = (int)((tag * 0x9E3779B97F4A7C15L) >>> 61) * 16 + ((int)me & 7) * 2;
            if (!H.compareAndSet(t, idx, -me, tag)) x++;
            n = head;
            for (int d = 1; d < depth; d++) n = n.next;
            t = n.table; tag = n.tag;
            idx = (int)((tag * 0x9E3779B97F4A7C15L) >>> 61) * 16 + ((int)me & 7) * 2;
            if ((n.word & 0x10) == 0 || (long)H.getOpaque(t, idx) != tag) x++;
            H.setRelease(t, idx, -me);
        }
        return x;
    }

    public static void main(String[] a) throws Exception {
        int depth = Integer.parseInt(a[0]); int threads = Integer.parseInt(a[1]);
        long[] table = new long[1024];
        N[] heads = new N[threads];
        for (int t = 0; t < threads; t++) {
            N n = null;
            for (int d = 0; d < 8; d++) n = new N(n, table, 5, 0x10);
            heads[t] = n;
            table[(int)((5 * 0x9E3779B97F4A7C15L) >>> 61) * 16 + ((t + 1) & 7) * 2] = -(t + 1);
        }
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        StringBuilder out = new StringBuilder("depth " + depth + " threads " + threads + ":");
        for (int r = 0; r < 7; r++) {
            Future<Double>[] f = new Future[threads];
            for (int t = 0; t < threads; t++) { final int tt = t;
                f[t] = pool.submit(() -> { long t0 = System.nanoTime(); if (run(heads[tt], depth, tt + 1) != 0) throw new Error(); return (System.nanoTime() - t0) / (double)OPS; }); }
            for (Future<Double> q : f) { double v = q.get(); if (r >= 3) out.append(String.format(" %.2f", v)); }
        }
        System.out.println(out);
        pool.shutdown();
    }
}
