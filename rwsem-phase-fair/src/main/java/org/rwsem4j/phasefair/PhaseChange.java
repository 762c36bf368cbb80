package org.rwsem4j.phasefair;

import org.rwsem4j.spi.ForwardingHandoffPolicy;
import org.rwsem4j.spi.HandoffPolicy;

/**
 * The handoff bit as the phase bit, on the reader's side: a reader at the head that finds a writer owner sets it at
 * once, and a grant that leaves a writer at the head hands it the bit. The writer's side (a writer that finds readers
 * in the lock sets it at once) is {@code handoff-on-readers}' policy, refined here and asked as it is; between writers
 * its timeout still decides (a writer finding a writer owner waits its timeout before it claims the lock, so writers
 * keep stealing from each other, as the kernel's 4f23dbc1e657 found they must for throughput).
 */
final class PhaseChange extends ForwardingHandoffPolicy
{
    PhaseChange(final HandoffPolicy timed)
    {
        super(timed);
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
