package org.rwsem4j.wakeonce;

import org.rwsem4j.spi.ReaderGrant;
import org.rwsem4j.spi.WakeBatch;
import org.rwsem4j.spi.Waiter;

/**
 * One pass over the shared list: unlink each head reader, then add the whole grant, then publish in the order they
 * were unlinked ({@link WakeBatch#grantUnlinked}; no second walk of the shared list).
 */
final class SingleScanGrant implements ReaderGrant
{
    @Override
    public void grantReaders(final WakeBatch batch)
    {
        int n = 0;
        Waiter w = batch.scanHead();
        while (w != null && w.isReader() && n < batch.limit())
        {
            final Waiter next = batch.next(w);
            batch.unlink(w);
            n++;
            w = next;
        }
        batch.grantUnlinked();
    }
}
