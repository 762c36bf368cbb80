import java.util.concurrent.locks.*;
import java.util.*;
import org.rwsem4j.*;

public class Diag {
    static volatile boolean stop;
    public static void main(String[] a) throws Exception {
        String spec = a[0]; int ratio = Integer.parseInt(a[1]); int threads = Integer.parseInt(a[2]); long ms = Long.parseLong(a[3]);
        int rounds = a.length > 4 ? Integer.parseInt(a[4]) : 3;
        Rwsem lock = Rwsem.of(spec);
        for (int round = 0; round < rounds; round++) {
            Map<LockEvent, Long> before = new EnumMap<>(lock.events().asMap());
            stop = false;
            long[] ops = new long[threads];
            Thread[] ts = new Thread[threads];
            for (int t = 0; t < threads; t++) {
                final int idx = t;
                ts[t] = new Thread(() -> {
                    long s = 0x9E3779B97F4A7C15L * (idx + 1) | 1; long n = 0;
                    Lock r = lock.readLock(), w = lock.writeLock();
                    while (!stop) {
                        s ^= s << 13; s ^= s >>> 7; s ^= s << 17;
                        if (ratio == 0 || ((s >>> 33) % (ratio + 1)) != 0) { r.lock(); r.unlock(); }
                        else { w.lock(); w.unlock(); }
                        n++;
                    }
                    ops[idx] = n;
                });
                ts[t].start();
            }
            long t0 = System.nanoTime();
            Thread.sleep(ms);
            stop = true;
            for (Thread t : ts) t.join();
            long el = System.nanoTime() - t0;
            long total = 0; for (long o : ops) total += o;
            Map<LockEvent, Long> after = lock.events().asMap();
            StringBuilder sb = new StringBuilder();
            for (var e : after.entrySet()) {
                long d = e.getValue() - before.getOrDefault(e.getKey(), 0L);
                if (d != 0) sb.append(e.getKey().name()).append('=').append(String.format("%.3f", d * 1000.0 / total)).append(' ');
            }
            try {
                var f = Class.forName("org.rwsem4j.Engine").getDeclaredField("PROBE_SPANS"); f.setAccessible(true);
                var arr = (java.util.concurrent.atomic.AtomicLongArray) f.get(null);
                StringBuilder h = new StringBuilder(" spans(log2 ns):");
                for (int i = 0; i < arr.length(); i++) { long v = arr.getAndSet(i, 0); if (v != 0) h.append(' ').append(i).append(':').append(v); }
                sb.append(h);
            } catch (Exception ex) { sb.append(ex); }
            System.out.printf("round %d: %.0f ops/ms; per kop: %s%n", round, total * 1e6 / el, sb);
        }
    }
}
