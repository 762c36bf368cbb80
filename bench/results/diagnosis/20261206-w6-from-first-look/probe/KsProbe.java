package org.rwsem4j.bench;

import java.util.Map;
import java.util.concurrent.locks.ReadWriteLock;
import org.rwsem4j.LockEvent;
import org.rwsem4j.Rwsem;

/** Scratch: the kernel-shape cell as the benchmark runs it (one lock per JVM, a pre-warm), events per round. */
public final class KsProbe
{
    public static void main(final String[] a) throws Exception
    {
        final String impl = a[0];
        final int threads = Integer.parseInt(a[1]);
        final Ratio ratio = Ratio.parse(a[2]);
        final int load = Integer.parseInt(a[3]);
        final int rounds = Integer.parseInt(a[4]);
        final ReadWriteLock lock = Locks.create(impl);
        final GuardedPair pair = new GuardedPair(LoadUnit.parse(a.length > 5 ? a[5] : "tokens"));
        final LockTestRun warm = new LockTestRun(lock, pair, threads, 1_000_000, ratio, load, 2000, 0);
        warm.start();
        warm.go();
        warm.join();
        for (int r = 0; r < rounds; r++)
        {
            final Map<LockEvent, Long> before = lock instanceof Rwsem ? ((Rwsem)lock).events().asMap() : Map.of();
            final LockTestRun run = new LockTestRun(lock, pair, threads, 1_000_000, ratio, load, 0, r + 1);
            run.start();
            final long t0 = System.nanoTime();
            run.go();
            final long ms = (System.nanoTime() - t0) / 1_000_000;
            run.join();
            final StringBuilder sb = new StringBuilder();
            if (lock instanceof Rwsem)
            {
                for (final Map.Entry<LockEvent, Long> e : ((Rwsem)lock).events().asMap().entrySet())
                {
                    final long d = e.getValue() - before.getOrDefault(e.getKey(), 0L);
                    if (d != 0)
                    {
                        sb.append(String.format(" %s=%.1f", e.getKey(), d * 1000.0 / (threads * 1_000_000.0)));
                    }
                }
            }
            System.out.println(impl + " round " + r + " ms=" + ms + sb);
        }
    }
}
