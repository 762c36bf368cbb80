package org.rwsem4j.testkit;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;

import org.rwsem4j.Rwsem;

/** A thread that takes one side of the lock, says so, and keeps it until it is let go. Shared by scenario tests. */
public final class Holder
{
    private final CountDownLatch in = new CountDownLatch(1);
    private final CountDownLatch out = new CountDownLatch(1);
    private final Locker locker;

    private Holder(final Rwsem rwsem, final String name, final boolean writer)
    {
        final Lock l = writer ? rwsem.writeLock() : rwsem.readLock();
        locker = Locker.start(name, ManyThreads.held(l, in, out));
    }

    public static Holder reader(final Rwsem rwsem, final String name)
    {
        return new Holder(rwsem, name, false);
    }

    public static Holder writer(final Rwsem rwsem, final String name)
    {
        return new Holder(rwsem, name, true);
    }

    public boolean isIn()
    {
        return in.getCount() == 0;
    }

    /** Waits (bounded) until the holder is in; false if it was not in time. */
    public boolean awaitIn() throws InterruptedException
    {
        return in.await(Locker.WAIT_SECONDS, TimeUnit.SECONDS);
    }

    /** {@return the holder's thread} */
    public Thread thread()
    {
        return locker.thread();
    }

    /** Lets it go, without waiting. */
    public void letGo()
    {
        out.countDown();
    }

    /** Waits for its thread to end (bounded; fails if it threw). */
    public void join()
    {
        locker.join();
    }

    /** Lets it go and waits for its thread to end. */
    public void release()
    {
        letGo();
        join();
    }
}
