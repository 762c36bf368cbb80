package org.rwsem4j.ecosystem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.LockInfo;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

import org.junit.jupiter.api.Test;
import org.rwsem4j.Rwsem;

/**
 * JDK tooling sees rwsem4j locks: a write owner is a "locked ownable synchronizer" ({@code jstack -l}), a waiter
 * parks on the lock's engine ({@code PackedEngine} unless the lock is padded), and {@code findDeadlockedThreads()}
 * reports a write-lock deadlock.
 */
class JdkToolingTest
{
    /** The ownable synchronizer tooling names: the engine of a lock built without padding. */
    static final String SYNC = "org.rwsem4j.PackedEngine";
    private static final ThreadMXBean MX = ManagementFactory.getThreadMXBean();

    @Test
    void aWriteLockDeadlockIsReportedByFindDeadlockedThreads() throws Exception
    {
        final Rwsem a = Rwsem.of("base");
        final Rwsem b = Rwsem.builder().variant("base").onHeap().build(); // one of each word kind
        final CountDownLatch bothHold = new CountDownLatch(2);
        final AtomicInteger interrupted = new AtomicInteger();
        final Thread t1 = Threads.start("deadlock-1", () -> crossLock(a, b, bothHold, interrupted));
        final Thread t2 = Threads.start("deadlock-2", () -> crossLock(b, a, bothHold, interrupted));
        try
        {
            final long[][] found = new long[1][];
            assertTrue(Threads.await(() ->
            {
                found[0] = MX.findDeadlockedThreads();
                return found[0] != null && contains(found[0], t1.getId()) && contains(found[0], t2.getId());
            }), "findDeadlockedThreads() did not report both: " + Arrays.toString(found[0]));

            final ThreadInfo[] infos = MX.getThreadInfo(new long[]{t1.getId(), t2.getId()}, true, true);
            for (int i = 0; i < 2; i++)
            {
                final ThreadInfo info = infos[i];
                final ThreadInfo other = infos[1 - i];
                assertEquals(Thread.State.WAITING, info.getThreadState(), info.toString());
                final LockInfo waitingOn = info.getLockInfo();
                assertNotNull(waitingOn, info.toString());
                assertEquals(SYNC, waitingOn.getClassName(), info.toString());
                assertEquals(other.getThreadId(), info.getLockOwnerId(), info.toString());
                assertEquals(other.getThreadName(), info.getLockOwnerName(), info.toString());
                assertEquals(1, info.getLockedSynchronizers().length, info.toString());
                assertEquals(SYNC, info.getLockedSynchronizers()[0].getClassName());
                // What it waits for is exactly what the other one holds.
                assertEquals(other.getLockedSynchronizers()[0].getIdentityHashCode(), waitingOn.getIdentityHashCode());
            }
        }
        finally
        {
            t1.interrupt();
            t2.interrupt();
            t1.join(Threads.BOUND_SECONDS * 1000);
            t2.join(Threads.BOUND_SECONDS * 1000);
        }
        assertFalse(t1.isAlive() || t2.isAlive(), "lockInterruptibly did not give up on interrupt");
        // The first to give up frees its lock, so the other may be granted before its interrupt lands.
        assertTrue(interrupted.get() >= 1, "interrupted: " + interrupted.get());
        assertFalse(a.isWriteLocked());
        assertFalse(b.isWriteLocked());
        final long[] still = MX.findDeadlockedThreads();
        assertFalse(still != null && (contains(still, t1.getId()) || contains(still, t2.getId())));
    }

    private static void crossLock(final Rwsem first, final Rwsem second, final CountDownLatch bothHold,
        final AtomicInteger interrupted)
    {
        try
        {
            first.writeLock().lockInterruptibly();
            try
            {
                bothHold.countDown();
                bothHold.await();
                second.writeLock().lockInterruptibly();
                second.writeLock().unlock();
            }
            finally
            {
                first.writeLock().unlock();
            }
        }
        catch (final InterruptedException expected)
        {
            interrupted.incrementAndGet();
        }
    }

    @Test
    void theWriteOwnerListsTheLockAsALockedOwnableSynchronizer() throws Exception
    {
        final Rwsem lock = Rwsem.of("base");
        final CountDownLatch holding = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        final Thread writer = Threads.start("jstack-writer", () ->
        {
            lock.writeLock().lock();
            try
            {
                holding.countDown();
                release.await();
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
            }
            finally
            {
                lock.writeLock().unlock();
            }
        });
        holding.await();
        // A reader queued behind it parks on the same synchronizer and names the owner.
        final Thread reader = Threads.start("jstack-reader", () ->
        {
            lock.readLock().lock();
            lock.readLock().unlock();
        });
        try
        {
            assertTrue(Threads.await(() -> lock.getQueueLength() == 1));
            assertTrue(Threads.awaitParked(reader));
            final ThreadInfo w = MX.getThreadInfo(new long[]{writer.getId()}, true, true)[0];
            final LockInfo[] owned = w.getLockedSynchronizers();
            assertEquals(1, owned.length, w.toString());
            assertEquals(SYNC, owned[0].getClassName());

            final ThreadInfo r = MX.getThreadInfo(new long[]{reader.getId()}, true, true)[0];
            assertEquals(SYNC, r.getLockInfo().getClassName(), r.toString());
            assertEquals(owned[0].getIdentityHashCode(), r.getLockInfo().getIdentityHashCode());
            assertEquals(writer.getId(), r.getLockOwnerId(), r.toString());
            assertEquals(0, r.getLockedSynchronizers().length, "readers are not recorded: " + r);
            assertTrue(LockSupport.getBlocker(reader) != null &&
                LockSupport.getBlocker(reader).getClass().getName().equals(SYNC));
        }
        finally
        {
            release.countDown();
            writer.join(Threads.BOUND_SECONDS * 1000);
            reader.join(Threads.BOUND_SECONDS * 1000);
        }
        assertFalse(writer.isAlive() || reader.isAlive());
        // Released: the writer thread owns nothing any more (checked from a fresh holder of a read lock).
        onFreshThread(() ->
        {
            lock.readLock().lock();
            try
            {
                final ThreadInfo me = MX.getThreadInfo(new long[]{Thread.currentThread().getId()}, true, true)[0];
                assertEquals(0, me.getLockedSynchronizers().length, "read holds are not ownable: " + me);
            }
            finally
            {
                lock.readLock().unlock();
            }
            lock.writeLock().lock();
            try
            {
                final ThreadInfo me = MX.getThreadInfo(new long[]{Thread.currentThread().getId()}, true, true)[0];
                assertEquals(1, me.getLockedSynchronizers().length, me.toString());
            }
            finally
            {
                lock.writeLock().unlock();
            }
            final ThreadInfo after = MX.getThreadInfo(new long[]{Thread.currentThread().getId()}, true, true)[0];
            assertEquals(0, after.getLockedSynchronizers().length, "still listed after unlock: " + after);
        });
    }

    /**
     * Runs {@code body} on a thread that has held no lock before. The JVM finds a thread's ownable synchronizers by a
     * heap walk, which also meets garbage: a write lock another test left held by the main thread and dropped stays
     * listed for the main thread until a GC collects it.
     */
    private static void onFreshThread(final Threads.Body body) throws InterruptedException
    {
        final Throwable[] failure = new Throwable[1];
        final Thread t = Threads.start("fresh-holder", Threads.catching(failure, body));
        t.join(Threads.BOUND_SECONDS * 1000);
        assertFalse(t.isAlive(), "the fresh holder did not finish");
        if (failure[0] instanceof AssertionError)
        {
            throw (AssertionError)failure[0];
        }
        assertEquals(null, failure[0]);
    }

    @Test
    void downgradeDropsTheOwnableSynchronizer() throws Exception
    {
        final Rwsem lock = Rwsem.of("base");
        onFreshThread(() ->
        {
            lock.writeLock().lock();
            lock.downgrade();
            try
            {
                final ThreadInfo me = MX.getThreadInfo(new long[]{Thread.currentThread().getId()}, true, true)[0];
                assertEquals(0, me.getLockedSynchronizers().length, "a downgraded (read) hold is not ownable: " + me);
            }
            finally
            {
                lock.readLock().unlock();
            }
        });
    }

    private static boolean contains(final long[] ids, final long id)
    {
        return Arrays.stream(ids).anyMatch(x -> x == id);
    }
}
