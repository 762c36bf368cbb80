package org.rwsem4j.wakeonce;

import org.rwsem4j.ReaderGrant;
import org.rwsem4j.WakeBatch;
import org.rwsem4j.Waiter;

/**
 * One pass over the shared list: unlink each head reader into a private batch, then add the whole grant, then
 * publish from the batch (no second walk of the shared list). The batch array belongs to one lock and is used only
 * under that lock's wait lock.
 */
final class SingleScanGrant implements ReaderGrant
{
    private Waiter[] batchBuffer = new Waiter[8];

    @Override
    public void grantReaders(final WakeBatch batch)
    {
        int n = 0;
        Waiter w = batch.scanHead();
        while (w != null && w.isReader() && n < batch.limit())
        {
            if (n == batchBuffer.length)
            {
                // grown before the unlink: an OutOfMemoryError here leaves this reader queued, not stranded
                batchBuffer = java.util.Arrays.copyOf(batchBuffer, n * 2);
            }
            final Waiter next = batch.next(w);
            batch.unlink(w);
            batchBuffer[n++] = w;
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
