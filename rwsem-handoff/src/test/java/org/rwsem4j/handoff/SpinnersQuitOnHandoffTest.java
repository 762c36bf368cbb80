package org.rwsem4j.handoff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.locks.LockSupport;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.rwsem4j.LockEvent;
import org.rwsem4j.Rwsem;
import org.rwsem4j.testkit.Locker;
import org.rwsem4j.testkit.TestClock;

/**
 * Where {@code handoff} alone (kernel 5.3) makes optimistic spinners quit on HANDOFF. 5.3 checks the
 * bit inside {@code rwsem_spin_on_owner}'s loop over a writer owner (the lines seed 001 deletes), so a spinner quits
 * when the bit appears while it spins on a running writer, and keeps spinning through a NULL owner (or readers)
 * whatever the bit says: it only cannot take the lock. The engine used to check in the outer spin loop instead,
 * which inverted both: {@code handoff} alone behaved like post-001 on a writer owner, and quit in NULL phases.
 *
 * <p>Both scenarios: the holder parks, so w1 queues and sleeps without spinning; the holder turns busy and a
 * spinner spins on it; the clock passes w1's handoff timeout and w1 is unparked (a spurious wakeup), sets HANDOFF
 * and sleeps again. The clock otherwise stands still, so no spin budget ends, and its reads count the spinner's
 * rounds: only the spinner reads it while w1 sleeps.
 */
@Timeout(120)
class SpinnersQuitOnHandoffTest
{
    /** The spinner meets HANDOFF while a running writer owns the lock: in 5.3 it quits and queues. */
    @Test
    void aSpinnerOnARunningWriterQuitsWhenHandoffAppears()
    {
        final TestClock clock = TestClock.manual();
        final Rwsem lock = Scenario.lock("handoff", clock, Scenario.HANDOFF_TIMEOUT);
        final PhasedWriter holder = PhasedWriter.holdParked(lock);
        final Locker w1 = Scenario.queueSleepingWriter(lock, "w1", 0);
        holder.busy();
        final Locker spinner = Scenario.writer(lock, "spinner");
        Scenario.await(lock, "the spinner to spin on the holder", () -> lock.state().spinners());
        try
        {
            final long reads = setHandoffWhileTheSpinnerSpins(lock, clock, w1);
            Scenario.await(lock, "the spinner to quit or to spin many rounds", () ->
                lock.events().get(LockEvent.OPT_FAIL) > 0 || clock.reads() >= reads + Scenario.MANY_READS);
            assertEquals(1, lock.events().get(LockEvent.OPT_FAIL),
                () -> "the spinner kept spinning on a running writer with HANDOFF set (" + (clock.reads() - reads) +
                " clock reads since): handoff alone behaves like post-001; " + lock.state());
            Scenario.await(lock, "the spinner to queue behind w1", () ->
                lock.state().waiters().equals(List.of("W:w1(handoff)", "W:spinner")));
        }
        finally
        {
            finish(lock, clock, holder, w1, spinner);
        }
    }

    /** The spinner meets HANDOFF while the owner is NULL (readers hold, unmarked): in 5.3 it keeps spinning. */
    @Test
    void aSpinnerInANullOwnerPhaseKeepsSpinningWhenHandoffAppears()
    {
        final TestClock clock = TestClock.manual();
        final Rwsem lock = Scenario.lock("handoff", clock, Scenario.HANDOFF_TIMEOUT);
        final PhasedWriter holder = PhasedWriter.holdParked(lock);
        final Locker w1 = Scenario.queueSleepingWriter(lock, "w1", 0);
        holder.busy();
        final Locker spinner = Scenario.writer(lock, "spinner");
        Scenario.await(lock, "the spinner to spin on the holder", () -> lock.state().spinners());
        try
        {
            holder.downgrade();                                     // the base leaves the owner NULL for readers
            Scenario.awaitEvent(lock, LockEvent.SPIN_NULL_OWNER, 1);
            final long reads = setHandoffWhileTheSpinnerSpins(lock, clock, w1);
            Scenario.await(lock, "the spinner to quit or to spin many rounds", () ->
                lock.events().get(LockEvent.OPT_FAIL) > 0 || clock.reads() >= reads + Scenario.MANY_READS);
            assertEquals(0, lock.events().get(LockEvent.OPT_FAIL),
                () -> "the spinner quit on HANDOFF in a NULL-owner phase, where 5.3 keeps spinning; " +
                lock.state());
            assertTrue(lock.state().spinners(), lock.state()::toString);
            assertEquals(List.of("W:w1(handoff)"), lock.state().waiters(), lock.state()::toString);
        }
        finally
        {
            finish(lock, clock, holder, w1, spinner);
        }
    }

    /** w1's handoff timeout passes and it is unparked: it sets HANDOFF and sleeps again. Returns the clock reads. */
    private static long setHandoffWhileTheSpinnerSpins(final Rwsem lock, final TestClock clock, final Locker w1)
    {
        clock.step(Scenario.HANDOFF_TIMEOUT);
        LockSupport.unpark(w1.thread());
        Scenario.awaitEvent(lock, LockEvent.WLOCK_HANDOFF, 1);
        return clock.reads();
    }

    private static void finish(final Rwsem lock, final TestClock clock, final PhasedWriter holder,
        final Locker w1, final Locker spinner)
    {
        clock.step(100 * Scenario.SPIN_BUDGET);
        holder.release();
        w1.join();
        spinner.join();
        assertTrue(lock.state().isQuiescent(), lock.state()::toString);
    }
}
