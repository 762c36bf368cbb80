package org.rwsem4j.readersteal;

import java.util.Queue;
import java.util.concurrent.CountDownLatch;

import org.rwsem4j.Rwsem;
import org.rwsem4j.testkit.Locker;

/**
 * A thread that takes the read or the write lock, writes its name to the scenario's order log once it holds it, and
 * holds it parked (not running, so no spinner spins on it) until the test releases it.
 */
final class Holder
{
    private final Locker locker;
    private final CountDownLatch release = new CountDownLatch(1);

    private Holder(final Rwsem lock, final String name, final boolean writer, final Queue<String> order)
    {
        locker = Locker.start(name, () ->
        {
            if (writer)
            {
                lock.writeLock().lock();
            }
            else
            {
                lock.readLock().lock();
            }
            order.add(name);
            awaitRelease();
            if (writer)
            {
                lock.writeLock().unlock();
            }
            else
            {
                lock.readLock().unlock();
            }
        });
    }

    /** Starts a reader; it may steal, queue or take the lock at once. */
    static Holder reader(final Rwsem lock, final String name, final Queue<String> order)
    {
        return new Holder(lock, name, false, order);
    }

    /** Starts a holder on a free lock and waits until it holds, parked. */
    static Holder holding(final Rwsem lock, final String name, final boolean writer, final Queue<String> order)
    {
        final Holder h = new Holder(lock, name, writer, order);
        Steps.await(lock, name + " to hold, parked",
            () -> order.contains(name) && h.locker.thread().getState() == Thread.State.WAITING);
        return h;
    }

    /** Lets it unlock once it holds the lock, and waits for its end. */
    void release()
    {
        letGo();
        join();
    }

    /** Lets it unlock once it holds the lock (it may still be waiting for it). */
    void letGo()
    {
        release.countDown();
    }

    /** Waits for its end; fails after {@link Steps#WAIT_SECONDS}. */
    void join()
    {
        locker.join();
    }

    private void awaitRelease()
    {
        boolean interrupted = false;
        for (;;)
        {
            try
            {
                release.await();
                break;
            }
            catch (final InterruptedException ex)
            {
                interrupted = true;
            }
        }
        if (interrupted)
        {
            Thread.currentThread().interrupt();
        }
    }
}
