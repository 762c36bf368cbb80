package org.rwsem4j.wakeallreaders;

import org.rwsem4j.spi.ReaderGrant;

/** This module's reader grant, for the engine's protocol harness (which lives in another package). */
public final class WakeAllReadersGrants
{
    private WakeAllReadersGrants()
    {
    }

    /**
     * A fresh whole-queue grant, as {@link WakeAllReadersPatch} installs it.
     *
     * @return the grant
     */
    public static ReaderGrant wholeQueue()
    {
        return new WholeQueueGrant();
    }
}
