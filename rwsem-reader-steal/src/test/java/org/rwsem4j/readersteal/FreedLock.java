package org.rwsem4j.readersteal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

import org.rwsem4j.LockEvent;
import org.rwsem4j.LockEvents;
import org.rwsem4j.Rwsem;
import org.rwsem4j.RwsemState;
import org.rwsem4j.testkit.TestClock;
import org.rwsem4j.testkit.Locker;

/**
 * The state reader stealing is for, held still: a holder {@code h} releases the lock while a writer {@code w} is
 * queued; the unlock wakes {@code w}, but {@code w} is stopped in its clock read (woken, not yet tried), so the lock
 * is free with WAITERS set. A reader {@code r} then arrives: its fast path fails on WAITERS and its slow path decides.
 * The lock is built without the platform adaptations ({@link Steps#kernelLock}): with them, the wake swaps WAITERS for
 * WRITER_WAKING for the woken writer (W7) and {@code r}'s fast path starts a reader phase before any steal decision.
 *
 * @param atDecision the lock's counters once {@code r} has stolen or gone to sleep
 * @param stateAtDecision the lock's state then
 * @param ownerBefore the owner word before {@code r} arrived
 * @param order who took the lock, in order
 * @param quiescentAfter whether the lock ended quiescent
 */
record FreedLock(LockEvents atDecision, RwsemState stateAtDecision, String ownerBefore, List<String> order,
    boolean quiescentAfter)
{
    /**
     * Runs the scenario.
     *
     * @param spec the variant
     * @param readerHeld whether {@code h} held a read lock (the owner word keeps the stale reader marker) or the write
     *     lock (the owner word is cleared)
     * @return what happened
     */
    static FreedLock arrive(final String spec, final boolean readerHeld)
    {
        final TestClock clock = TestClock.manual();
        final Rwsem lock = Steps.kernelLock(spec, clock);
        final Queue<String> order = new ConcurrentLinkedQueue<>();
        final Holder h = Holder.holding(lock, "h", !readerHeld, order);
        clock.stop("w", () -> lock.state().waitersFlag()); // w holds nothing in its clock reads (no handoff here)
        final Locker w = Steps.timedWriter(lock, "w", order);
        Holder r = null;
        final LockEvents events;
        final RwsemState state;
        final String ownerBefore;
        try
        {
            clock.awaitStopped(lock);
            h.release();
            final RwsemState freed = lock.state();
            assertTrue(freed.waitersFlag() && !freed.writerLocked() && freed.readers() == 0 && !freed.handoff(),
                () -> "precondition: a free lock with a queued writer: " + freed);
            ownerBefore = freed.owner();
            r = Holder.reader(lock, "r", order);
            Steps.await(lock, "r to steal or sleep",
                () -> lock.events().get(LockEvent.RLOCK_STEAL) + lock.events().get(LockEvent.SLEEP_READER) >= 1);
            events = lock.events();
            state = lock.state();
        }
        finally
        {
            clock.open();
            if (r != null)
            {
                r.release();
            }
            w.join();
        }
        assertEquals(3, order.size(), order::toString);
        return new FreedLock(events, state, ownerBefore, List.copyOf(order), lock.state().isQuiescent());
    }
}
