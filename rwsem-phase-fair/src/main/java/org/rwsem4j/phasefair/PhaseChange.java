package org.rwsem4j.phasefair;

import org.rwsem4j.spi.HandoffPolicy;

/**
 * The handoff bit as the phase bit, on the reader's side: a reader at the head that finds a writer owner sets it at
 * once, and a grant that leaves a writer at the head hands it the bit. The writer's side (a writer that finds readers
 * in the lock sets it at once) is {@code handoff-on-readers}' policy, refined here; between writers its timeout still
 * decides (a writer finding a writer owner waits its timeout before it claims the lock, so writers keep stealing
 * from each other, as the kernel's 4f23dbc1e657 found they must for throughput).
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
        return timed.writerSetsHandoff(count, waiterTimeout, now);
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
