package org.rwsem4j.handoff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.rwsem4j.LockEvent;
import org.rwsem4j.LockEvents;
import org.rwsem4j.Rwsem;
import org.rwsem4j.testkit.Contention;

class HandoffPatchTest
{
    /** Writer-heavy, oversubscribed, with a short handoff timeout so the bit is set often. */
    private static LockEvents contend(final String spec, final LockEvent until)
    {
        final Rwsem lock = Rwsem.builder().variant(spec).handoffTimeout(Duration.ofNanos(100_000))
            .spinBudget(Duration.ofMillis(1)).build();
        for (int round = 0; round < 8 && (until == null || lock.events().get(until) == 0); round++)
        {
            Contention.run(lock, 4, 6, Duration.ofMillis(400), 200);
            if (until == null)
            {
                break;
            }
        }
        assertTrue(lock.state().isQuiescent(), lock.state()::toString);
        assertTrue(!lock.state().handoff(), "handoff clear at the end");
        return lock.events();
    }

    @Test
    void waitersSetTheHandoffBitAndTheHeadTakesTheLock()
    {
        final LockEvents e = contend("handoff", LockEvent.HANDOFF_TAKEN);
        assertTrue(e.get(LockEvent.WLOCK_HANDOFF) + e.get(LockEvent.RLOCK_HANDOFF) > 0, e::toString);
        assertTrue(e.get(LockEvent.HANDOFF_TAKEN) > 0, e::toString);
        assertEquals(0, e.get(LockEvent.HANDOFF_SPIN), e::toString);
    }

    @Test
    void withoutHandoffTheBitIsNeverSet()
    {
        final LockEvents e = contend("base", null);
        assertEquals(0, e.get(LockEvent.WLOCK_HANDOFF) + e.get(LockEvent.RLOCK_HANDOFF), e::toString);
        assertEquals(0, e.get(LockEvent.HANDOFF_TAKEN), e::toString);
        assertTrue(e.get(LockEvent.SLEEP_WRITER) > 0, "the run must have had sleeping writers");
    }

    @Test
    void theHandoffWriterSpinsOnTheOwnerAndAcquiresWithoutSleeping()
    {
        final LockEvents e = contend("handoff+handoff-spin", LockEvent.HANDOFF_SPIN_LOCK);
        assertTrue(e.get(LockEvent.HANDOFF_SPIN) > 0, e::toString);
        assertTrue(e.get(LockEvent.HANDOFF_SPIN_LOCK) > 0, e::toString);
    }

    @Test
    void handoffSpinRequiresHandoff()
    {
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
            () -> Rwsem.of("handoff-spin"));
        assertTrue(ex.getMessage().contains("handoff-spin requires handoff"), ex.getMessage());
    }

    /**
     * Liveness, not timing: under a flood of overlapping readers and spinning writers, a queued writer with handoff
     * gets in every time within a generous bound.
     */
    @Test
    void aQueuedWriterIsNotStarvedByAReaderFlood() throws InterruptedException
    {
        final Rwsem lock = Rwsem.of("handoff");
        final Thread flood = new Thread(() -> Contention.run(lock, 6, 2, Duration.ofSeconds(2), 50), "flood");
        flood.setDaemon(true);
        flood.start();
        Thread.sleep(100);
        for (int i = 0; i < 20; i++)
        {
            assertTrue(lock.writeLock().tryLock(20, java.util.concurrent.TimeUnit.SECONDS),
                () -> "starved: " + lock.state());
            lock.writeLock().unlock();
        }
        flood.join(60_000);
        assertTrue(!flood.isAlive());
        assertTrue(lock.state().isQuiescent(), lock.state()::toString);
    }
}
