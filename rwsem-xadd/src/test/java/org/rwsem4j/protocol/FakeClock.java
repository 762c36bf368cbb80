package org.rwsem4j.protocol;

import java.util.concurrent.atomic.AtomicLong;

import org.rwsem4j.NanoClock;

/**
 * A deterministic clock on the heap (so the model checker sees it): every read advances it by one tick, and a test
 * may jump it forward. Deadlines measured in ticks expire after a bounded number of reads, or at a jump, whatever
 * the real time, so "waited too long" and "timed out" are decided by the schedule and the test alone.
 */
final class FakeClock implements NanoClock
{
    private final AtomicLong now = new AtomicLong();

    @Override
    public long nanoTime()
    {
        return now.getAndIncrement();
    }

    /** Jumps forward: every deadline nearer than {@code ticks} has now passed. */
    void advance(final long ticks)
    {
        now.addAndGet(ticks);
    }
}
