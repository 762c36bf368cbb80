package org.rwsem4j.testkit;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReadWriteLock;

/**
 * A small contention driver for tests that must show a patch acted (through its lock event counters). It is not a
 * correctness harness: exclusion, data and liveness oracles live in the torture module. It does check the one thing
 * it can check cheaply, that writers see no reader or writer inside, so a broken lock does not pass silently.
 */
public final class Contention
{
    private Contention()
    {
    }

    /**
     * Runs readers and writers that lock, spin {@code csSpins} times, and unlock until {@code duration} ends.
     *
     * @param lock the lock
     * @param readers reader threads
     * @param writers writer threads
     * @param duration how long
     * @param csSpins {@link Thread#onSpinWait()} calls inside each critical section
     * @return total acquisitions
     */
    public static long run(final ReadWriteLock lock, final int readers, final int writers, final Duration duration,
        final int csSpins)
    {
        final long end = System.nanoTime() + duration.toNanos();
        final CountDownLatch start = new CountDownLatch(1);
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final long[] counts = new long[readers + writers];
        final int[] inside = new int[2]; // [0] readers (under a monitor), [1] writers
        final List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < readers + writers; i++)
        {
            final boolean writer = i >= readers;
            final int id = i;
            final Thread t = new Thread(() ->
            {
                try
                {
                    start.await();
                    while (System.nanoTime() - end < 0 && failure.get() == null)
                    {
                        if (writer)
                        {
                            writeOnce(lock, inside, csSpins);
                        }
                        else
                        {
                            readOnce(lock, inside, csSpins);
                        }
                        counts[id]++;
                        spin(csSpins);
                    }
                }
                catch (final Throwable ex)
                {
                    failure.compareAndSet(null, ex);
                }
            }, (writer ? "writer-" : "reader-") + i);
            t.setDaemon(true);
            threads.add(t);
            t.start();
        }
        start.countDown();
        for (final Thread t : threads)
        {
            try
            {
                t.join(duration.toMillis() + 30_000);
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted", ex);
            }
            if (t.isAlive())
            {
                throw new AssertionError(t.getName() + " did not finish: " + lock);
            }
        }
        if (failure.get() != null)
        {
            throw new AssertionError("a contention thread failed: " + failure.get(), failure.get());
        }
        long total = 0;
        for (final long c : counts)
        {
            total += c;
        }
        return total;
    }

    private static void writeOnce(final ReadWriteLock lock, final int[] inside, final int csSpins)
    {
        lock.writeLock().lock();
        try
        {
            synchronized (inside)
            {
                if (inside[0] != 0 || inside[1] != 0)
                {
                    throw new AssertionError("writer entered with others inside");
                }
                inside[1]++;
            }
            spin(csSpins);
            synchronized (inside)
            {
                inside[1]--;
            }
        }
        finally
        {
            lock.writeLock().unlock();
        }
    }

    private static void readOnce(final ReadWriteLock lock, final int[] inside, final int csSpins)
    {
        lock.readLock().lock();
        try
        {
            synchronized (inside)
            {
                if (inside[1] != 0)
                {
                    throw new AssertionError("reader entered with a writer inside");
                }
                inside[0]++;
            }
            spin(csSpins);
            synchronized (inside)
            {
                inside[0]--;
            }
        }
        finally
        {
            lock.readLock().unlock();
        }
    }

    private static void spin(final int n)
    {
        for (int i = 0; i < n; i++)
        {
            Thread.onSpinWait();
        }
    }
}
