package org.rwsem4j.readerspin;

import java.util.concurrent.atomic.AtomicLong;

import org.rwsem4j.NanoClock;

/**
 * A clock that stands still until the test steps it, and counts how often it was read, so that a test can tell
 * "many spin iterations passed" from "time passed" without measuring either.
 */
final class SteppedClock implements NanoClock
{
    private final AtomicLong now = new AtomicLong();
    private final AtomicLong reads = new AtomicLong();

    @Override
    public long nanoTime()
    {
        reads.incrementAndGet();
        return now.get();
    }

    /**
     * @return how many times the clock was read so far
     */
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
