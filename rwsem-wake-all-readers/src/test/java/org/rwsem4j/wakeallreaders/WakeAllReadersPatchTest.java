package org.rwsem4j.wakeallreaders;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rwsem4j.spi.LockWordBits.READER_BIAS;
import static org.rwsem4j.spi.LockWordBits.WAITERS;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.rwsem4j.LockEvent;
import org.rwsem4j.LockEvents;
import org.rwsem4j.Rwsem;
import org.rwsem4j.RwsemState;
import org.rwsem4j.Variant;
import org.rwsem4j.testkit.Contention;
import org.rwsem4j.testkit.Holder;
import org.rwsem4j.testkit.Locker;

/**
 * Deterministic wakes: the test thread holds the write lock, waiters queue behind it one by one (each checked in the
 * queue before the next starts), the test thread releases. The wake runs inside that release, under the wait lock,
 * so the state read right after it is the wake's result; every woken waiter keeps its lock until the end, so nothing
 * moves in between. The same scenario run on {@code wake-once} alone is the control: it must show the head readers
 * only.
 */
@Timeout(120)
class WakeAllReadersPatchTest
{
    private static final String WAKE_ALL = "wake-once+wake-all-readers";

    @BeforeEach
    void needsWakeOnce()
    {
        Assumptions.assumeTrue(Variant.available().contains("wake-once"), "rwsem-wake-once is not in this build");
    }

    private static Rwsem lock(final String spec)
    {
        return Rwsem.builder().variant(spec).onHeap().spinBudget(Duration.ofNanos(16)).build();
    }

    /** Lets every holder go and checks that all of them got the lock in the end and the lock is quiescent. */
    private static void releaseAll(final Rwsem lock, final List<Holder> holders) throws InterruptedException
    {
        holders.forEach(Holder::letGo);
        for (final Holder h : holders)
        {
            h.join();
            assertTrue(h.isIn(), () -> h.thread().getName() + " never got the lock: " + lock.state());
        }
        assertTrue(lock.state().isQuiescent(), lock.state()::toString);
    }

    /** Queues R1, W, R2 behind the test thread's write lock and releases it; returns the state after the wake. */
    private static RwsemState wakeR1WR2(final Rwsem lock, final List<Holder> holders)
    {
        lock.writeLock().lock();
        holders.add(Holder.reader(lock, "r1"));
        Locker.awaitQueued(lock, 1);
        holders.add(Holder.writer(lock, "w"));
        Locker.awaitQueued(lock, 2);
        holders.add(Holder.reader(lock, "r2"));
        Locker.awaitQueued(lock, 3);
        assertEquals(List.of("R:r1", "W:w", "R:r2"), lock.state().waiters(), lock.state()::toString);
        lock.writeLock().unlock(); // the wake runs here
        return lock.state();
    }

    @Test
    void aWakeGrantsTheReadersBehindAQueuedWriterAndTheWriterKeepsItsPlace() throws InterruptedException
    {
        final Rwsem lock = lock(WAKE_ALL);
        final List<Holder> holders = new ArrayList<>();
        final RwsemState st = wakeR1WR2(lock, holders);
        assertEquals(List.of("W:w"), st.waiters(), st::toString);
        assertEquals(2 * READER_BIAS | WAITERS, st.count(), st::toString);
        final LockEvents e = lock.events();
        assertEquals(2, e.get(LockEvent.WAKE_READER), e::toString);
        assertEquals(1, e.get(LockEvent.WAKE_LIST_SCAN), e::toString);
        assertTrue(holders.get(0).awaitIn());
        assertTrue(holders.get(2).awaitIn());
        assertFalse(holders.get(1).isIn(), "the writer must not be in with the readers");
        releaseAll(lock, holders);
    }

    @Test
    void controlWakeOnceAloneGrantsOnlyTheHeadReader() throws InterruptedException
    {
        final Rwsem lock = lock("wake-once");
        final List<Holder> holders = new ArrayList<>();
        final RwsemState st = wakeR1WR2(lock, holders);
        assertEquals(List.of("W:w", "R:r2"), st.waiters(), st::toString);
        assertEquals(READER_BIAS | WAITERS, st.count(), st::toString);
        assertEquals(1, lock.events().get(LockEvent.WAKE_READER), lock.events()::toString);
        releaseAll(lock, holders);
    }

    /**
     * MAX_READERS_WAKEUP: 300 readers queued, the second waiter a writer. One wake grants 256 of them (the head and
     * the first 255 behind the writer); the writer heads the rest.
     */
    @Test
    void oneWakeGrantsAtMost256Readers() throws InterruptedException
    {
        final int readers = 300;
        final Rwsem lock = lock(WAKE_ALL);
        final List<Holder> holders = new ArrayList<>();
        lock.writeLock().lock();
        holders.add(Holder.reader(lock, "r0"));
        Locker.awaitQueued(lock, 1);
        holders.add(Holder.writer(lock, "w"));
        Locker.awaitQueued(lock, 2);
        for (int i = 1; i < readers; i++)
        {
            holders.add(Holder.reader(lock, "r" + i));
        }
        Locker.awaitQueued(lock, readers + 1);
        lock.writeLock().unlock(); // the wake runs here
        final RwsemState st = lock.state();
        assertEquals(256, st.readers(), st::toString);
        assertEquals(readers + 1 - 256, st.waiters().size(), st::toString);
        assertEquals("W:w", st.waiters().get(0), st::toString);
        assertTrue(st.waiters().stream().skip(1).allMatch(w -> w.startsWith("R:")), st::toString);
        assertEquals(256, lock.events().get(LockEvent.WAKE_READER), lock.events()::toString);
        releaseAll(lock, holders);
    }

    @Test
    void contendedRunEndsQuiescent()
    {
        final Rwsem lock = lock(WAKE_ALL);
        // contend in rounds until a reader was woken: on a loaded machine one short round may see no queued reader
        for (int round = 0; round < 40 && lock.events().get(LockEvent.WAKE_READER) == 0; round++)
        {
            assertTrue(Contention.run(lock, 6, 2, Duration.ofMillis(500), 20) > 0);
            assertTrue(lock.state().isQuiescent(), lock.state()::toString);
        }
        assertTrue(lock.events().get(LockEvent.WAKE_READER) > 0,
            () -> "no reader woken in 40 rounds: " + lock.events());
    }

    @Test
    void itRequiresWakeOnce()
    {
        final IllegalArgumentException ex = org.junit.jupiter.api.Assertions.assertThrows(
            IllegalArgumentException.class, () -> Rwsem.of("wake-all-readers"));
        assertEquals("wake-all-readers requires wake-once: add it to the spec", ex.getMessage());
        assertEquals("wake-all-readers+wake-once", lock(WAKE_ALL).variant());
    }
}
