package org.rwsem4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rwsem4j.TestSupport.assertQuiescent;
import static org.rwsem4j.TestSupport.awaitQueuedAndParked;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReadWriteLock;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.rwsem4j.TestSupport.Holder;
import org.rwsem4j.TestSupport.Kind;
import org.rwsem4j.TestSupport.Worker;
import org.rwsem4j.spi.LockWordBits;

/**
 * The public API through {@link ReadWriteLock} only (plus monitoring getters for the checks): sharing, exclusion,
 * kernel trylock semantics, downgrade, {@code variant()} and {@code toString()}; for {@code Rwsem.of("base")},
 * {@code Rwsem.of("xadd")} and the on-heap word.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RwsemBasicsTest
{
    @ParameterizedTest(name = "{0}")
    @EnumSource(Kind.class)
    void variantIsCanonicalBase(final Kind kind)
    {
        final Rwsem lock = kind.create();
        assertEquals("base", lock.variant());
        assertTrue(lock.toString().contains("variant=base"), lock::toString);
        assertQuiescent(lock);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Kind.class)
    void readersShareAcrossThreads(final Kind kind)
    {
        final Rwsem rwsem = kind.create();
        final ReadWriteLock lock = rwsem;
        lock.readLock().lock();
        final Holder blocking = new Holder("reader-lock", lock.readLock());
        final Holder trying = new Holder("reader-trylock", lock.readLock(), l ->
        {
            if (!l.tryLock())
            {
                throw new AssertionError("read tryLock failed while only readers hold the lock: " + rwsem);
            }
        });
        try
        {
            blocking.awaitAcquired();
            trying.awaitAcquired();
            assertEquals(3, rwsem.getReadLockCount(), rwsem::toString);
            assertFalse(rwsem.isWriteLocked());
            assertEquals(0, rwsem.getQueueLength());
            assertFalse(lock.writeLock().tryLock(), "write tryLock must fail while readers hold the lock");
        }
        finally
        {
            lock.readLock().unlock();
            blocking.releaseAndJoin();
            trying.releaseAndJoin();
        }
        assertQuiescent(rwsem);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Kind.class)
    void writeExcludesReadAndWrite(final Kind kind)
    {
        final Rwsem rwsem = kind.create();
        final ReadWriteLock lock = rwsem;
        lock.writeLock().lock();
        assertTrue(rwsem.isWriteLocked());
        assertTrue(rwsem.isWriteLockedByCurrentThread());
        final Worker<Boolean[]> tries = Worker.start("trylocker", () ->
            new Boolean[] {lock.readLock().tryLock(), lock.writeLock().tryLock(),
                lock.readLock().tryLock(1, TimeUnit.MILLISECONDS), rwsem.isWriteLockedByCurrentThread()});
        final Boolean[] r = tries.join();
        assertFalse(r[0], "read tryLock succeeded while write-locked");
        assertFalse(r[1], "write tryLock succeeded while write-locked");
        assertFalse(r[2], "timed read tryLock succeeded while write-locked");
        assertFalse(r[3], "another thread reports holding the write lock");

        final Holder reader = new Holder("reader", lock.readLock());
        awaitQueuedAndParked(rwsem, 1, reader.thread());
        final Holder writer = new Holder("writer", lock.writeLock());
        awaitQueuedAndParked(rwsem, 2, writer.thread());
        assertFalse(reader.hasAcquired(), "reader got in while write-locked");
        assertFalse(writer.hasAcquired(), "writer got in while write-locked");

        lock.writeLock().unlock();
        // The reader is the queue head: it is granted; the writer stays queued behind it.
        reader.awaitAcquired();
        assertFalse(writer.hasAcquired(), "writer got in while a reader holds the lock: " + rwsem);
        assertFalse(rwsem.isWriteLocked());
        reader.releaseAndJoin();
        writer.awaitAcquired();
        assertTrue(rwsem.isWriteLocked());
        assertFalse(rwsem.isWriteLockedByCurrentThread());
        assertFalse(lock.readLock().tryLock(), "read tryLock succeeded while write-locked by the writer thread");
        writer.releaseAndJoin();
        assertQuiescent(rwsem);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Kind.class)
    void readExcludesWrite(final Kind kind)
    {
        final Rwsem rwsem = kind.create();
        final ReadWriteLock lock = rwsem;
        lock.readLock().lock();
        final Worker<Boolean> tryWrite = Worker.start("write-trylocker", () -> lock.writeLock().tryLock());
        assertFalse(tryWrite.join(), "write tryLock succeeded while read-locked");
        final Holder writer = new Holder("writer", lock.writeLock());
        awaitQueuedAndParked(rwsem, 1, writer.thread());
        assertFalse(writer.hasAcquired());
        lock.readLock().unlock();
        writer.awaitAcquired();
        writer.releaseAndJoin();
        assertQuiescent(rwsem);
    }

    /** Kernel trylock semantics: no barging past the queue, even when the lock is reader-held. */
    @ParameterizedTest(name = "{0}")
    @EnumSource(Kind.class)
    void readTryLockFailsWhileAWaiterIsQueued(final Kind kind)
    {
        final Rwsem rwsem = kind.create();
        final ReadWriteLock lock = rwsem;
        lock.readLock().lock();
        final Worker<Boolean> before = Worker.start("read-trylock-before", () ->
        {
            final boolean ok = lock.readLock().tryLock();
            if (ok)
            {
                lock.readLock().unlock();
            }
            return ok;
        });
        assertTrue(before.join(), "read tryLock on a reader-held lock with no queue must succeed");

        final Holder writer = new Holder("queued-writer", lock.writeLock());
        awaitQueuedAndParked(rwsem, 1, writer.thread());
        final Worker<Boolean> during = Worker.start("read-trylock-during", () -> lock.readLock().tryLock());
        assertFalse(during.join(), "read tryLock barged past a queued writer: " + rwsem);
        // A blocking reader queues behind the writer instead of joining the reader phase.
        final Holder lateReader = new Holder("late-reader", lock.readLock());
        awaitQueuedAndParked(rwsem, 2, lateReader.thread());
        assertFalse(lateReader.hasAcquired(), "reader barged past a queued writer: " + rwsem);
        assertEquals(1, rwsem.getReadLockCount(), rwsem::toString);

        lock.readLock().unlock();
        writer.awaitAcquired();
        assertFalse(lateReader.hasAcquired());
        writer.releaseAndJoin();
        lateReader.awaitAcquired();
        lateReader.releaseAndJoin();
        assertQuiescent(rwsem);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Kind.class)
    void writeOwnerTryLockReturnsFalseAndDoesNotNest(final Kind kind)
    {
        final Rwsem rwsem = kind.create();
        final ReadWriteLock lock = rwsem;
        lock.writeLock().lock();
        final long held = rwsem.state().count();
        assertFalse(lock.writeLock().tryLock(), "write tryLock by the write owner");
        assertFalse(lock.readLock().tryLock(), "read tryLock by the write owner");
        assertEquals(held, rwsem.state().count(), "a failed tryLock changed the count");
        assertTrue(rwsem.isWriteLockedByCurrentThread());
        lock.writeLock().unlock(); // one unlock releases it: nothing nested
        assertQuiescent(rwsem);
    }

    /** downgrade: write becomes read atomically; the queued reader shares it; the writer behind it still waits. */
    @ParameterizedTest(name = "{0}")
    @EnumSource(Kind.class)
    void downgradeWakesQueuedReaderButNotQueuedWriter(final Kind kind)
    {
        final Rwsem rwsem = kind.create();
        final ReadWriteLock lock = rwsem;
        lock.writeLock().lock();
        final Holder reader = new Holder("reader", lock.readLock());
        awaitQueuedAndParked(rwsem, 1, reader.thread());
        final Holder writer = new Holder("writer", lock.writeLock());
        awaitQueuedAndParked(rwsem, 2, writer.thread());

        rwsem.downgrade();
        assertFalse(rwsem.isWriteLocked());
        assertFalse(rwsem.isWriteLockedByCurrentThread());
        reader.awaitAcquired();
        assertEquals(2, rwsem.getReadLockCount(), rwsem::toString);
        assertEquals(1, rwsem.getQueueLength(), rwsem::toString);
        assertFalse(writer.hasAcquired(), "writer got in after downgrade while readers hold: " + rwsem);

        lock.readLock().unlock(); // the downgraded hold
        assertFalse(writer.hasAcquired(), "writer got in while the woken reader still holds: " + rwsem);
        reader.releaseAndJoin();
        writer.awaitAcquired();
        writer.releaseAndJoin();
        assertQuiescent(rwsem);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Kind.class)
    void downgradeWithoutWaitersLeavesOneReader(final Kind kind)
    {
        final Rwsem rwsem = kind.create();
        rwsem.writeLock().lock();
        rwsem.downgrade();
        assertEquals(1, rwsem.getReadLockCount());
        assertEquals(LockWordBits.READER_BIAS, rwsem.state().count(), rwsem::toString);
        final Worker<Boolean[]> other = Worker.start("other", () ->
        {
            final boolean read = rwsem.readLock().tryLock();
            if (read)
            {
                rwsem.readLock().unlock();
            }
            return new Boolean[] {read, rwsem.writeLock().tryLock()};
        });
        final Boolean[] r = other.join();
        assertTrue(r[0], "a reader must share a downgraded lock");
        assertFalse(r[1], "a writer must not get a downgraded lock");
        rwsem.readLock().unlock();
        assertQuiescent(rwsem);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Kind.class)
    void toStringDecodesWordOwnerAndVariant(final Kind kind)
    {
        final Rwsem rwsem = kind.create();
        final String free = rwsem.toString();
        assertTrue(free.contains("variant=base"), free);
        assertTrue(free.contains("readers=0"), free);
        assertTrue(free.contains("owner=NULL"), free);
        assertTrue(free.contains("queued=0"), free);
        assertFalse(free.contains("writer"), free);

        rwsem.writeLock().lock();
        final Holder reader = new Holder("toString-reader", rwsem.readLock());
        try
        {
            awaitQueuedAndParked(rwsem, 1, reader.thread());
            final String held = rwsem.toString();
            assertTrue(held.contains(",writer"), held);
            assertTrue(held.contains(",waiters"), held);
            assertTrue(held.contains("owner=" + Thread.currentThread().getName() + "("), held);
            assertTrue(held.contains("queued=1"), held);
            assertTrue(rwsem.state().waiters().get(0).startsWith("R:toString-reader"), rwsem.state()::toString);
            assertTrue(rwsem.readLock().toString().startsWith("ReadLock of Rwsem[variant=base"),
                rwsem.readLock()::toString);
        }
        finally
        {
            rwsem.writeLock().unlock();
        }
        reader.awaitAcquired();
        rwsem.readLock().lock();
        final String read = rwsem.toString();
        assertTrue(read.contains("readers=2"), read);
        assertFalse(read.contains("writer"), read);
        rwsem.readLock().unlock();
        reader.releaseAndJoin();
        assertQuiescent(rwsem);
    }

    @Test
    void toStringNamesTheLockFromTheBuilder()
    {
        // On-heap, so that naming the lock publishes nothing to a stats file.
        final Rwsem rwsem = Rwsem.builder().onHeap().name("inode-42").build();
        assertTrue(rwsem.toString().startsWith("Rwsem[inode-42, variant=base"), rwsem::toString);
    }

    @Test
    void readLockHasNoConditions()
    {
        final Lock r = Rwsem.of("base").readLock();
        assertThrows(UnsupportedOperationException.class, r::newCondition);
    }
}
