package org.rwsem4j.handoff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.rwsem4j.LockEvent;
import org.rwsem4j.Rwsem;
import org.rwsem4j.testkit.Locker;
import org.rwsem4j.testkit.TestClock;

/**
 * Handoff-spin on a reader-held lock. Seed 001 retries at once on a NULL owner because a NULL owner
 * right after a writer means the writer has just released; readers show as reader-owned there, and the handoff
 * writer sleeps. Without {@code reader-owned} the readers leave the owner NULL, so the engine must tell them from a
 * releasing writer by the count (readers and no writer bit) instead of spending its NULL-owner retries on wait-lock
 * round trips; handoff-spin must not require reader-owned for it. Each handoff-spin round counts one
 * {@code rwsem_handoff_spin}: one round and then sleep on readers, against 1 + {@code nullOwnerRetries} before.
 */
@Timeout(120)
class HandoffSpinOnReadersTest
{
    private static final String SPEC = "handoff+handoff-spin";

    @Test
    void onAReaderHeldLockTheHandoffWriterSleepsAfterOneSpin()
    {
        final TestClock clock = TestClock.manual();
        final Rwsem lock = Scenario.lock(SPEC, clock, 0);          // w1 sets HANDOFF at its first failed try
        lock.readLock().lock();
        final Locker w1 = Scenario.writer(lock, "w1");
        try
        {
            Scenario.awaitEvent(lock, LockEvent.SLEEP_WRITER, 1);
            assertEquals(1, lock.events().get(LockEvent.WLOCK_HANDOFF), lock.events()::toString);
            assertEquals(1, lock.events().get(LockEvent.HANDOFF_SPIN),
                () -> "the handoff writer retried a reader-held lock (NULL owner) as if a writer were releasing it: " +
                lock.events());
            assertEquals(List.of("W:w1(handoff)"), lock.state().waiters(), lock.state()::toString);
        }
        finally
        {
            lock.readLock().unlock();                               // the last reader wakes w1, which takes it
            w1.join();
        }
        assertEquals(1, lock.events().get(LockEvent.HANDOFF_TAKEN), lock.events()::toString);
        assertTrue(lock.state().isQuiescent(), lock.state()::toString);
    }

    /**
     * The control: a NULL owner with the writer bit (a writer releasing) is still retried, and wins without sleep. The
     * holder clears the owner word before it releases the count, and a preempted holder can sit between the two for a
     * scheduler slice; the default bound of 8 immediate retries would then send w1 to sleep (what the bound is for).
     * This test is about what w1 retries, not about the bound, so the bound is lifted.
     */
    @Test
    void whenARunningWriterReleasesTheHandoffWriterTakesTheLockWithoutSleeping()
    {
        final TestClock clock = TestClock.manual();
        final Rwsem lock = Rwsem.builder().variant(SPEC).onHeap().clock(clock).handoffTimeout(Duration.ZERO)
            .spinBudget(Duration.ofNanos(Scenario.SPIN_BUDGET)).nullOwnerRetries(Integer.MAX_VALUE).build();
        final PhasedWriter holder = PhasedWriter.holdParked(lock);
        final Locker w1 = Scenario.queueSleepingWriter(lock, "w1", 0); // HANDOFF set; the holder is not running
        try
        {
            assertEquals(List.of("W:w1(handoff)"), lock.state().waiters(), lock.state()::toString);
            holder.busy();
            LockSupport.unpark(w1.thread());                        // w1 spins on the running holder
            Scenario.awaitEvent(lock, LockEvent.HANDOFF_SPIN, 2);
        }
        finally
        {
            holder.release();
            w1.join();
        }
        assertEquals(1, lock.events().get(LockEvent.HANDOFF_SPIN_LOCK), lock.events()::toString);
        assertEquals(1, lock.events().get(LockEvent.SLEEP_WRITER), lock.events()::toString);
        assertTrue(lock.state().isQuiescent(), lock.state()::toString);
    }
}
