import java.util.concurrent.locks.*;
import org.rwsem4j.*;

public class TidProbe {
    static volatile boolean stop;
    public static void main(String[] a) throws Exception {
        String spec = a[0]; int gap = Integer.parseInt(a[1]); long ms = Long.parseLong(a[2]); int rounds = Integer.parseInt(a[3]);
        int ratio = a.length > 4 ? Integer.parseInt(a[4]) : 0;
        Rwsem lock = Rwsem.of(spec);
        for (int round = 0; round < rounds; round++) {
            stop = false;
            long[] ops = new long[2];
            Thread[] ts = new Thread[2];
            for (int t = 0; t < 2; t++) {
                final int idx = t;
                if (t == 1) for (int g = 0; g < gap; g++) new Thread(() -> {});
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
            }
            for (Thread t : ts) t.start();
            long t0 = System.nanoTime();
            Thread.sleep(ms);
            stop = true;
            for (Thread t : ts) t.join();
            long el = System.nanoTime() - t0;
            System.out.printf("round %d tids %d %d (mod8 %d %d): %.0f ops/ms%n", round, ts[0].getId(), ts[1].getId(),
                ts[0].getId() & 7, ts[1].getId() & 7, (ops[0] + ops[1]) * 1e6 / el);
        }
    }
}
