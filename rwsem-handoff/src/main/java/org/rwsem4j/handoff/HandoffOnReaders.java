package org.rwsem4j.handoff;

import org.rwsem4j.spi.ForwardingHandoffPolicy;
import org.rwsem4j.spi.HandoffPolicy;
import org.rwsem4j.spi.LockWordBits;

/**
 * The writer's side of a phase change: a queued writer that finds readers in the lock sets the handoff bit at once;
 * every other question goes to the refined policy (the handoff timeout), so a writer behind a writer, and a reader
 * behind a writer, still wait for it.
 */
final class HandoffOnReaders extends ForwardingHandoffPolicy
{
    HandoffOnReaders(final HandoffPolicy timed)
    {
        super(timed);
    }

    @Override
    public boolean writerSetsHandoff(final long count, final long waiterTimeout, final long now)
    {
        return readerOwned(count) || super.writerSetsHandoff(count, waiterTimeout, now);
    }

    /** Readers hold the lock and no writer does: a reader phase the writer waits behind. */
    private static boolean readerOwned(final long count)
    {
        return (count & LockWordBits.WRITER_LOCKED) == 0 && LockWordBits.readers(count) != 0;
    }
}
