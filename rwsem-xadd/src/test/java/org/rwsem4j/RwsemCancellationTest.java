package org.rwsem4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rwsem4j.spi.LockWordBits.READER_BIAS;
import static org.rwsem4j.spi.LockWordBits.WAITERS;
import static org.rwsem4j.spi.LockWordBits.WRITER_LOCKED;
import static org.rwsem4j.TestSupport.assertQuiescent;
import static org.rwsem4j.TestSupport.assertUsableByAnotherThread;
import static org.rwsem4j.TestSupport.await;
import static org.rwsem4j.TestSupport.awaitParked;
import static org.rwsem4j.TestSupport.awaitQueued;
import static org.rwsem4j.TestSupport.awaitQueuedAndParked;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.LockSupport;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.rwsem4j.TestSupport.Acquire;
import org.rwsem4j.TestSupport.Holder;
import org.rwsem4j.TestSupport.Kind;
import org.rwsem4j.TestSupport.Worker;
import org.rwsem4j.testkit.TestClock;

/**
 * Interruptible and timed acquisition give up cleanly: the waiter leaves the queue, the count keeps no trace of it,
 * the next waiter still gets the lock (and is woken by the cancellation when it can run: kernel 1ee326196c66), and
 * an uninterruptible {@code lock()} neither fails nor spins on a pending interrupt.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RwsemCancellationTest
{
    /** Widens the test's observation windows on a slow or loaded machine ({@code -Drwsem4j.test.scale=N}). */
    static final long SCALE = Math.max(1, Long.getLong("rwsem4j.test.scale", 1));

    @AfterEach
    void clearInterrupt()
    {
        Thread.interrupted();
    }

    /** Runs {@code how}; checks that an InterruptedException leaves the interrupt flag clear, as Lock requires. */
    private static Worker<String> acquirer(final String name, final Lock lock, final Acquire how)
    {
        return Worker.start(name, () ->
        {
            try
            {
                how.acquire(lock);
            }
            catch (final InterruptedException ex)
            {
                if (Thread.currentThread().isInterrupted())
                {
                    throw new AssertionError("interrupt flag still set after InterruptedException", ex);
                }
                throw ex;
            }
            lock.unlock();
            return "acquired";
        });
    }

    private static boolean tryFor(final Lock lock, final long time, final TimeUnit unit) throws InterruptedException
    {
        return lock.tryLock(time, unit);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Kind.class, names = {"OF_BASE", "ON_HEAP"})
    void interruptedWriterLeavesQueueAndCountConsistent(final Kind kind)
    {
        final Rwsem lock = kind.create();
        lock.writeLock().lock();
        final Worker<String> w = acquirer("interruptible-writer", lock.writeLock(), Lock::lockInterruptibly);
        awaitQueued(lock, 1);
        awaitParked(w.thread());
        assertEquals(WRITER_LOCKED | WAITERS, lock.state().count(), lock.state()::toString);

        w.thread().interrupt();
        assertInstanceOf(InterruptedException.class, w.joinFailure());
        assertEquals(0, lock.getQueueLength(), lock.state()::toString);
        assertEquals(WRITER_LOCKED, lock.state().count(), "the cancelled writer left a trace: " + lock.state());
        assertEquals(1, lock.events().get(LockEvent.WLOCK_FAIL));
        assertTrue(lock.isWriteLockedByCurrentThread());

        lock.writeLock().unlock();
        assertQuiescent(lock);
        assertUsableByAnotherThread(lock);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Kind.class, names = {"OF_BASE", "ON_HEAP"})
    void interruptedReaderLeavesQueueAndCountConsistent(final Kind kind)
    {
        final Rwsem lock = kind.create();
        lock.writeLock().lock();
        final Worker<String> r = acquirer("interruptible-reader", lock.readLock(), Lock::lockInterruptibly);
        awaitQueued(lock, 1);
        awaitParked(r.thread());
        assertEquals(WRITER_LOCKED | WAITERS, lock.state().count(), "a queued reader keeps no bias: " + lock.state());

        r.thread().interrupt();
        assertInstanceOf(InterruptedException.class, r.joinFailure());
        assertEquals(0, lock.getQueueLength(), lock.state()::toString);
        assertEquals(WRITER_LOCKED, lock.state().count(), "the cancelled reader left a trace: " + lock.state());
        assertEquals(1, lock.events().get(LockEvent.RLOCK_FAIL));

        lock.writeLock().unlock();
        assertQuiescent(lock);
        assertUsableByAnotherThread(lock);
    }

    /**
     * Kernel 1ee326196c66: readers queued behind a writer that gives up must be woken by its departure, because
     * the lock is reader-held and nobody else will wake them until the holders release.
     */
    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Kind.class, names = {"OF_BASE", "ON_HEAP"})
    void interruptedHeadWriterWakesReadersQueuedBehindIt(final Kind kind)
    {
        final Rwsem lock = kind.create();
        lock.readLock().lock();
        final Worker<String> w = acquirer("head-writer", lock.writeLock(), Lock::lockInterruptibly);
        awaitQueued(lock, 1);
        awaitParked(w.thread());
        final Holder r2 = new Holder("reader-2", lock.readLock());
        final Holder r3 = new Holder("reader-3", lock.readLock());
        try
        {
            awaitQueued(lock, 3);
            awaitParked(r2.thread());
            awaitParked(r3.thread());
            assertFalse(r2.hasAcquired() || r3.hasAcquired(), "a reader barged past the queued writer");

            w.thread().interrupt();
            assertInstanceOf(InterruptedException.class, w.joinFailure());
            // The main thread still holds its read lock: only the cancellation's wake can let them in.
            r2.awaitAcquired();
            r3.awaitAcquired();
            assertEquals(3 * READER_BIAS, lock.state().count(), lock.state()::toString);
            assertEquals(0, lock.getQueueLength());
        }
        finally
        {
            r2.abandon();
            r3.abandon();
        }
        lock.readLock().unlock();
        r2.releaseAndJoin();
        r3.releaseAndJoin();
        assertQuiescent(lock);
    }

    /** The same wake on a timeout, with a clock the test moves, so nothing depends on scheduling. */
    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Kind.class, names = {"OF_BASE", "ON_HEAP"})
    void timedOutHeadWriterWakesReadersQueuedBehindIt(final Kind kind)
    {
        final TestClock clock = TestClock.system();
        final Rwsem lock = kind.builder().clock(clock).build();
        lock.readLock().lock();
        final Worker<Boolean> w = Worker.start("timed-head-writer", () ->
        {
            final boolean got = tryFor(lock.writeLock(), 1, TimeUnit.HOURS);
            if (got)
            {
                lock.writeLock().unlock();
            }
            return got;
        });
        awaitQueued(lock, 1);
        awaitParked(w.thread());
        final Holder r2 = new Holder("reader-2", lock.readLock());
        final Holder r3 = new Holder("reader-3", lock.readLock());
        try
        {
            awaitQueued(lock, 3);
            awaitParked(r2.thread());
            awaitParked(r3.thread());
            assertFalse(r2.hasAcquired() || r3.hasAcquired(), "a reader barged past the queued writer");

            clock.step(2, TimeUnit.HOURS);
            LockSupport.unpark(w.thread()); // a spurious wakeup, which the waiter must tolerate; now it is late
            assertFalse(w.join(), "the timed writer acquired while readers hold the lock");
            r2.awaitAcquired();
            r3.awaitAcquired();
            assertEquals(3 * READER_BIAS, lock.state().count(), lock.state()::toString);
            assertEquals(1, lock.events().get(LockEvent.WLOCK_FAIL));
        }
        finally
        {
            r2.abandon();
            r3.abandon();
        }
        lock.readLock().unlock();
        r2.releaseAndJoin();
        r3.releaseAndJoin();
        assertQuiescent(lock);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Kind.class, names = {"OF_BASE", "ON_HEAP"})
    void interruptedHeadWriterLeavesNextWriterToAcquire(final Kind kind)
    {
        final Rwsem lock = kind.create();
        lock.writeLock().lock();
        final Worker<String> w1 = acquirer("writer-1", lock.writeLock(), Lock::lockInterruptibly);
        awaitQueued(lock, 1);
        awaitParked(w1.thread());
        final Holder w2 = new Holder("writer-2", lock.writeLock());
        awaitQueuedAndParked(lock, 2, w2.thread());

        w1.thread().interrupt();
        assertInstanceOf(InterruptedException.class, w1.joinFailure());
        assertEquals(1, lock.getQueueLength());
        // The departure woke writer-2, and the wake swapped WAITERS for WRITER_WAKING for it (W7) until it is back.
        await("writer-2 back in the queue with WAITERS", () -> lock.state().count() == (WRITER_LOCKED | WAITERS),
            lock.state()::toString);
        assertFalse(w2.hasAcquired());

        lock.writeLock().unlock();
        w2.awaitAcquired();
        w2.releaseAndJoin();
        assertQuiescent(lock);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Kind.class, names = {"OF_BASE", "ON_HEAP"})
    void interruptedHeadReaderLeavesNextWriterToAcquire(final Kind kind)
    {
        final Rwsem lock = kind.create();
        lock.writeLock().lock();
        final Worker<String> r1 = acquirer("reader-1", lock.readLock(), Lock::lockInterruptibly);
        awaitQueued(lock, 1);
        awaitParked(r1.thread());
        final Holder w2 = new Holder("writer-2", lock.writeLock());
        awaitQueuedAndParked(lock, 2, w2.thread());

        r1.thread().interrupt();
        assertInstanceOf(InterruptedException.class, r1.joinFailure());
        assertEquals(1, lock.getQueueLength());
        // The departure woke writer-2, and the wake swapped WAITERS for WRITER_WAKING for it (W7) until it is back.
        await("writer-2 back in the queue with WAITERS", () -> lock.state().count() == (WRITER_LOCKED | WAITERS),
            lock.state()::toString);

        lock.writeLock().unlock();
        w2.awaitAcquired();
        w2.releaseAndJoin();
        assertQuiescent(lock);
    }

    /** The deadline is honoured on the real clock (a lower bound only: no upper timing bound is asserted). */
    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Kind.class, names = {"OF_BASE", "ON_HEAP"})
    void timedTryLockReturnsFalseAfterTheDeadline(final Kind kind)
    {
        final Rwsem lock = kind.create();
        lock.writeLock().lock();
        final long timeoutNanos = TimeUnit.MILLISECONDS.toNanos(100);
        for (final Lock side : new Lock[] {lock.writeLock(), lock.readLock()})
        {
            final Worker<long[]> w = Worker.start("timed-" + (side == lock.readLock() ? "reader" : "writer"), () ->
            {
                final long start = System.nanoTime();
                final boolean got = side.tryLock(timeoutNanos, TimeUnit.NANOSECONDS);
                final long elapsed = System.nanoTime() - start;
                if (got)
                {
                    side.unlock();
                }
                return new long[] {got ? 1 : 0, elapsed};
            });
            final long[] r = w.join();
            assertEquals(0, r[0], "timed tryLock acquired a write-held lock");
            assertTrue(r[1] >= timeoutNanos, "timed tryLock gave up before its deadline: " + r[1] + " ns");
            assertEquals(0, lock.getQueueLength(), lock.state()::toString);
            assertEquals(WRITER_LOCKED, lock.state().count(), "a timed-out waiter left a trace: " + lock.state());
        }
        assertEquals(1, lock.events().get(LockEvent.WLOCK_FAIL));
        assertEquals(1, lock.events().get(LockEvent.RLOCK_FAIL));
        lock.writeLock().unlock();
        assertQuiescent(lock);
        assertUsableByAnotherThread(lock);
    }

    /** A timed-out reader behind the shiftable clock: deterministic, and the writer behind it still gets in. */
    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Kind.class, names = {"OF_BASE", "ON_HEAP"})
    void timedOutHeadReaderLeavesNextWriterToAcquire(final Kind kind)
    {
        final TestClock clock = TestClock.system();
        final Rwsem lock = kind.builder().clock(clock).build();
        lock.writeLock().lock();
        final Worker<Boolean> r1 = Worker.start("timed-reader", () ->
        {
            final boolean got = tryFor(lock.readLock(), 1, TimeUnit.HOURS);
            if (got)
            {
                lock.readLock().unlock();
            }
            return got;
        });
        awaitQueued(lock, 1);
        awaitParked(r1.thread());
        final Holder w2 = new Holder("writer-2", lock.writeLock());
        awaitQueuedAndParked(lock, 2, w2.thread());

        clock.step(2, TimeUnit.HOURS);
        LockSupport.unpark(r1.thread());
        assertFalse(r1.join(), "the timed reader acquired a write-held lock");
        assertEquals(1, lock.getQueueLength(), lock.state()::toString);
        // The departure woke writer-2, and the wake swapped WAITERS for WRITER_WAKING for it (W7) until it is back.
        await("writer-2 back in the queue with WAITERS", () -> lock.state().count() == (WRITER_LOCKED | WAITERS),
            lock.state()::toString);

        lock.writeLock().unlock();
        w2.awaitAcquired();
        w2.releaseAndJoin();
        assertQuiescent(lock);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Kind.class, names = {"OF_BASE", "ON_HEAP"})
    void interruptibleAcquisitionWithFlagAlreadySetThrowsAtOnce(final Kind kind)
    {
        final Rwsem lock = kind.create();
        final Acquire[] ways = {
            Lock::lockInterruptibly,
            l -> l.tryLock(1, TimeUnit.SECONDS),
            l -> l.tryLock(0, TimeUnit.SECONDS),
        };
        // On a free lock (it throws even though it could acquire) and on a write-held one (it must not block).
        for (final boolean held : new boolean[] {false, true})
        {
            final Holder holder = held ? new Holder("holder", lock.writeLock()) : null;
            if (holder != null)
            {
                holder.awaitAcquired();
            }
            final long before = lock.state().count();
            for (final Lock side : new Lock[] {lock.readLock(), lock.writeLock()})
            {
                for (final Acquire way : ways)
                {
                    Thread.currentThread().interrupt();
                    assertThrows(InterruptedException.class, () -> way.acquire(side),
                        "interrupt already set; held=" + held + " side=" + side);
                    assertFalse(Thread.interrupted(), "interrupt flag not cleared by the InterruptedException");
                    assertEquals(before, lock.state().count(), lock.state()::toString);
                    assertEquals(0, lock.getQueueLength());
                }
            }
            if (holder != null)
            {
                holder.releaseAndJoin();
            }
            assertQuiescent(lock);
        }
        assertEquals(0, lock.events().get(LockEvent.WLOCK), "an interrupted acquisition reached the slow path");
        assertEquals(0, lock.events().get(LockEvent.RLOCK), "an interrupted acquisition reached the slow path");
    }

    /**
     * {@code lock()} with an interrupt pending before it starts, or arriving while it waits, blocks (parks, without
     * spinning: the sleep counter stays small while it waits), acquires when the lock is released, and returns with
     * the interrupt flag set again.
     */
    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Kind.class, names = {"OF_BASE", "ON_HEAP"})
    void uninterruptibleLockWithInterruptBlocksThenRestoresTheFlag(final Kind kind)
    {
        final Rwsem lock = kind.create();
        for (final boolean pending : new boolean[] {true, false})
        {
            for (final boolean reader : new boolean[] {false, true})
            {
                final String what = (reader ? "reader" : "writer") + (pending ? ", interrupt pending" :
                    ", interrupted while parked");
                final Lock side = reader ? lock.readLock() : lock.writeLock();
                final LockEvent sleep = reader ? LockEvent.SLEEP_READER : LockEvent.SLEEP_WRITER;
                final long sleepsBefore = lock.events().get(sleep);
                lock.writeLock().lock();
                final Worker<Boolean> w = Worker.start("uninterruptible-" + (reader ? "reader" : "writer"), () ->
                {
                    if (pending)
                    {
                        Thread.currentThread().interrupt();
                    }
                    side.lock();
                    final boolean flag = Thread.currentThread().isInterrupted();
                    side.unlock();
                    return flag;
                });
                awaitQueued(lock, 1);
                awaitParked(w.thread());
                if (!pending)
                {
                    w.thread().interrupt();
                }
                // Let it sit: a waiter that spins on a set interrupt flag would count thousands of sleeps. The count
                // of a correct waiter does not depend on time (one sleep, one more per wakeup); the window only gives
                // a spinning one the chance to show, and -Drwsem4j.test.scale=N widens it on a loaded machine.
                final long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(150) * SCALE;
                while (System.nanoTime() - until < 0)
                {
                    LockSupport.parkNanos(until - System.nanoTime());
                }
                final long sleeps = lock.events().get(sleep) - sleepsBefore;
                assertTrue(sleeps >= 1 && sleeps <= 4, what + ": sleeps while blocked: " + sleeps);
                assertFalse(w.isDone(), what + ": lock() returned (or failed) while the lock is write-held");
                awaitParked(w.thread());

                lock.writeLock().unlock();
                assertTrue(w.join(), what + ": lock() did not restore the interrupt flag");
                assertQuiescent(lock);
            }
        }
    }

    /** A timeout so large that a naive {@code now + nanos} overflows must still mean "wait". */
    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Kind.class, names = {"OF_BASE", "ON_HEAP"})
    void hugeTimeoutWaitsAndAcquires(final Kind kind)
    {
        final Rwsem lock = kind.create();
        for (final boolean reader : new boolean[] {false, true})
        {
            final Lock side = reader ? lock.readLock() : lock.writeLock();
            lock.writeLock().lock();
            final Worker<Boolean> w = Worker.start("huge-timeout-" + (reader ? "reader" : "writer"), () ->
            {
                final boolean got = side.tryLock(Long.MAX_VALUE, TimeUnit.DAYS);
                if (got)
                {
                    side.unlock();
                }
                return got;
            });
            awaitQueued(lock, 1);
            awaitParked(w.thread());
            assertFalse(w.isDone(), "tryLock(Long.MAX_VALUE, DAYS) gave up at once");
            lock.writeLock().unlock();
            assertTrue(w.join(), "tryLock(Long.MAX_VALUE, DAYS) did not acquire after the release");
            assertQuiescent(lock);
        }
    }
}
