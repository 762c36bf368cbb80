package org.rwsem4j.readersteal;

import org.rwsem4j.spi.AbstractPatch;
import org.rwsem4j.spi.DecisionPoint;
import org.rwsem4j.spi.Hooks;
import org.rwsem4j.spi.LockWordBits;
import org.rwsem4j.spi.OwnerState;
import org.rwsem4j.spi.SlowPath;

/**
 * Kernel 5.11, "locking/rwsem: Enable reader optimistic lock stealing" (1a728dff855a), with the starvation guard
 * that comes before it in the same series, "locking/rwsem: Prevent potential lock starvation" (2f06f702925b): a
 * reader that missed the fast path keeps the bias it added as its read lock when the count it saw shows no writer
 * and no handoff, even with waiters queued; the first such reader wakes the queued readers to join it. It does not
 * steal from an active reader phase (the owner word says readers and another reader is counted), so a stream of
 * readers cannot starve a queued writer. Requires {@code reader-owned}: the guard reads its reader-owned marker.
 */
public final class ReaderStealPatch extends AbstractPatch
{
    /** Registered through {@code META-INF/services/org.rwsem4j.spi.Patch}. */
    public ReaderStealPatch()
    {
        super("reader-steal", "5.11", "rwsem-reader-steal", DecisionPoint.READER_STEAL);
        requiring("reader-owned");
    }

    @Override
    public void install(final Hooks hooks)
    {
        hooks.readerSteal(ReaderStealPatch::stealBeforeQueueing);
    }

    /**
     * The head of 5.11's {@code rwsem_down_read_slowpath}, on the count the fast path's add returned: {@code rcnt}
     * counts this reader too. 2f06f702925b: on a reader-owned lock with another reader counted and no writer bit,
     * queue. 1a728dff855a: with no writer, no handoff (and no READ_FAIL) in the count, keep the bias as the read lock
     * ({@code rwsem_set_reader_owned}, {@code rwsem_rlock_steal}); if this is the only reader and waiters are queued,
     * wake the readers at the head ({@code rwsem_mark_wake} in its read-owned mode). Otherwise queue.
     */
    private static boolean stealBeforeQueueing(final SlowPath path, final long count)
    {
        final long rcnt = LockWordBits.readers(count);
        if (path.ownerState() == OwnerState.READER && rcnt > 1 && (count & LockWordBits.WRITER_LOCKED) == 0)
        {
            return false;
        }
        if ((count & (LockWordBits.WRITER_LOCKED | LockWordBits.HANDOFF | LockWordBits.READ_FAIL)) != 0)
        {
            return false;
        }
        path.keepReaderBias();
        if (rcnt == 1 && (count & LockWordBits.WAITERS) != 0)
        {
            path.wakeReadersReadOwned();
        }
        return true;
    }
}
