package org.rwsem4j.testkit;

import java.util.concurrent.atomic.AtomicLong;

import org.rwsem4j.NanoClock;

/**
 * A lock clock that stands still until the test steps it, and counts how often it was read. Spin budgets and handoff
 * timeouts then end only when the test says so, and the read count tells "a spinner went round its loop many times"
 * from "time passed" without measuring either.
 */
public final class SteppedClock implements NanoClock
{
    private final AtomicLong now = new AtomicLong();
    private final AtomicLong reads = new AtomicLong();

    @Override
    public long nanoTime()
    {
        reads.incrementAndGet();
        return now.get();
    }

    /** @return how many times the clock was read so far */
    public long reads()
    {
        return reads.get();
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
}
