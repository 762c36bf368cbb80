package org.rwsem4j.handoff;

import java.util.concurrent.atomic.AtomicLong;

import org.rwsem4j.NanoClock;

/**
 * A lock clock that stands still until the test steps it, and counts its reads. Spin budgets and handoff timeouts
 * then end only when the test says so, and the read count tells "a spinner went round its loop many times" without
 * measuring time.
 */
final class StandingClock implements NanoClock
{
    private final AtomicLong now = new AtomicLong();
    private final AtomicLong reads = new AtomicLong();

    @Override
    public long nanoTime()
    {
        reads.incrementAndGet();
        return now.get();
    }

    /** {@return how many times the lock read the clock so far} */
    long reads()
    {
        return reads.get();
    }

    /**
     * Moves the time forward.
     *
     * @param nanos by how much
     */
    void step(final long nanos)
    {
        now.addAndGet(nanos);
    }
}
