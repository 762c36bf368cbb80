package org.rwsem4j.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rwsem4j.spi.LockWordBits.HANDOFF;
import static org.rwsem4j.spi.LockWordBits.READER_BIAS;
import static org.rwsem4j.spi.LockWordBits.WAITERS;
import static org.rwsem4j.spi.LockWordBits.WRITER_LOCKED;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.rwsem4j.spi.LockWordBits;
import org.rwsem4j.Rwsem;
import org.rwsem4j.RwsemState;
import org.rwsem4j.testkit.TestClock;

/**
 * Handoff set, inherit and clear under cancellation, step by step with controlled interleavings (the complement of
 * {@link HandoffProtocolTest}, whose stress runs explore the races): the fake clock decides "waited too long" (zero
 * handoff timeout, so at the first failed try) and "timed out" (a jump), an interrupt cancels an interruptible
 * waiter, and {@code state()} is checked exactly after each step. The read trylock may steal past queued waiters
 * unless HANDOFF is set ({@link TestPolicies#stealingTrylock}), so the bit is the only thing that keeps the lock
 * for the head.
 *
 * <p>Seeded bug: the same scenario with a steal that ignores HANDOFF must be caught (the lock goes to the barging
 * reader although the queue head holds the handoff).
 */
@Timeout(60)
class HandoffScenarioTest
{
    /** A timed waiter's patience in ticks: the ticking alone never reaches it, the test's jump does. */
    static final long PATIENCE = 20_000_000;

    /** The inheritance step's first assertion: the bit stays set when the head gives up. */
    static final String INHERITED = "HANDOFF inherited, not cleared: ";
    /** Its second: the next head owns the bit (its mark); the seeded NO_HANDOFF_INHERIT's symptom. */
    static final String INHERITED_BY_H = "h-writer, the next head, holds the inherited handoff: ";
    /** The last waiter's give-up step's assertion: the seeded KEEP_HANDOFF_ON_EMPTY_QUEUE's symptom. */
    static final String LAST_WAITER_GONE = "queue emptied: HANDOFF and WAITERS go with it: ";

    private final TestClock clock = TestClock.ticking();

    private Rwsem lock(final boolean stealIgnoresHandoff)
    {
        return builder(stealIgnoresHandoff).build();
    }

    private org.rwsem4j.RwsemBuilder builder(final boolean stealIgnoresHandoff)
    {
        return Rwsem.builder().onHeap().clock(clock).handoffTimeout(Duration.ZERO).spinBudget(Duration.ofNanos(16))
            .patch(TestPolicies.handoff()).patch(TestPolicies.stealingTrylock(stealIgnoresHandoff));
    }

    /** The same scenarios on an engine with a seeded handoff-bookkeeping fault (test-only switch). */
    private Rwsem faulty(final int fault)
    {
        return org.rwsem4j.EngineFaults.build(builder(false), fault);
    }

    private static void awaitState(final Rwsem lock, final String what, final long count, final int queued)
    {
        Daemon.await(what, () ->
        {
            final RwsemState st = lock.state();
            return st.count() == count && st.waiters().size() == queued;
        }, () -> "expected count " + LockWordBits.describe(count) + " with " + queued + " queued; " + lock.state());
    }

    private static void assertQueue(final Rwsem lock, final String... expected)
    {
        assertEquals(List.of(expected), lock.state().waiters(), lock.state()::toString);
    }

    /** Timed writer T1 sets HANDOFF, writer H queues behind it, T1 times out: H inherits; a barging steal fails. */
    private static String setInheritThenHandOver(final Rwsem lock, final TestClock clock)
    {
        lock.writeLock().lock();                                  // the test thread holds; spinners quit on HANDOFF
        final Daemon<Boolean> t1 = Daemon.start("t1-timed",
            () -> lock.writeLock().tryLock(PATIENCE, TimeUnit.NANOSECONDS));
        awaitState(lock, "t1 queued with HANDOFF set", WRITER_LOCKED | WAITERS | HANDOFF, 1);
        assertQueue(lock, "W:t1-timed(handoff)");

        final CountDownLatch hIn = new CountDownLatch(1);
        final CountDownLatch hRelease = new CountDownLatch(1);
        final Daemon<Void> h = Daemon.start("h-writer", () ->
        {
            lock.writeLock().lock();
            hIn.countDown();
            hRelease.await();
            lock.writeLock().unlock();
            return null;
        });
        awaitState(lock, "h queued behind t1", WRITER_LOCKED | WAITERS | HANDOFF, 2);
        assertQueue(lock, "W:t1-timed(handoff)", "W:h-writer");

        clock.step(2 * PATIENCE);                              // t1's deadline passes: it gives up
        assertFalse(t1.join(), "t1 should have timed out");
        assertEquals(WRITER_LOCKED | WAITERS | HANDOFF, lock.state().count(), INHERITED +
            lock.state());
        assertEquals(List.of("W:h-writer(handoff)"), lock.state().waiters(), INHERITED_BY_H + lock.state());

        // h is the head, holds the handoff and never leaves the queue but by acquiring: until it is in, no steal
        // may succeed. Keep trying to barge from the moment the lock is free.
        lock.writeLock().unlock();                                // wakes h, the handoff owner
        String violation = null;
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(Daemon.WAIT_SECONDS);
        while (violation == null && hIn.getCount() != 0 && System.nanoTime() - deadline < 0)
        {
            if (lock.readLock().tryLock())
            {
                if (hIn.getCount() != 0)
                {
                    violation = "a read steal got the lock while h-writer, the queue head, held the handoff: " +
                        lock.state();
                }
                lock.readLock().unlock();
            }
            Thread.onSpinWait();
        }
        Daemon.await("h to get the lock", () -> hIn.getCount() == 0, () -> Daemon.describe(h.thread()));
        assertEquals(WRITER_LOCKED, lock.state().count(), "the handoff owner clears HANDOFF and WAITERS: " +
            lock.state());
        hRelease.countDown();
        h.join();
        assertQuiescent(lock);
        return violation;
    }

    private static void assertQuiescent(final Rwsem lock)
    {
        final RwsemState st = lock.state();
        assertEquals(0L, st.count(), () -> "HANDOFF/WAITERS/count not clear: " + st);
        assertTrue(st.waiters().isEmpty(), () -> "queue not empty: " + st);
        assertEquals("NULL", st.owner(), () -> "owner not cleared: " + st);
    }

    @Test
    void handoffIsInheritedByTheNextWaiterAndOnlyItGetsIn()
    {
        final Rwsem lock = lock(false);
        final String violation = setInheritThenHandOver(lock, clock);
        assertEquals(null, violation);
    }

    @Test
    void theScenarioCatchesAStealThatIgnoresHandoff()
    {
        // The steal races the woken head for the free lock; the head needs a wakeup, the steal a few instructions,
        // but allow a few rounds before calling the check blind.
        for (int round = 0; round < 20; round++)
        {
            final String violation = setInheritThenHandOver(lock(true), clock);
            if (violation != null)
            {
                System.out.println("[expected] round " + round + ": " + violation);
                return;
            }
        }
        throw new AssertionError("20 rounds and the scenario never saw the seeded handoff bypass");
    }

    @Test
    void handoffIsClearedWhenTheLastWaiterTimesOut()
    {
        lastWaiterTimesOut(lock(false));
    }

    @Test
    void theScenarioCatchesHandoffLeftSetOnAnEmptyQueue()
    {
        final AssertionError caught = org.junit.jupiter.api.Assertions.assertThrows(AssertionError.class,
            () -> lastWaiterTimesOut(faulty(org.rwsem4j.EngineFaults.KEEP_HANDOFF_ON_EMPTY_QUEUE)));
        assertSymptom(caught, LAST_WAITER_GONE);
    }

    @Test
    void theScenarioCatchesAMissingHandoffInheritance()
    {
        final AssertionError caught = org.junit.jupiter.api.Assertions.assertThrows(AssertionError.class,
            () -> setInheritThenHandOver(faulty(org.rwsem4j.EngineFaults.NO_HANDOFF_INHERIT), clock));
        assertSymptom(caught, INHERITED_BY_H);
    }

    /**
     * A control passes only on its seeded bug's own assertion (by its message), never on another failure such as a
     * daemon that did not finish in time.
     */
    private static void assertSymptom(final AssertionError caught, final String symptom)
    {
        final String message = String.valueOf(caught.getMessage());
        if (!message.startsWith(symptom))
        {
            throw new AssertionError("failed, but not with the seeded bug's symptom '" + symptom + "': " + message,
                caught);
        }
        System.out.println("[expected] " + message);
    }

    private void lastWaiterTimesOut(final Rwsem lock)
    {
        lock.writeLock().lock();
        final Daemon<Boolean> t1 = Daemon.start("t1-timed",
            () -> lock.writeLock().tryLock(PATIENCE, TimeUnit.NANOSECONDS));
        awaitState(lock, "t1 queued with HANDOFF set", WRITER_LOCKED | WAITERS | HANDOFF, 1);
        clock.step(2 * PATIENCE);
        assertFalse(t1.join(), "t1 should have timed out");
        assertEquals(WRITER_LOCKED, lock.state().count(), LAST_WAITER_GONE +
            lock.state());
        assertFalse(lock.readLock().tryLock(), "a writer still holds");
        lock.writeLock().unlock();
        assertQuiescent(lock);
    }

    @Test
    void anInterruptedHeadPassesHandoffToAQueuedReaderWhoseGrantClearsIt()
    {
        final Rwsem lock = lock(false);
        lock.writeLock().lock();
        final Daemon<String> t1 = Daemon.start("t1-interruptible", () ->
        {
            lock.writeLock().lockInterruptibly();
            lock.writeLock().unlock();
            return "acquired";
        });
        awaitState(lock, "t1 queued with HANDOFF set", WRITER_LOCKED | WAITERS | HANDOFF, 1);
        final CountDownLatch rIn = new CountDownLatch(1);
        final CountDownLatch rRelease = new CountDownLatch(1);
        final Daemon<Void> r = Daemon.start("r-reader", () ->
        {
            lock.readLock().lock();
            rIn.countDown();
            rRelease.await();
            lock.readLock().unlock();
            return null;
        });
        awaitState(lock, "r queued behind t1", WRITER_LOCKED | WAITERS | HANDOFF, 2);

        t1.thread().interrupt();
        assertInstanceOf(InterruptedException.class, t1.joinFailure());
        assertEquals(WRITER_LOCKED | WAITERS | HANDOFF, lock.state().count(), "HANDOFF inherited by the reader: " +
            lock.state());
        assertQueue(lock, "R:r-reader(handoff)");

        lock.writeLock().unlock();                                // grants the head reader
        Daemon.await("r to get the lock", () -> rIn.getCount() == 0, () -> Daemon.describe(r.thread()));
        assertEquals(READER_BIAS, lock.state().count(), "the reader grant clears HANDOFF and WAITERS: " +
            lock.state());
        rRelease.countDown();
        r.join();
        assertQuiescent(lock);
    }
}
