package org.rwsem4j.handoff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;
import org.rwsem4j.LockEvent;
import org.rwsem4j.LockEvents;
import org.rwsem4j.Rwsem;
import org.rwsem4j.testkit.BusyWriter;
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
     * gets in every time within a generous bound. The flood runs as a future whose failure (its exclusion check) is
     * rethrown here; a watcher shows the test's writer really queued, and the events show a handoff was taken.
     */
    @Test
    void aQueuedWriterIsNotStarvedByAReaderFlood() throws Exception
    {
        final Rwsem lock = Rwsem.of("handoff");
        final ExecutorService pool = Executors.newFixedThreadPool(2, r ->
        {
            final Thread t = new Thread(r, "flood");
            t.setDaemon(true);
            return t;
        });
        try
        {
            final Future<Long> flood = pool.submit(() -> Contention.run(lock, 6, 2, Duration.ofSeconds(2), 50));
            BusyWriter.await(lock, "the flood to take the lock", () -> lock.events().get(LockEvent.RLOCK) +
                lock.events().get(LockEvent.WLOCK) + lock.events().get(LockEvent.OPT_LOCK) > 0 ||
                lock.state().count() != 0);
            final String me = "W:" + Thread.currentThread().getName();
            final AtomicBoolean done = new AtomicBoolean();
            final Future<Boolean> sawMeQueued = pool.submit(() ->
            {
                while (!done.get())
                {
                    if (lock.state().waiters().stream().anyMatch(w -> w.equals(me) || w.startsWith(me + "(")))
                    {
                        return true;
                    }
                    Thread.yield();
                }
                return false;
            });
            for (int i = 0; i < 20 || (i < 2_000 && !sawMeQueued.isDone()); i++)
            {
                assertTrue(lock.writeLock().tryLock(20, TimeUnit.SECONDS), () -> "starved: " + lock.state());
                lock.writeLock().unlock();
            }
            done.set(true);
            assertTrue(sawMeQueued.get(60, TimeUnit.SECONDS), () -> "the test's writer never queued: " + lock.events());
            assertTrue(flood.get(60, TimeUnit.SECONDS) > 0, "the flood made no acquisition");
        }
        finally
        {
            pool.shutdownNow();
        }
        assertTrue(lock.events().get(LockEvent.HANDOFF_TAKEN) > 0, () -> "no handoff was taken: " + lock.events());
        assertTrue(lock.state().isQuiescent(), lock.state()::toString);
    }
}
