package org.rwsem4j.micrometer;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.rwsem4j.Rwsem;

/**
 * Drives a lock through its slow paths with explicit handshakes: the test thread holds the write lock while blocked
 * writers and readers queue (observed through {@link Rwsem#getQueueLength()}) and while other threads' timed attempts
 * give up; then it releases and joins them all. No sleep stands in for a handshake, and no result depends on speed.
 */
final class Contention
{
    /** Widens the waits on a slow or loaded machine ({@code -Drwsem4j.test.scale=N}). */
    static final long SCALE = Math.max(1, Long.getLong("rwsem4j.test.scale", 1));
    static final long LIMIT_NANOS = TimeUnit.SECONDS.toNanos(30) * SCALE;

    private Contention()
    {
    }

    /**
     * One round: {@code writers} blocked writers and {@code readers} blocked readers queue behind the caller's write
     * lock, one thread's timed read and timed write attempts give up, then the caller releases and all finish.
     */
    static void round(final Rwsem lock, final int writers, final int readers) throws InterruptedException
    {
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final List<Thread> threads = new ArrayList<>();
        lock.writeLock().lock();
        try
        {
            for (int i = 0; i < writers; i++)
            {
                threads.add(start("writer-" + i, failure, () ->
                {
                    lock.writeLock().lock();
                    lock.writeLock().unlock();
                }));
                awaitQueueLength(lock, i + 1);
            }
            for (int i = 0; i < readers; i++)
            {
                threads.add(start("reader-" + i, failure, () ->
                {
                    lock.readLock().lock();
                    lock.readLock().unlock();
                }));
                awaitQueueLength(lock, writers + i + 1);
            }
            final Thread timed = start("timed", failure, () ->
            {
                // The caller holds the write lock until this thread is joined: both attempts must give up.
                if (lock.readLock().tryLock(1, TimeUnit.MILLISECONDS) ||
                    lock.writeLock().tryLock(1, TimeUnit.MILLISECONDS))
                {
                    throw new AssertionError("a timed attempt got a lock held for writing by another thread");
                }
            });
            join(timed);
        }
        finally
        {
            lock.writeLock().unlock();
        }
        for (final Thread t : threads)
        {
            join(t);
        }
        if (failure.get() != null)
        {
            throw new AssertionError("a contending thread failed", failure.get());
        }
    }

    /** Waits (yielding) until the lock's queue holds {@code n} threads. */
    static void awaitQueueLength(final Rwsem lock, final int n)
    {
        final long deadline = System.nanoTime() + LIMIT_NANOS;
        while (lock.getQueueLength() != n)
        {
            if (System.nanoTime() - deadline > 0)
            {
                throw new AssertionError("queue length " + lock.getQueueLength() + ", expected " + n + ": " + lock);
            }
            Thread.yield();
        }
    }

    static void join(final Thread t) throws InterruptedException
    {
        t.join(TimeUnit.NANOSECONDS.toMillis(LIMIT_NANOS));
        if (t.isAlive())
        {
            throw new AssertionError(t.getName() + " still running");
        }
    }

    static Thread start(final String name, final AtomicReference<Throwable> failure, final Body body)
    {
        final Thread t = new Thread(() ->
        {
            try
            {
                body.run();
            }
            catch (final Throwable ex)
            {
                failure.compareAndSet(null, ex);
            }
        }, name);
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** A thread body that may be interrupted. */
    interface Body
    {
        void run() throws Exception;
    }
}
