package org.rwsem4j.handoff;

import org.rwsem4j.spi.HandoffPolicy;
import org.rwsem4j.spi.LockWordBits;

/**
 * The writer's side of a phase change: a queued writer that finds readers in the lock sets the handoff bit at once;
 * every other question goes to the refined policy (the handoff timeout), so a writer behind a writer, and a reader
 * behind a writer, still wait for it.
 */
final class HandoffOnReaders implements HandoffPolicy
{
    private final HandoffPolicy timed;

    HandoffOnReaders(final HandoffPolicy timed)
    {
        this.timed = timed;
    }

    @Override
    public boolean waitedTooLong(final long waiterTimeout, final long now)
    {
        return timed.waitedTooLong(waiterTimeout, now);
    }

    @Override
    public boolean writerSetsHandoff(final long count, final long waiterTimeout, final long now)
    {
        return readerOwned(count) || timed.writerSetsHandoff(count, waiterTimeout, now);
    }

    @Override
    public boolean readerSetsHandoff(final long waiterTimeout, final long now)
    {
        return timed.readerSetsHandoff(waiterTimeout, now);
    }

    @Override
    public boolean phaseChange()
    {
        return timed.phaseChange();
    }

    /** Readers hold the lock and no writer does: a reader phase the writer waits behind. */
    private static boolean readerOwned(final long count)
    {
        return (count & LockWordBits.WRITER_LOCKED) == 0 && LockWordBits.readers(count) != 0;
    }
}
