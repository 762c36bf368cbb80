package org.rwsem4j.phasefair;

import org.rwsem4j.spi.HandoffPolicy;
import org.rwsem4j.spi.LockWordBits;

/**
 * The handoff bit as the phase bit: a writer that finds readers in the lock, and a reader at the head that finds a
 * writer owner, set it at once; between writers the refined policy's timeout still decides (a writer finding a
 * writer owner waits its timeout before it claims the lock, so writers keep stealing from each other, as the
 * kernel's 4f23dbc1e657 found they must for throughput). A grant that leaves a writer at the head hands it the bit.
 */
final class PhaseChange implements HandoffPolicy
{
    private final HandoffPolicy timed;

    PhaseChange(final HandoffPolicy timed)
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
        final boolean readerPhase = (count & LockWordBits.WRITER_LOCKED) == 0 && LockWordBits.readers(count) != 0;
        return readerPhase || timed.writerSetsHandoff(count, waiterTimeout, now);
    }

    @Override
    public boolean readerSetsHandoff(final long waiterTimeout, final long now)
    {
        return true;
    }

    @Override
    public boolean phaseChange()
    {
        return true;
    }
}
