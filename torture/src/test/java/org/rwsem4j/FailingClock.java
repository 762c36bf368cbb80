package org.rwsem4j;

import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A lock clock (the builder's user hook, so any {@link Error} may come out of it) that throws a {@link ClockFault} at
 * its n-th call by one of the armed threads: the clock is read in the slow paths between a bias and its give-back
 * (the waiter's handoff clock), under the wait lock (the handoff checks), in spin and OSQ loops and in timed waits.
 */
final class FailingClock implements NanoClock
{
    private volatile Set<Thread> threads;
    private volatile int nth;
    private final AtomicInteger calls = new AtomicInteger();
    private volatile boolean thrown;

    /** What the clock throws: not an {@link OutOfMemoryError}, so nothing absorbs it. */
    static final class ClockFault extends Error
    {
        private static final long serialVersionUID = 1L;

        ClockFault(final int call)
        {
            super("injected: the lock's clock failed (call " + call + ")");
        }
    }

    void arm(final int n, final Set<Thread> armed)
    {
        nth = n;
        threads = armed;
    }

    void disarm()
    {
        threads = null;
    }

    int calls()
    {
        return calls.get();
    }

    boolean thrown()
    {
        return thrown;
    }

    @Override
    public long nanoTime()
    {
        final Set<Thread> armed = threads;
        if (armed != null && armed.contains(Thread.currentThread()))
        {
            final int n = calls.incrementAndGet();
            if (n == nth)
            {
                thrown = true;
                throw new ClockFault(n);
            }
        }
        return System.nanoTime();
    }
}
