package org.rwsem4j.wakeallreaders;

import org.rwsem4j.spi.ReaderGrant;
import org.rwsem4j.spi.WakeBatch;
import org.rwsem4j.spi.Waiter;

/**
 * One pass over the whole shared list: every reader, wherever it is queued, is unlinked, up to
 * {@link WakeBatch#limit()} readers; writers are stepped over and keep their places. Then the whole grant is added
 * once and the grants are published ({@link WakeBatch#grantUnlinked}: grant before publish).
 */
final class WholeQueueGrant implements ReaderGrant
{
    @Override
    public void grantReaders(final WakeBatch batch)
    {
        int n = 0;
        Waiter w = batch.scanHead();
        while (w != null && n < batch.limit())
        {
            final Waiter next = batch.next(w);
            if (w.isReader())
            {
                batch.unlink(w);
                n++;
            }
            w = next;
        }
        batch.grantUnlinked();
    }
}
