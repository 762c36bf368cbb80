package org.rwsem4j.wakeallreaders;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rwsem4j.spi.LockWordBits.READER_BIAS;
import static org.rwsem4j.spi.LockWordBits.WAITERS;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.Lock;

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

    /** A queued thread that takes the lock, says so, and keeps it until it is let go. */
    private static final class Holder
    {
        final CountDownLatch in = new CountDownLatch(1);
        final CountDownLatch out = new CountDownLatch(1);
        final Thread thread;

        Holder(final Rwsem rwsem, final String name, final boolean writer)
        {
            final Lock l = writer ? rwsem.writeLock() : rwsem.readLock();
            thread = new Thread(() ->
            {
                l.lock();
                try
                {
                    in.countDown();
                    out.await();
                }
                catch (final InterruptedException ex)
                {
                    Thread.currentThread().interrupt();
                }
                finally
                {
                    l.unlock();
                }
            }, name);
            thread.setDaemon(true);
            thread.start();
        }
    }

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
        holders.forEach(h -> h.out.countDown());
        for (final Holder h : holders)
        {
            h.thread.join(30_000);
            assertTrue(!h.thread.isAlive() && h.in.getCount() == 0,
                () -> h.thread.getName() + " never got the lock: " + lock.state());
        }
        assertTrue(lock.state().isQuiescent(), lock.state()::toString);
    }

    /** Queues R1, W, R2 behind the test thread's write lock and releases it; returns the state after the wake. */
    private static RwsemState wakeR1WR2(final Rwsem lock, final List<Holder> holders)
    {
        lock.writeLock().lock();
        holders.add(new Holder(lock, "r1", false));
        Locker.awaitQueued(lock, 1);
        holders.add(new Holder(lock, "w", true));
        Locker.awaitQueued(lock, 2);
        holders.add(new Holder(lock, "r2", false));
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
        holders.get(0).in.await();
        holders.get(2).in.await();
        assertEquals(1, holders.get(1).in.getCount(), "the writer must not be in with the readers");
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
        holders.add(new Holder(lock, "r0", false));
        Locker.awaitQueued(lock, 1);
        holders.add(new Holder(lock, "w", true));
        Locker.awaitQueued(lock, 2);
        for (int i = 1; i < readers; i++)
        {
            holders.add(new Holder(lock, "r" + i, false));
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
