package org.rwsem4j.readerspin;

import org.rwsem4j.spi.DecisionPoint;
import org.rwsem4j.spi.Hooks;
import org.rwsem4j.spi.OwnerState;
import org.rwsem4j.spi.AbstractPatch;

/**
 * Seed 000 (2014), "allow waiting writers to go back to spinning": a woken queued writer that loses the lock while
 * spinners are present and a running writer owns it leaves the queue and spins again (the engine re-queues it if
 * the spin fails). While there are spinners, a sleeping writer would only get the lock after them anyway.
 */
public final class WriterRespinPatch extends AbstractPatch
{
    /** Registered through {@code META-INF/services/org.rwsem4j.spi.Patch}. */
    public WriterRespinPatch()
    {
        super("writer-respin", "000", "rwsem-reader-spin", DecisionPoint.WOKEN_WRITER);
    }

    @Override
    public void install(final Hooks hooks)
    {
        hooks.wokenWriter(path -> path.spinnersPresent() && path.ownerState() == OwnerState.WRITER);
    }
}
