package org.rwsem4j.wakeonce;

import org.rwsem4j.spi.DecisionPoint;
import org.rwsem4j.spi.Hooks;
import org.rwsem4j.spi.AbstractPatch;

/**
 * Seed 003, "Scan the wait_list for readers only once" (2016, v4.9), in the safe form: one scan of the shared wait
 * list moves the readers to wake into a local batch, their grant is added to the count once, and only then are the
 * grants published from the batch. The 2016 original published before adding, which let a writer in while readers
 * were inside (kernel a9e9bcb45b15); that order is not reachable from any spec.
 */
public final class WakeOncePatch extends AbstractPatch
{
    /** Registered through {@code META-INF/services/org.rwsem4j.spi.Patch}. */
    public WakeOncePatch()
    {
        super("wake-once", "003", "rwsem-wake-once", DecisionPoint.READER_COLLECT);
    }

    @Override
    public void install(final Hooks hooks)
    {
        hooks.readerGrant(new SingleScanGrant());
    }
}
