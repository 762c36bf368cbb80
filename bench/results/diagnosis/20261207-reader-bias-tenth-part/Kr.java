import java.util.concurrent.*;
import java.util.concurrent.atomic.*;
import org.rwsem4j.*;

/** Two threads on one lock at R:1 for a few seconds; prints ops/ms per second and the lock's event deltas. */
public class Kr
{
    public static void main(String[] a) throws Exception
    {
        final String spec = a[0];
        final int r = Integer.parseInt(a[1]);
        final int secs = Integer.parseInt(a[2]);
        final Rwsem lock = Rwsem.of(spec);
        final LongAdder ops = new LongAdder();
        final AtomicBoolean stop = new AtomicBoolean();
        Thread[] ts = new Thread[2];
        for (int i = 0; i < 2; i++)
        {
            final int seed = 0x9E3779B9 * (i + 1);
            ts[i] = new Thread(() -> {
                int x = seed | 1;
                long n = 0;
                while (!stop.get())
                {
                    for (int k = 0; k < 256; k++)
                    {
                        x ^= x << 13; x ^= x >>> 17; x ^= x << 5;
                        if (Integer.remainderUnsigned(x, r + 1) == 0)
                        {
                            lock.writeLock().lock(); lock.writeLock().unlock();
                        }
                        else
                        {
                            lock.readLock().lock(); lock.readLock().unlock();
                        }
                    }
                    ops.add(256);
                }
            });
            ts[i].start();
        }
        Thread.sleep(2000);
        for (int s = 0; s < secs; s++)
        {
            final long o0 = ops.sum();
            final long[] e0 = snap(lock);
            final long t0 = System.nanoTime();
            Thread.sleep(1000);
            final long t1 = System.nanoTime();
            final long[] e1 = snap(lock);
            final long o = ops.sum() - o0;
            StringBuilder sb = new StringBuilder(String.format("%,.0f ops/ms", o / ((t1 - t0) / 1e6)));
            for (LockEvent e : LockEvent.values())
            {
                long d = e1[e.ordinal()] - e0[e.ordinal()];
                if (d != 0)
                {
                    sb.append(String.format("  %s=%.3f/kop", e.name(), 1000.0 * d / o));
                }
            }
            System.out.println(sb);
        }
        stop.set(true);
        for (Thread t : ts) t.join();
    }

    static long[] snap(Rwsem lock)
    {
        long[] v = new long[LockEvent.values().length];
        for (LockEvent e : LockEvent.values()) v[e.ordinal()] = lock.events().get(e);
        return v;
    }
}
