package org.rwsem4j.phasefair;

import org.rwsem4j.spi.ReaderGrant;
import org.rwsem4j.spi.WakeBatch;
import org.rwsem4j.spi.Waiter;

/**
 * A reader phase: every reader queued at this wake, wherever it stands, with no cap (a cap would leave readers queued
 * behind the next writer and break the bound of one writer phase). Writers are stepped over and keep their order.
 * One add grants them all; the engine unparks the first {@link WakeBatch#limit()} and each woken reader unparks one
 * more ({@link WakeBatch#grantUnlinked}).
 */
final class WholePhaseGrant implements ReaderGrant
{
    @Override
    public void grantReaders(final WakeBatch batch)
    {
        for (Waiter w = batch.scanHead(); w != null; )
        {
            final Waiter next = batch.next(w);
            if (w.isReader())
            {
                batch.unlink(w);
            }
            w = next;
        }
        batch.grantUnlinked();
    }
}
