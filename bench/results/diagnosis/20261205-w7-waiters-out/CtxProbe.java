import java.nio.file.*;
import java.util.*;
import java.util.concurrent.atomic.*;
import java.util.concurrent.locks.*;
import java.util.concurrent.*;
import org.rwsem4j.*;

/** Kernel-test shape without JMH: threads x ops, r:w as 1 write per (reads+1); reports ms, voluntary/involuntary
 *  context switches per 1000 ops (sum over worker threads, /proc), and the lock's events if it is an Rwsem. */
public class CtxProbe {
    static volatile long sink;
    static long[] vol(String prefix) throws Exception {
        long v = 0, n = 0;
        for (Path t : Files.newDirectoryStream(Paths.get("/proc/self/task"))) {
            if (!Files.readString(t.resolve("comm")).trim().startsWith(prefix)) continue;
            for (String l : Files.readAllLines(t.resolve("status"))) {
                if (l.startsWith("voluntary_ctxt_switches")) v += Long.parseLong(l.split("\\s+")[1]);
                if (l.startsWith("nonvoluntary_ctxt_switches")) n += Long.parseLong(l.split("\\s+")[1]);
            }
        }
        return new long[] {v, n};
    }
    public static void main(String[] a) throws Exception {
        String spec = a[0]; int threads = Integer.parseInt(a[1]); int reads = Integer.parseInt(a[2]);
        long ops = Long.parseLong(a[3]); int rounds = Integer.parseInt(a[4]);
        for (int round = 0; round < rounds; round++) {
            ReadWriteLock rw = org.rwsem4j.bench.Locks.create(spec);
            CountDownLatch go = new CountDownLatch(1); CountDownLatch done = new CountDownLatch(threads); CountDownLatch exit = new CountDownLatch(1);
            long[] before = new long[2];
            Thread[] ts = new Thread[threads];
            String prefix = "cp" + round + "-";
            CyclicBarrier ready = new CyclicBarrier(threads + 1);
            for (int i = 0; i < threads; i++) {
                final int idx = i;
                ts[i] = new Thread(() -> {
                    long x = 0x9E3779B97F4A7C15L * (idx + 1); long s = 0;
                    Lock r = rw.readLock(), w = rw.writeLock();
                    try { ready.await(); go.await(); } catch (Exception e) { throw new RuntimeException(e); }
                    for (long k = 0; k < ops; k++) {
                        x ^= x << 13; x ^= x >>> 7; x ^= x << 17;
                        boolean write = reads < 0 ? false : Long.remainderUnsigned(x, reads + 1) == 0;
                        Lock l = write ? w : r;
                        l.lock();
                        try { s += x; s ^= s >>> 3; } finally { l.unlock(); }
                    }
                    sink = s; done.countDown(); try { exit.await(); } catch (InterruptedException e) { }
                }, prefix + i);
                ts[i].start();
            }
            ready.await();
            long[] v0 = vol(prefix);
            long t0 = System.nanoTime();
            go.countDown();
            done.await();
            long ms = (System.nanoTime() - t0) / 1_000_000;
            long[] v1 = vol(prefix);
            exit.countDown();
            for (Thread t : ts) t.join();
            // threads are gone from /proc after join; so read before join would be needed: use a second pass below
            System.out.printf("%s threads=%d r:w=%d:1 ms=%d vcsw/kop=%.3f ivcsw/kop=%.3f%n", spec, threads, reads, ms, (v1[0]-v0[0])*1000.0/(ops*threads), (v1[1]-v0[1])*1000.0/(ops*threads));
            if (rw instanceof Rwsem) {
                Map<LockEvent, Long> m = ((Rwsem) rw).events().asMap();
                double k = 1000.0 / (ops * threads);
                StringBuilder sb = new StringBuilder("  per kop:");
                for (Map.Entry<LockEvent, Long> e : m.entrySet()) if (e.getValue() != 0) sb.append(String.format(" %s=%.3f", e.getKey(), e.getValue() * k));
                System.out.println(sb);
            }
        }
    }
}
