package org.rwsem4j.wakeallreaders;

import org.rwsem4j.ReaderGrant;
import org.rwsem4j.WakeBatch;
import org.rwsem4j.Waiter;

/**
 * One pass over the whole shared list: every reader, wherever it is queued, is unlinked into a private batch, up to
 * {@link WakeBatch#limit()} readers; writers are stepped over and keep their places. Then the whole grant is added
 * once, then the grants are published from the batch (grant before publish). The batch array belongs to one lock and
 * is used only under that lock's wait lock.
 */
final class WholeQueueGrant implements ReaderGrant
{
    private Waiter[] batchBuffer = new Waiter[8];

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
                if (n == batchBuffer.length)
                {
                    // grown before the unlink: an OutOfMemoryError here leaves this reader queued, not stranded
                    batchBuffer = java.util.Arrays.copyOf(batchBuffer, n * 2);
                }
                batch.unlink(w);
                batchBuffer[n++] = w;
            }
            w = next;
        }
        batch.addGrant(n);
        for (int i = 0; i < n; i++)
        {
            batch.publish(batchBuffer[i]);
            batchBuffer[i] = null;
        }
    }
}
