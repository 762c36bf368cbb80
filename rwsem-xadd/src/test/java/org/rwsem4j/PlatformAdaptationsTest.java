package org.rwsem4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rwsem4j.TestSupport.assertQuiescent;
import static org.rwsem4j.TestSupport.assertUsableByAnotherThread;
import static org.rwsem4j.TestSupport.awaitQueuedAndParked;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rwsem4j.TestSupport.Worker;
import org.rwsem4j.spi.DecisionPoint;
import org.rwsem4j.spi.LockWordBits;

/**
 * The engine's platform adaptations ({@link RwsemBuilder#platformAdaptations}), on and off: each test's "off" case
 * is its negative control.
 */
class PlatformAdaptationsTest
{
    /** Rounds of the W7 test. */
    static final int W7_ROUNDS = 20;

    /**
     * W1: a writer arriving at a free lock whose only obstacle is WAITERS takes it in its fast path (no slow path, no
     * queue): counted as WLOCK_STEAL, not WLOCK. Without the adaptations the fast path's CAS from 0 fails and the
     * writer enters the slow path (WLOCK). The queued writer is kept asleep by an unlock-wake hook that does not
     * wake while {@code wakes} is off, so the lock is free with a waiter queued when the test's writer arrives.
     */
    @ParameterizedTest(name = "platformAdaptations({0})")
    @ValueSource(booleans = {true, false})
    void aWriterTakesAFreeLockPastQueuedWaitersBeforeQueueing(final boolean adapt)
    {
        final AtomicBoolean wakes = new AtomicBoolean(true);
        final Rwsem lock = Rwsem.builder()
            .patch(TestPatch.named("held-wakes-test").overrides(DecisionPoint.UNLOCK_WAKE).installs(h ->
                h.unlockWake(path ->
                {
                    if (wakes.get())
                    {
                        path.wake();
                    }
                })))
            .platformAdaptations(adapt)
            .build();
        lock.writeLock().lock();
        final Worker<Void> queued = startWriter(lock, "queued-writer");
        awaitQueuedAndParked(lock, 1, queued.thread());
        wakes.set(false);
        lock.writeLock().unlock(); // free, WAITERS set, the queued writer asleep
        final LockEvents before = lock.events();

        lock.writeLock().lock();

        final LockEvents after = lock.events();
        final String state = lock.state().toString();
        assertEquals(adapt ? 1 : 0, after.get(LockEvent.WLOCK_STEAL) - before.get(LockEvent.WLOCK_STEAL), state);
        assertEquals(adapt ? 0 : 1, after.get(LockEvent.WLOCK) - before.get(LockEvent.WLOCK), state);
        wakes.set(true);
        lock.writeLock().unlock();
        queued.join();
        assertQuiescent(lock);
        assertUsableByAnotherThread(lock);
    }

    /**
     * Writers only, oversubscribed: with the adaptations a wake that finds the head writer already woken (and not
     * yet back from its try) does not unpark it again (WAKE_WRITER_AWAKE); without them every wake unparks. Since W7
     * an unlock rarely sees WAITERS while the head writer is awake, so an unlock-wake hook wakes twice in a row: the
     * second wake meets the writer the first one woke, unless that writer is already back. 6 writers x 20,000
     * operations give the "on" half many such pairs; the "off" half cannot count one.
     */
    @ParameterizedTest(name = "platformAdaptations({0})")
    @ValueSource(booleans = {true, false})
    void aWokenWriterIsNotWokenAgainBeforeItHasTried(final boolean adapt)
    {
        final Rwsem lock = Rwsem.builder()
            .patch(TestPatch.named("double-wake-test").overrides(DecisionPoint.UNLOCK_WAKE).installs(h ->
                h.unlockWake(path ->
                {
                    path.wake();
                    path.wake();
                })))
            .platformAdaptations(adapt)
            .build();
        final List<Worker<Void>> workers = new ArrayList<>();
        for (int t = 0; t < 6; t++)
        {
            workers.add(Worker.start("writer-" + t, () ->
            {
                for (int i = 0; i < 20_000; i++)
                {
                    lock.writeLock().lock();
                    Thread.onSpinWait();
                    lock.writeLock().unlock();
                }
                return null;
            }));
        }
        workers.forEach(Worker::join);
        final long awake = lock.events().get(LockEvent.WAKE_WRITER_AWAKE);
        if (adapt)
        {
            assertTrue(awake > 0, () -> "no wake met an awake writer: " + lock.events());
        }
        else
        {
            assertEquals(0, awake, () -> lock.events().toString());
        }
        assertQuiescent(lock);
    }

    /**
     * An unlock that finds the head writer awake adds its skip to that writer's {@link RwsemWaiter#awakeSkips}, and the
     * writer adds them to WAKE_WRITER_AWAKE once, when it leaves its slow path. The queued writer is parked; the test
     * marks it awake (as a wake leaves it just before its unpark), so three unlocks skip it while this thread takes
     * the lock back past it each time (W1), then marks it waiting again so that the fourth unlock wakes it. Without
     * the fold the count stays 0.
     */
    @Test
    void theSkipsOfAnAwakeWriterAreCountedWhenItLeaves()
    {
        final Rwsem lock = Rwsem.builder().platformAdaptations(true).build();
        final Engine engine = ((WriteCondition)lock.writeLock().newCondition()).engine();
        lock.writeLock().lock();
        final Worker<Void> queued = startWriter(lock, "queued-writer");
        awaitQueuedAndParked(lock, 1, queued.thread());
        final RwsemWaiter head = engine.queueHeadOrNull();
        assertTrue(head != null && head.writer && head.waiting, () -> lock.state().toString());
        head.waiting = false;
        for (int i = 0; i < 3; i++)
        {
            lock.writeLock().unlock();
            lock.writeLock().lock();
        }
        assertEquals(3, head.awakeSkips, () -> lock.state().toString());
        assertEquals(0, lock.events().get(LockEvent.WAKE_WRITER_AWAKE), "folded only when the writer leaves");
        head.waiting = true;
        lock.writeLock().unlock();
        queued.join();
        assertEquals(3, lock.events().get(LockEvent.WAKE_WRITER_AWAKE), () -> lock.events().toString());
        assertQuiescent(lock);
    }

    /**
     * W4: a reader that steals a lock with a writer at the head of the queue (a hook doing what reader-steal does:
     * keep the bias, then the READ_OWNED wake) does not take the wait lock, since a READ_OWNED wake with a writer at
     * the head does nothing. Without the adaptations it takes the wait lock to find that out. The wait lock's fault
     * point, armed for the reader thread and never firing, counts its acquisitions.
     */
    @ParameterizedTest(name = "platformAdaptations({0})")
    @ValueSource(booleans = {true, false})
    void aStealingReaderSkipsTheWaitLockWhenAWriterHeadsTheQueue(final boolean adapt)
    {
        final Rwsem lock = Rwsem.builder()
            .patch(TestPatch.named("steal-test").overrides(DecisionPoint.READER_STEAL).installs(h ->
                h.readerSteal((path, count) ->
                {
                    if ((count & (LockWordBits.WRITER_LOCKED | LockWordBits.HANDOFF)) != 0)
                    {
                        return false;
                    }
                    path.keepReaderBias();
                    path.wakeReadersReadOwned();
                    return true;
                })))
            .platformAdaptations(adapt)
            .build();
        lock.readLock().lock();
        final Worker<Void> queued = startWriter(lock, "queued-writer");
        awaitQueuedAndParked(lock, 1, queued.thread()); // readers held, a writer at the head, WAITERS set
        final Set<Thread> reader = ConcurrentHashMap.newKeySet();
        final Worker<Integer> stealer = Worker.start("stealing-reader", () ->
        {
            final TestFaultInjector.Plan plan;
            reader.add(Thread.currentThread());
            plan = TestFaultInjector.arm(FaultPoint.WAIT_LOCK, Integer.MAX_VALUE, reader);
            try
            {
                lock.readLock().lock();
                lock.readLock().unlock();
                return plan.reaches();
            }
            finally
            {
                TestFaultInjector.disarm();
            }
        });
        final int waitLocks = stealer.join();
        final String state = lock.state().toString();
        assertEquals(adapt ? 0 : 1, waitLocks, state);
        assertEquals(1, lock.events().get(LockEvent.RLOCK_STEAL), state);
        assertEquals(0, lock.events().get(LockEvent.RLOCK), state);
        lock.readLock().unlock();
        queued.join();
        assertQuiescent(lock);
        assertUsableByAnotherThread(lock);
    }

    /**
     * W5: a writer entering the slow path while another waiter is queued does not spin (OPT_NOSPIN_WAITERS) but
     * queues and sleeps. Without the adaptations it spins on the writer owner first (the base variant spins on
     * writer owners), which ends in OPT_FAIL: the owner here is the test thread, busy (RUNNABLE) until the second
     * writer sleeps.
     */
    @ParameterizedTest(name = "platformAdaptations({0})")
    @ValueSource(booleans = {true, false})
    void aWriterDoesNotSpinWhileAnotherWaiterIsQueued(final boolean adapt)
    {
        final Rwsem lock = Rwsem.builder().platformAdaptations(adapt).build();
        lock.writeLock().lock();
        final Worker<Void> first = startWriter(lock, "first-writer");
        awaitQueuedAndParked(lock, 1, first.thread());
        final LockEvents before = lock.events();
        final Worker<Void> second = startWriter(lock, "second-writer");
        final long deadline = System.nanoTime() + 30_000_000_000L;
        while (!TestSupport.isParkedInRwsem(second.thread())) // busy: the owner stays RUNNABLE, worth spinning on
        {
            assertTrue(System.nanoTime() - deadline < 0, () -> TestSupport.describe(second.thread()));
            Thread.onSpinWait();
        }

        final LockEvents after = lock.events();
        final String state = lock.state() + " " + after;
        assertEquals(adapt ? 1 : 0,
            after.get(LockEvent.OPT_NOSPIN_WAITERS) - before.get(LockEvent.OPT_NOSPIN_WAITERS), state);
        assertEquals(adapt ? 0 : 1, after.get(LockEvent.OPT_FAIL) - before.get(LockEvent.OPT_FAIL), state);
        lock.writeLock().unlock();
        first.join();
        second.join();
        assertQuiescent(lock);
        assertUsableByAnotherThread(lock);
    }

    @Test
    void theBuilderSaysWhetherTheyAreOn()
    {
        assertTrue(Tunables.defaults().platformAdaptations());
    }

    /** Starts a thread that takes the write lock once and lets it go. */
    /**
     * W7: the wake that unparks the head writer swaps WAITERS for WRITER_WAKING until that writer is back under the
     * wait lock, so a reader that finds no other reader takes the lock on its fast path while the woken writer is still
     * queued (a variant without reader-steal: from the slow path it would queue); the writer then puts WAITERS back,
     * fails its try and sleeps again, and the reader's unlock wakes it. Without the adaptations WAITERS stays set
     * while anyone is queued, and the reader queues behind the writer. A round in which the woken writer is back
     * first shows nothing, so "on" asks for the window in at least one of {@link #W7_ROUNDS} rounds, and "off" for
     * none. W7 needs a handoff in the variant: a test patch gives one (the default timeout never passes here).
     */
    @ParameterizedTest(name = "platformAdaptations({0})")
    @ValueSource(booleans = {true, false})
    void aWakeSwapsWaitersUntilTheWokenWriterIsBack(final boolean adapt)
    {
        final Rwsem lock = Rwsem.builder().patch(TestPatch.named("w7-handoff").overrides(DecisionPoint.HANDOFF)
            .installs(h -> h.handoff((waiterTimeout, now) -> now - waiterTimeout >= 0)))
            .platformAdaptations(adapt).build();
        int windows = 0;
        for (int round = 0; round < W7_ROUNDS; round++)
        {
            lock.writeLock().lock();
            final Worker<Void> queued = startWriter(lock, "queued-writer-" + round);
            awaitQueuedAndParked(lock, 1, queued.thread());
            lock.writeLock().unlock(); // wakes the queued writer
            lock.readLock().lock();
            final RwsemState passed = lock.state();
            if (!passed.waiters().isEmpty())
            {
                windows++;
                assertFalse(lock.writeLock().tryLock(), "a write trylock passed the queued writer");
            }
            lock.readLock().unlock();
            queued.join();
        }
        assertQuiescent(lock);
        if (adapt)
        {
            assertTrue(windows > 0, "no round showed a reader passing the woken writer on its fast path");
        }
        else
        {
            assertEquals(0, windows, "a reader passed a queued writer without the adaptations");
        }
        assertUsableByAnotherThread(lock);
    }

    /** Without a handoff W7 stays off with the adaptations on: nothing would bound the readers passing the writer. */
    @Test
    void withoutAHandoffTheWakeLeavesWaiters()
    {
        final Rwsem lock = Rwsem.builder().build();
        for (int round = 0; round < W7_ROUNDS; round++)
        {
            lock.writeLock().lock();
            final Worker<Void> queued = startWriter(lock, "queued-writer-" + round);
            awaitQueuedAndParked(lock, 1, queued.thread());
            lock.writeLock().unlock();
            lock.readLock().lock();
            assertTrue(lock.state().waiters().isEmpty(), () -> "passed a queued writer: " + lock.state());
            lock.readLock().unlock();
            queued.join();
        }
        assertQuiescent(lock);
    }

    private static Worker<Void> startWriter(final Rwsem lock, final String name)
    {
        return Worker.start(name, () ->
        {
            lock.writeLock().lock();
            lock.writeLock().unlock();
            return null;
        });
    }
}
