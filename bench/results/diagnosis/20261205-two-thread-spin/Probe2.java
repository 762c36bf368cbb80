import java.util.concurrent.atomic.*;
import java.util.concurrent.locks.*;
import org.rwsem4j.*;

public class Probe2 {
    public static void main(String[] a) throws Exception {
        String spec = a[0]; int threads = Integer.parseInt(a[1]); int readsPerWrite = Integer.parseInt(a[2]);
        long millis = Long.parseLong(a[3]);
        Rwsem lock = Rwsem.builder().variant(spec).spinBudget(java.time.Duration.ofNanos(Long.parseLong(a[4]))).build();
        AtomicBoolean stop = new AtomicBoolean();
        LongAdder ops = new LongAdder();
        Thread[] ts = new Thread[threads];
        for (int i = 0; i < threads; i++) {
            final int id = i;
            ts[i] = new Thread(() -> {
                long n = 0; int k = id;
                while (!stop.get()) {
                    boolean write = (k++ % (readsPerWrite + 1)) == 0;
                    Lock l = write ? lock.writeLock() : lock.readLock();
                    l.lock(); try { Thread.onSpinWait(); } finally { l.unlock(); }
                    n++;
                }
                ops.add(n);
            });
            ts[i].start();
        }
        Thread.sleep(millis / 4);
        java.util.Map<LockEvent, Long> before = lock.events().asMap();
        long o0 = ops.sum();
        Thread.sleep(millis);
        stop.set(true);
        for (Thread t : ts) t.join();
        java.util.Map<LockEvent, Long> after = lock.events().asMap();
        long total = ops.sum();
        System.out.println(spec + " threads=" + threads + " r:w=" + readsPerWrite + ":1 ops=" + total + " ns/op=" + (millis * 1.25e6 * 1.0 / total));
        for (LockEvent e : LockEvent.values()) {
            long v = after.getOrDefault(e, 0L);
            if (v != 0) System.out.printf("  %-28s %12d  per kop %.2f%n", e, v, v * 1000.0 / total);
        }
    }
}
