package org.rwsem4j.handoff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.locks.Lock;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.rwsem4j.LockEvent;
import org.rwsem4j.Rwsem;
import org.rwsem4j.RwsemState;
import org.rwsem4j.testkit.Locker;

/**
 * handoff-on-readers, deterministically: the test thread holds the lock, one writer queues behind it and sleeps, and
 * the state read then is the engine's answer. The handoff timeout is a minute, far beyond any scenario, so the bit
 * is never set because a waiter was descheduled past it; the controls show each scenario telling the two apart.
 */
@Timeout(120)
class HandoffOnReadersPatchTest
{
    private static final String WITH = "handoff+handoff-on-readers";
    private static final String WITHOUT = "handoff";

    private static Rwsem lock(final String spec, final Duration handoffTimeout)
    {
        return Rwsem.builder().variant(spec).onHeap().spinBudget(Duration.ofNanos(16))
            .handoffTimeout(handoffTimeout).build();
    }

    /**
     * The test thread holds {@code held}; a writer queues behind it, tries, and sleeps. Returns the state then, after
     * letting the writer in and out.
     */
    private static RwsemState writerBehind(final Rwsem lock, final Lock held)
    {
        held.lock();
        final Locker writer = Locker.start("w", () ->
        {
            lock.writeLock().lock();
            lock.writeLock().unlock();
        });
        Locker.await(lock, "the writer to sleep", () -> lock.events().get(LockEvent.SLEEP_WRITER) > 0);
        final RwsemState st = lock.state();
        final boolean readerGotIn = lock.readLock().tryLock();
        if (readerGotIn)
        {
            lock.readLock().unlock();
        }
        held.unlock();
        writer.join();
        assertTrue(lock.state().isQuiescent(), lock.state()::toString);
        assertFalse(st.handoff() && readerGotIn, "a read trylock joined a phase the handoff reserved");
        return st;
    }

    @Test
    void aWriterBehindReadersSetsTheHandoffAtOnce()
    {
        final Rwsem lock = lock(WITH, Duration.ofMinutes(1));
        assertTrue(writerBehind(lock, lock.readLock()).handoff(), "the writer must hold the handoff");
        assertEquals(1, lock.events().get(LockEvent.WLOCK_HANDOFF), lock.events()::toString);
    }

    @Test
    void controlWithoutItTheWriterWaitsForTheTimeout()
    {
        final Rwsem lock = lock(WITHOUT, Duration.ofMinutes(1));
        assertFalse(writerBehind(lock, lock.readLock()).handoff(), "the handoff timeout has not passed");
        assertEquals(0, lock.events().get(LockEvent.WLOCK_HANDOFF), lock.events()::toString);
    }

    /** Between writers the timeout still decides: writers keep stealing from each other (4f23dbc1e657). */
    @Test
    void aWriterBehindAWriterStillWaitsForTheTimeout()
    {
        final Rwsem lock = lock(WITH, Duration.ofMinutes(1));
        assertFalse(writerBehind(lock, lock.writeLock()).handoff(), "a writer owner is not a reader phase");
        assertEquals(0, lock.events().get(LockEvent.WLOCK_HANDOFF), lock.events()::toString);
    }

    /** The control of the one above: with the timeout at 0 the same writer sets the bit, so the scenario can tell. */
    @Test
    void controlWithTheTimeoutAtZeroAWriterBehindAWriterSetsIt()
    {
        final Rwsem lock = lock(WITH, Duration.ZERO);
        assertTrue(writerBehind(lock, lock.writeLock()).handoff(), "the handoff timeout of 0 has passed");
    }

    @Test
    void itRequiresHandoffAndIsOptIn()
    {
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
            () -> Rwsem.of("handoff-on-readers"));
        assertEquals("handoff-on-readers requires handoff: add it to the spec", ex.getMessage());
        assertEquals(WITH, lock(WITH, Duration.ofMinutes(1)).variant());
        assertFalse(Rwsem.builder().variant("all").onHeap().build().variant().contains("handoff-on-readers"),
            "opt-in: not in all");
    }
}
