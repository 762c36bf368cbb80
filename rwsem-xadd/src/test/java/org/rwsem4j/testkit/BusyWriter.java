package org.rwsem4j.testkit;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.rwsem4j.Rwsem;

/**
 * A thread that takes the write lock and stays RUNNABLE (busy-spinning) while it holds it, so spinners see a live
 * writer owner. The test then asks it to downgrade, or to release.
 */
public final class BusyWriter implements AutoCloseable
{
    private final Rwsem lock;
    private final Thread thread;
    private final CountDownLatch holding = new CountDownLatch(1);
    private volatile int command; // 0 hold, 1 downgrade, 2 release, 3 release read after downgrade
    private volatile boolean done;

    private BusyWriter(final Rwsem lock)
    {
        this.lock = lock;
        this.thread = new Thread(this::run, "busy-writer");
        this.thread.setDaemon(true);
    }

    /**
     * Starts a busy writer and waits until it holds the write lock.
     *
     * @param lock the lock
     * @return the running writer
     */
    public static BusyWriter hold(final Rwsem lock)
    {
        final BusyWriter w = new BusyWriter(lock);
        w.thread.start();
        try
        {
            if (!w.holding.await(30, TimeUnit.SECONDS))
            {
                throw new AssertionError("busy writer never got the lock: " + lock);
            }
        }
        catch (final InterruptedException ex)
        {
            throw new AssertionError(ex);
        }
        return w;
    }

    private void run()
    {
        lock.writeLock().lock();
        holding.countDown();
        boolean reading = false;
        for (;;)
        {
            final int c = command;
            if (c == 1 && !reading)
            {
                lock.downgrade();
                reading = true;
            }
            else if (c == 2)
            {
                if (reading)
                {
                    lock.readLock().unlock();
                }
                else
                {
                    lock.writeLock().unlock();
                }
                done = true;
                return;
            }
            Thread.onSpinWait();
        }
    }

    /** Turns the write hold into a read hold (still busy). */
    public void downgrade()
    {
        command = 1;
    }

    /** Releases whatever it holds and ends. */
    public void release()
    {
        command = 2;
        try
        {
            thread.join(30_000);
        }
        catch (final InterruptedException ex)
        {
            throw new AssertionError(ex);
        }
        if (!done)
        {
            throw new AssertionError("busy writer did not release: " + lock);
        }
    }

    @Override
    public void close()
    {
        if (!done)
        {
            release();
        }
    }

    /**
     * Polls until {@code condition} holds, or fails after 30 s with the lock's state.
     *
     * @param lock the lock, for the failure message
     * @param what what is awaited
     * @param condition the condition
     */
    public static void await(final Rwsem lock, final String what, final java.util.function.BooleanSupplier condition)
    {
        final long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!condition.getAsBoolean())
        {
            if (System.nanoTime() - end > 0)
            {
                throw new AssertionError("timed out waiting for " + what + ": " + lock.state());
            }
            Thread.onSpinWait();
            Thread.yield();
        }
    }
}
