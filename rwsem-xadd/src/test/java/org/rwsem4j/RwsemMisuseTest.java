package org.rwsem4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rwsem4j.spi.LockWordBits.READER_BIAS;
import static org.rwsem4j.spi.LockWordBits.WAITERS;
import static org.rwsem4j.spi.LockWordBits.WRITER_LOCKED;
import static org.rwsem4j.TestSupport.assertQuiescent;
import static org.rwsem4j.TestSupport.assertUsableByAnotherThread;
import static org.rwsem4j.TestSupport.awaitQueuedAndParked;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.rwsem4j.TestSupport.Holder;
import org.rwsem4j.TestSupport.Kind;

/**
 * Misuse gets {@link IllegalMonitorStateException}, changes nothing in the count, and leaves the lock usable.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RwsemMisuseTest
{
    /** Runs {@code misuse}, expects IMSE containing every fragment, and checks the count did not move. */
    private static IllegalMonitorStateException assertMisuse(final Rwsem lock, final Executable misuse,
        final String... fragments)
    {
        final long before = lock.state().count();
        final IllegalMonitorStateException ex = assertThrows(IllegalMonitorStateException.class, misuse);
        for (final String f : fragments)
        {
            assertTrue(ex.getMessage().contains(f), () -> "message lacks '" + f + "': " + ex.getMessage());
        }
        assertEquals(before, lock.state().count(), () -> "misuse changed the count: " + lock.state());
        return ex;
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Kind.class, names = {"OF_BASE", "ON_HEAP"})
    void writeUnlockByNonOwner(final Kind kind)
    {
        final Rwsem lock = kind.create();
        // Free lock.
        assertMisuse(lock, lock.writeLock()::unlock, "does not hold the write lock");
        assertQuiescent(lock);

        // Write-held by another thread: the owner keeps it.
        final Holder owner = new Holder("owner", lock.writeLock());
        owner.awaitAcquired();
        assertMisuse(lock, lock.writeLock()::unlock, "does not hold the write lock");
        assertTrue(lock.isWriteLocked());
        assertTrue(lock.state().owner().startsWith("owner("), lock.state()::toString);
        owner.releaseAndJoin();
        assertQuiescent(lock);

        // Read-held by the caller.
        lock.readLock().lock();
        assertMisuse(lock, lock.writeLock()::unlock, "does not hold the write lock");
        assertEquals(1, lock.getReadLockCount());
        lock.readLock().unlock();
        assertQuiescent(lock);
        assertUsableByAnotherThread(lock);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Kind.class, names = {"OF_BASE", "ON_HEAP"})
    void readUnlockWithNoReaderNeverTouchesTheCount(final Kind kind)
    {
        final Rwsem lock = kind.create();
        // Free lock: the count must not go negative, not even for an instant.
        assertMisuse(lock, lock.readLock()::unlock, "no reader holds the lock");
        assertEquals(0L, lock.state().count());

        // Unbalanced: one lock, two unlocks.
        lock.readLock().lock();
        lock.readLock().unlock();
        assertMisuse(lock, lock.readLock()::unlock, "no reader holds the lock");
        assertQuiescent(lock);

        // Write-held by the caller itself.
        lock.writeLock().lock();
        assertMisuse(lock, lock.readLock()::unlock, "no reader holds the lock");
        assertTrue(lock.isWriteLockedByCurrentThread());
        lock.writeLock().unlock();
        assertQuiescent(lock);

        // Write-held by another thread with a waiter queued: WAITERS and WRITER stay exactly as they were.
        final Holder owner = new Holder("owner", lock.writeLock());
        owner.awaitAcquired();
        final Holder waiter = new Holder("waiter", lock.writeLock());
        awaitQueuedAndParked(lock, 1, waiter.thread());
        assertEquals(WRITER_LOCKED | WAITERS, lock.state().count());
        assertMisuse(lock, lock.readLock()::unlock, "no reader holds the lock");
        owner.releaseAndJoin();
        waiter.awaitAcquired();
        waiter.releaseAndJoin();
        assertQuiescent(lock);
        assertUsableByAnotherThread(lock);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Kind.class, names = {"OF_BASE", "ON_HEAP"})
    void writeOwnerReacquiringIsRejectedNotDeadlocked(final Kind kind)
    {
        final Rwsem lock = kind.create();
        lock.writeLock().lock();
        for (final Lock side : new Lock[] {lock.writeLock(), lock.readLock()})
        {
            final Executable[] attempts = {
                side::lock,
                side::lockInterruptibly,
                () -> side.tryLock(1, TimeUnit.SECONDS),
            };
            for (final Executable attempt : attempts)
            {
                final IllegalMonitorStateException ex =
                    assertMisuse(lock, attempt, "not reentrant", "downgrade()");
                assertTrue(ex.getMessage().contains(Thread.currentThread().getName()), ex::getMessage);
                assertTrue(lock.isWriteLockedByCurrentThread());
                assertEquals(0, lock.getQueueLength());
            }
        }
        assertEquals(WRITER_LOCKED, lock.state().count(), lock.state()::toString);
        // Still one hold: one unlock frees it.
        lock.writeLock().unlock();
        assertQuiescent(lock);
        assertUsableByAnotherThread(lock);
    }

    /** The read-side reentrancy check backs out the bias it added; with a queued waiter too. */
    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Kind.class, names = {"OF_BASE", "ON_HEAP"})
    void writeOwnerReadLockWithWaitersQueued(final Kind kind)
    {
        final Rwsem lock = kind.create();
        lock.writeLock().lock();
        final Holder reader = new Holder("queued-reader", lock.readLock());
        awaitQueuedAndParked(lock, 1, reader.thread());
        assertMisuse(lock, lock.readLock()::lock, "not reentrant", "downgrade()");
        assertMisuse(lock, lock.writeLock()::lock, "not reentrant", "downgrade()");
        assertEquals(WRITER_LOCKED | WAITERS, lock.state().count());
        assertFalse(reader.hasAcquired());
        lock.downgrade(); // the intended way
        reader.awaitAcquired();
        assertEquals(2 * READER_BIAS, lock.state().count(), lock.state()::toString);
        lock.readLock().unlock();
        reader.releaseAndJoin();
        assertQuiescent(lock);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Kind.class, names = {"OF_BASE", "ON_HEAP"})
    void downgradeWithoutTheWriteLock(final Kind kind)
    {
        final Rwsem lock = kind.create();
        assertMisuse(lock, lock::downgrade, "downgrade()", "does not hold the write lock");
        assertQuiescent(lock);

        lock.readLock().lock();
        assertMisuse(lock, lock::downgrade, "does not hold the write lock");
        lock.readLock().unlock();
        assertQuiescent(lock);

        final Holder owner = new Holder("owner", lock.writeLock());
        owner.awaitAcquired();
        assertMisuse(lock, lock::downgrade, "does not hold the write lock");
        assertTrue(lock.isWriteLocked());
        owner.releaseAndJoin();
        assertQuiescent(lock);

        // A downgraded hold is a read hold: downgrading again is misuse too.
        lock.writeLock().lock();
        lock.downgrade();
        assertMisuse(lock, lock::downgrade, "does not hold the write lock");
        assertMisuse(lock, lock.writeLock()::unlock, "does not hold the write lock");
        lock.readLock().unlock();
        assertQuiescent(lock);
        assertUsableByAnotherThread(lock);
    }
}
