package org.rwsem4j.phasefair;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;

import org.rwsem4j.Rwsem;
import org.rwsem4j.testkit.Locker;

/** A thread that takes one side of the lock, says so, and keeps it until it is let go. */
final class Holder
{
    final CountDownLatch in = new CountDownLatch(1);
    final CountDownLatch out = new CountDownLatch(1);
    final Locker locker;

    private Holder(final Rwsem rwsem, final String name, final boolean writer)
    {
        final Lock l = writer ? rwsem.writeLock() : rwsem.readLock();
        locker = Locker.start(name, () ->
        {
            l.lock();
            try
            {
                in.countDown();
                out.await();
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
            }
            finally
            {
                l.unlock();
            }
        });
    }

    static Holder reader(final Rwsem rwsem, final String name)
    {
        return new Holder(rwsem, name, false);
    }

    static Holder writer(final Rwsem rwsem, final String name)
    {
        return new Holder(rwsem, name, true);
    }

    boolean isIn()
    {
        return in.getCount() == 0;
    }

    /** Waits (bounded) until the holder is in; false if it was not in time. */
    boolean awaitIn() throws InterruptedException
    {
        return in.await(Locker.WAIT_SECONDS, TimeUnit.SECONDS);
    }

    /** Lets it go and waits for its thread to end. */
    void release()
    {
        out.countDown();
        locker.join();
    }
}
