package org.rwsem4j.handoff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.locks.LockSupport;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.rwsem4j.LockEvent;
import org.rwsem4j.Rwsem;
import org.rwsem4j.testkit.Locker;
import org.rwsem4j.testkit.TestClock;

/**
 * Writer-respin and handoff together (both in {@code all}). A woken head writer that has just set
 * HANDOFF, with spinners present and a running writer owner, must keep its place: before the fix it left the queue
 * to respin, the next head inherited its bit, and it rejoined at the tail, so the longest waiter gave its handoff
 * away every time it reached the head.
 *
 * <p>Step by step on a {@link TestClock}: the holder parks, so w1 and w2 queue and sleep without spinning; the
 * holder turns busy; the clock passes w1's handoff timeout and w1 is unparked (a spurious wakeup, which the engine
 * must treat like any wakeup: it marks w1 woken). w1 sets HANDOFF and, with handoff-spin, spins on the busy holder.
 * A spinner joins after it (so its spin budget ends later); the clock then ends w1's handoff spin but not the
 * spinner's. w1 now sees exactly writer-respin's condition: spinners present and a running writer owner.
 */
@Timeout(120)
class HandoffHolderDoesNotRespinTest
{
    private static final String SPEC = "handoff+handoff-spin+writer-respin";

    @Test
    void aHeadWriterHoldingTheHandoffKeepsItsPlaceInsteadOfRespinning()
    {
        Assumptions.assumeTrue(Rwsem.availablePatches().contains("writer-respin"),
            "rwsem-reader-spin (writer-respin) is not in this build");
        final TestClock clock = TestClock.manual();
        final Rwsem lock = Scenario.lock(SPEC, clock, Scenario.HANDOFF_TIMEOUT);
        final PhasedWriter holder = PhasedWriter.holdParked(lock);
        final Locker w1 = Scenario.queueSleepingWriter(lock, "w1", 0);
        final Locker w2 = Scenario.queueSleepingWriter(lock, "w2", 1);
        assertEquals(List.of("W:w1", "W:w2"), lock.state().waiters(), lock.state()::toString);
        holder.busy();

        clock.step(Scenario.HANDOFF_TIMEOUT);                       // w1 has waited long enough
        LockSupport.unpark(w1.thread());                           // woken: it sets HANDOFF and spins on the holder
        Scenario.awaitEvent(lock, LockEvent.HANDOFF_SPIN, 1);
        final long readsAtSpin = clock.reads();
        Scenario.await(lock, "w1 to read its handoff-spin deadline", () -> clock.reads() >= readsAtSpin + 2);
        assertEquals(1, lock.events().get(LockEvent.WLOCK_HANDOFF), lock.events()::toString);

        clock.step(Scenario.SPIN_BUDGET / 2);
        final Locker spinner = Scenario.writer(lock, "spinner");   // spins on the busy holder until after w1's end
        Scenario.await(lock, "the spinner to spin", () -> lock.state().spinners());
        clock.step(Scenario.SPIN_BUDGET / 2 + 1);                  // w1's handoff spin ends; the spinner's does not

        Scenario.await(lock, "w1 to respin or to sleep again", () ->
            lock.events().get(LockEvent.WRITER_RESPIN) > 0 || lock.events().get(LockEvent.SLEEP_WRITER) >= 3);
        try
        {
            assertEquals(0, lock.events().get(LockEvent.WRITER_RESPIN),
                () -> "the head writer holding the handoff left the queue to respin: " + lock.state() + "; " +
                lock.events());
            assertEquals(List.of("W:w1(handoff)", "W:w2"), lock.state().waiters(), lock.state()::toString);
            assertTrue(lock.state().handoff(), lock.state()::toString);
        }
        finally
        {
            clock.step(100 * Scenario.SPIN_BUDGET);                // end every spin, whatever happened
            holder.release();
            w1.join();
            w2.join();
            spinner.join();
        }
        // w1 takes its handoff; w2, past its own timeout by then, may set and take one too if the spinner gets in
        // between w1's release and w2's wakeup
        final long taken = lock.events().get(LockEvent.HANDOFF_TAKEN);
        assertTrue(taken == 1 || taken == 2, lock.events()::toString);
        assertTrue(lock.state().isQuiescent(), lock.state()::toString);
    }
}
