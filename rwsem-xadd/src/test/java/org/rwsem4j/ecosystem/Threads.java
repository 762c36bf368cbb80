package org.rwsem4j.ecosystem;

import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/** Small helpers for the ecosystem tests: bounded polls and daemon threads. Never a timing assertion. */
final class Threads
{
    /** Bound on every wait in these tests; generous for a loaded 2-core CI machine. */
    static final long BOUND_SECONDS = 30;

    private Threads()
    {
    }

    /** Polls until {@code done}, at most {@link #BOUND_SECONDS}; returns whether it became true. */
    static boolean await(final BooleanSupplier done) throws InterruptedException
    {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(BOUND_SECONDS);
        while (!done.getAsBoolean())
        {
            if (System.nanoTime() > deadline)
            {
                return false;
            }
            Thread.sleep(2);
        }
        return true;
    }

    /** Polls until the thread is parked with a blocker (the lock's synchronizer), i.e. asleep in the lock. */
    static boolean awaitParked(final Thread t) throws InterruptedException
    {
        return await(() ->
        {
            final Thread.State s = t.getState();
            return (s == Thread.State.WAITING || s == Thread.State.TIMED_WAITING) &&
                java.util.concurrent.locks.LockSupport.getBlocker(t) != null;
        });
    }

    /** A started daemon thread. */
    static Thread start(final String name, final Runnable body)
    {
        final Thread t = new Thread(body, name);
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** A body that may throw. */
    interface Body
    {
        void run() throws Exception;
    }

    /** Wraps a throwing body; its failure is kept in {@code failure[0]}. */
    static Runnable catching(final Throwable[] failure, final Body body)
    {
        return () ->
        {
            try
            {
                body.run();
            }
            catch (final Throwable t)
            {
                failure[0] = t;
            }
        };
    }
}
