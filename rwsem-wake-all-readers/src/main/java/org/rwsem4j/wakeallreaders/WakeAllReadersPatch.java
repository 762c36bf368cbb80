package org.rwsem4j.wakeallreaders;

import org.rwsem4j.spi.AbstractPatch;
import org.rwsem4j.spi.DecisionPoint;
import org.rwsem4j.spi.Hooks;

/**
 * Kernel 5.3, "Wake up almost all readers in wait queue" (d3681e269fff): when the head of the queue is a reader, a
 * wake grants up to 256 queued readers from the whole queue, stepping over queued writers, which keep their order
 * among themselves. It refines {@code wake-once}'s single scan (which stops at the first writer), keeping its order:
 * the grant is in the count before any reader can see it.
 */
public final class WakeAllReadersPatch extends AbstractPatch
{
    /** Registered through {@code META-INF/services/org.rwsem4j.spi.Patch}. */
    public WakeAllReadersPatch()
    {
        super("wake-all-readers", "5.3", "rwsem-wake-all-readers", DecisionPoint.READER_COLLECT);
        requiring("wake-once");
    }

    @Override
    public void install(final Hooks hooks)
    {
        hooks.readerGrant(new WholeQueueGrant());
    }
}
