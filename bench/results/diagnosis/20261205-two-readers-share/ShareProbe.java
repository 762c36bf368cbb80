import java.nio.file.*;
import java.util.*;
import java.util.concurrent.atomic.*;
import java.util.concurrent.locks.*;
import org.rwsem4j.*;

/**
 * The writer-share shape (readers x 200 us, one writer 1 us + 20 us gap), per 1 s window: acquisitions, the lock's
 * events per write, the writer's waits over 500 us, and each thread's run-queue delay from /proc (schedstat field 2:
 * time runnable but not running).
 */
public class ShareProbe {
    static void spin(long nanos) { long end = System.nanoTime() + nanos; while (System.nanoTime() - end < 0) { } }

    static long runDelay(String comm) throws Exception {
        for (Path t : Files.newDirectoryStream(Paths.get("/proc/self/task"))) {
            if (Files.readString(t.resolve("comm")).trim().equals(comm)) {
                return Long.parseLong(Files.readString(t.resolve("schedstat")).trim().split(" ")[1]);
            }
        }
        return -1;
    }

    public static void main(String[] a) throws Exception {
        String spec = a[0]; int readers = Integer.parseInt(a[1]); int windows = Integer.parseInt(a[2]);
        Rwsem lock = Rwsem.of(spec.equals("rrwl") ? "base" : spec);
        ReadWriteLock rw = spec.equals("rrwl") ? new ReentrantReadWriteLock() : lock;
        AtomicBoolean stop = new AtomicBoolean();
        LongAdder w = new LongAdder(), r = new LongAdder(), longWaits = new LongAdder(), waitNanos = new LongAdder();
        Thread[] ts = new Thread[readers + 1];
        for (int i = 0; i < readers; i++) {
            ts[i] = new Thread(() -> { while (!stop.get()) { rw.readLock().lock(); try { spin(200_000); } finally { rw.readLock().unlock(); } r.increment(); } }, "wsp-reader-" + i);
        }
        ts[readers] = new Thread(() -> { while (!stop.get()) {
            long t0 = System.nanoTime(); rw.writeLock().lock(); long d = System.nanoTime() - t0;
            try { spin(1_000); } finally { rw.writeLock().unlock(); }
            w.increment(); waitNanos.add(d); if (d > 500_000) longWaits.increment(); spin(20_000); } }, "wsp-writer");
        for (Thread t : ts) t.start();
        Thread.sleep(300);
        for (int k = 0; k < windows; k++) {
            Map<LockEvent, Long> before = lock.events().asMap();
            long w0 = w.sum(), r0 = r.sum(), l0 = longWaits.sum(), n0 = waitNanos.sum();
            long[] d0 = new long[readers + 1];
            for (int i = 0; i <= readers; i++) d0[i] = runDelay(ts[i].getName());
            Thread.sleep(1000);
            Map<LockEvent, Long> after = lock.events().asMap();
            long dw = w.sum() - w0, dr = r.sum() - r0;
            StringBuilder delays = new StringBuilder();
            for (int i = 0; i <= readers; i++) delays.append(String.format(" %s=%.0fms", i == readers ? "W" : "R" + i, (runDelay(ts[i].getName()) - d0[i]) / 1e6));
            StringBuilder sb = new StringBuilder();
            for (LockEvent e : LockEvent.values()) {
                long v = after.getOrDefault(e, 0L) - before.getOrDefault(e, 0L);
                if (v != 0) sb.append(String.format(" %s=%.2f", e.name().toLowerCase(), v * 1.0 / Math.max(1, dw)));
            }
            System.out.printf("%s w=%d (%.2f B) r/reader=%d (%.2f B) writer wait total %.0f ms, waits>500us %d; run-queue delay%s%n  per write:%s%n",
                spec, dw, dw / 4975.0, dr / readers, dr / readers / 4975.0, (waitNanos.sum() - n0) / 1e6, longWaits.sum() - l0, delays, sb);
        }
        stop.set(true);
        for (Thread t : ts) t.join();
    }
}
