package org.rwsem4j.bench;

import java.util.concurrent.locks.ReadWriteLock;

import org.rwsem4j.LockEvent;
import org.rwsem4j.LockEvents;
import org.rwsem4j.Rwsem;

/**
 * The lock event counters a seed-000 cell reports, summed into the groups its table shows. Spins started are the
 * optimistic spins that ended, either with the lock ({@code rwsem_opt_lock}, {@code rwsem_opt_rlock}) or without it
 * ({@code rwsem_opt_fail}); sleeps are both sides' {@code rwsem_sleep_*}; wakeups are readers and writers queued for
 * wakeup; handoffs are the handoff bits set by a queued reader or writer.
 *
 * @param spins     optimistic spins started
 * @param spinFails spins that ended without the lock
 * @param nullSpins spins that went on spinning on a NULL owner
 * @param sleeps    lockers that went to sleep
 * @param wakeups   waiters queued for wakeup
 * @param handoffs  handoff bits set
 */
record CellEvents(long spins, long spinFails, long nullSpins, long sleeps, long wakeups, long handoffs)
{
    static final CellEvents NONE = new CellEvents(0, 0, 0, 0, 0, 0);

    /**
     * @param lock a benchmark's lock
     * @return its counters now, or null for a JDK peer (which has none)
     */
    static CellEvents of(final ReadWriteLock lock)
    {
        if (!(lock instanceof Rwsem))
        {
            return null;
        }
        final LockEvents e = ((Rwsem)lock).events();
        return new CellEvents(
            e.get(LockEvent.OPT_LOCK) + e.get(LockEvent.OPT_RLOCK) + e.get(LockEvent.OPT_FAIL),
            e.get(LockEvent.OPT_FAIL),
            e.get(LockEvent.SPIN_NULL_OWNER),
            e.get(LockEvent.SLEEP_READER) + e.get(LockEvent.SLEEP_WRITER),
            e.get(LockEvent.WAKE_READER) + e.get(LockEvent.WAKE_WRITER),
            e.get(LockEvent.RLOCK_HANDOFF) + e.get(LockEvent.WLOCK_HANDOFF));
    }

    /**
     * @param before an earlier snapshot of the same lock
     * @return the counts since then
     */
    CellEvents minus(final CellEvents before)
    {
        return new CellEvents(spins - before.spins, spinFails - before.spinFails, nullSpins - before.nullSpins,
            sleeps - before.sleeps, wakeups - before.wakeups, handoffs - before.handoffs);
    }
}
