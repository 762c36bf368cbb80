package org.rwsem4j.readerspin;

import org.rwsem4j.spi.AbstractPatch;
import org.rwsem4j.spi.DecisionPoint;
import org.rwsem4j.spi.Hooks;
import org.rwsem4j.LockEvent;
import org.rwsem4j.spi.LockWordBits;
import org.rwsem4j.spi.SlowPath;
import org.rwsem4j.spi.Waiter;

/**
 * Seed 000 (2014, patch 6/7), "enables optimistic spinning for readers": a reader that misses the fast path may join
 * the OSQ and spin on a writer owner, take the lock with the reader trylock, and wake the queued readers after
 * winning. Requires {@code spin-on-readers} (patch 2/7, "threshold limited spinning for active readers", which itself
 * requires {@code reader-owned}): a spinning reader meets reader-owned phases, and the seed bounds them.
 */
public final class ReaderSpinPatch extends AbstractPatch
{
    /** Registered through {@code META-INF/services/org.rwsem4j.spi.Patch}. */
    public ReaderSpinPatch()
    {
        super("reader-spin", "000", "rwsem-reader-spin", DecisionPoint.READER_SPIN);
        requiring("spin-on-readers");
    }

    @Override
    public void install(final Hooks hooks)
    {
        hooks.readerSpin(ReaderSpinPatch::spinBeforeQueueing);
    }

    /**
     * The seed's {@code rwsem_down_read_failed} hunk: unless HANDOFF or READ_FAIL is set, a reader whose owner is
     * worth spinning on gives back the bias its fast path added, spins ({@code rwsem_optimistic_spin} with the
     * reader trylock), and after winning wakes the readers queued behind (the seed's wake in its read-owned mode);
     * otherwise it queues as before.
     */
    private static boolean spinBeforeQueueing(final SlowPath path, final Waiter reader, final long count)
    {
        if ((count & (LockWordBits.HANDOFF | LockWordBits.READ_FAIL)) != 0 || !path.maySpin())
        {
            return false;
        }
        if (!path.canSpinOnOwner())
        {
            path.event(LockEvent.OPT_NOSPIN);
            return false;
        }
        path.dropReaderBias(reader);
        if (!path.optimisticSpin(reader))
        {
            return false;
        }
        path.wakeReadersReadOwned();
        return true;
    }
}
