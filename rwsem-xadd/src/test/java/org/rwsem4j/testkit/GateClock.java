package org.rwsem4j.testkit;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;

import org.rwsem4j.NanoClock;

/**
 * A lock clock that stands still until the test steps it, and that stops one named thread once, inside a clock read,
 * at the first read where a condition holds, until the test opens it. A queued writer reads the lock's clock after
 * its failed try and before it parks ({@code writerGivesUp} of a timed acquisition), outside the wait lock: stopped
 * there, it has been woken but cannot take the lock, so a freed lock stays free with WAITERS set for as long as the
 * test needs.
 */
public final class GateClock implements NanoClock
{
    private final AtomicLong now = new AtomicLong();
    private final CountDownLatch stopped = new CountDownLatch(1);
    private final CountDownLatch opened = new CountDownLatch(1);
    private volatile String target = "";
    private volatile BooleanSupplier when = () -> false;

    @Override
    public long nanoTime()
    {
        if (stopped.getCount() > 0 && Thread.currentThread().getName().equals(target) && when.getAsBoolean())
        {
            stopped.countDown();
            awaitOpen();
        }
        return now.get();
    }

    /**
     * Stops the thread named {@code thread} at its first clock read where {@code condition} holds. The condition runs
     * inside that thread's clock read: it must not take anything the thread may hold there.
     */
    public void stop(final String thread, final BooleanSupplier condition)
    {
        when = condition;
        target = thread;
    }

    /**
     * Waits until the target thread is stopped; fails after {@link Locker#WAIT_SECONDS}.
     *
     * @param diagnostic shown in the failure (the lock, whose {@code toString} says its state)
     */
    public void awaitStopped(final Object diagnostic)
    {
        try
        {
            if (!stopped.await(Locker.WAIT_SECONDS, TimeUnit.SECONDS))
            {
                throw new AssertionError(target + " never reached the clock gate: " + diagnostic);
            }
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            throw new AssertionError(ex);
        }
    }

    /** Lets the stopped thread go on (and every later read pass). */
    public void open()
    {
        opened.countDown();
    }

    /**
     * Moves the time forward.
     *
     * @param nanos by how much
     */
    public void step(final long nanos)
    {
        now.addAndGet(nanos);
    }

    private void awaitOpen()
    {
        boolean interrupted = false;
        for (;;)
        {
            try
            {
                opened.await();
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
