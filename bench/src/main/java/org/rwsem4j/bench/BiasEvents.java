package org.rwsem4j.bench;

import java.util.concurrent.locks.ReadWriteLock;

import org.rwsem4j.LockEvent;
import org.rwsem4j.LockEvents;
import org.rwsem4j.Rwsem;
import org.rwsem4j.Variant;

/**
 * The {@code reader-bias} counters of the read-scaling case, summed over a run's locks ({@code Rwsem#events()} of
 * each, read before and after the run, outside the window).
 *
 * @param fallbacks reads that found their entry of the table of visible readers taken and used the count
 *                  ({@link LockEvent#BIAS_FALLBACK})
 * @param revokes   writers that revoked the bias ({@link LockEvent#BIAS_REVOKE})
 * @param arms      times the bias was armed ({@link LockEvent#BIAS_ARM})
 * @param revokeNanos the revoking writers' wait for biased readers, ns ({@link LockEvent#BIAS_REVOKE_NS}: a
 *                  revocation that found no biased reader waits 0)
 */
record BiasEvents(long fallbacks, long revokes, long arms, long revokeNanos)
{
    /** The reader-bias patch's name. */
    static final String READER_BIAS = "reader-bias";

    /**
     * @param locks a run's locks
     * @return whether they are variants with {@value #READER_BIAS} (all locks of a run are of one kind)
     */
    static boolean known(final ReadWriteLock[] locks)
    {
        return locks != null && locks.length > 0 && locks[0] instanceof Rwsem &&
            Variant.parse(((Rwsem)locks[0]).variant()).contains(READER_BIAS);
    }

    /**
     * @param locks a run's locks, all of one kind
     * @return their counters summed now, or null when they are not variants with {@value #READER_BIAS}
     */
    static BiasEvents of(final ReadWriteLock[] locks)
    {
        if (!known(locks))
        {
            return null;
        }
        long fallbacks = 0;
        long revokes = 0;
        long arms = 0;
        long revokeNanos = 0;
        for (final ReadWriteLock lock : locks)
        {
            final LockEvents e = ((Rwsem)lock).events();
            fallbacks += e.get(LockEvent.BIAS_FALLBACK);
            revokes += e.get(LockEvent.BIAS_REVOKE);
            arms += e.get(LockEvent.BIAS_ARM);
            revokeNanos += e.get(LockEvent.BIAS_REVOKE_NS);
        }
        return new BiasEvents(fallbacks, revokes, arms, revokeNanos);
    }

    /**
     * @param before an earlier sum over the same locks
     * @return the counts since then
     */
    BiasEvents minus(final BiasEvents before)
    {
        return new BiasEvents(fallbacks - before.fallbacks, revokes - before.revokes, arms - before.arms,
            revokeNanos - before.revokeNanos);
    }
}
