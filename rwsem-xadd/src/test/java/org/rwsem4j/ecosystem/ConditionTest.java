package org.rwsem4j.ecosystem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.Condition;
import java.util.function.IntPredicate;

import org.junit.jupiter.api.Test;
import org.rwsem4j.Rwsem;

/** {@code writeLock().newCondition()}: signal, signalAll, timeouts, deadlines, interruption and misuse. */
class ConditionTest
{
    private final Rwsem lock = Rwsem.of("base");
    private final Condition cond = lock.writeLock().newCondition();

    /** Polls (taking the write lock each time) until the condition's queue length satisfies {@code p}. */
    private boolean awaitWaiters(final IntPredicate p) throws InterruptedException
    {
        return Threads.await(() ->
        {
            lock.writeLock().lock();
            try
            {
                return p.test(lock.getWaitQueueLength(cond));
            }
            finally
            {
                lock.writeLock().unlock();
            }
        });
    }

    @Test
    void signalWakesOneWaiterThatReturnsHoldingTheWriteLock() throws Exception
    {
        final Throwable[] failure = new Throwable[1];
        final AtomicBoolean heldAfterAwait = new AtomicBoolean();
        final AtomicBoolean ready = new AtomicBoolean();
        final Thread waiter = Threads.start("cond-waiter", Threads.catching(failure, () ->
        {
            lock.writeLock().lock();
            try
            {
                while (!ready.get())
                {
                    cond.await();
                }
                heldAfterAwait.set(lock.isWriteLockedByCurrentThread());
            }
            finally
            {
                lock.writeLock().unlock();
            }
        }));
        assertTrue(awaitWaiters(n -> n == 1));
        lock.writeLock().lock();
        try
        {
            assertTrue(lock.hasWaiters(cond));
            ready.set(true);
            cond.signal();
            assertFalse(lock.hasWaiters(cond), "signal dequeues the waiter");
            assertEquals(0, lock.getWaitQueueLength(cond));
        }
        finally
        {
            lock.writeLock().unlock();
        }
        waiter.join(Threads.BOUND_SECONDS * 1000);
        assertFalse(waiter.isAlive());
        assertNull(failure[0]);
        assertTrue(heldAfterAwait.get());
        assertFalse(lock.isWriteLocked());
    }

    @Test
    void signalWithoutWaitersIsANoOpAndSignalAllWakesEveryone() throws Exception
    {
        lock.writeLock().lock();
        cond.signal();
        cond.signalAll();
        lock.writeLock().unlock();

        final Throwable[] failure = new Throwable[1];
        final AtomicInteger woke = new AtomicInteger();
        final AtomicBoolean go = new AtomicBoolean();
        final List<Thread> waiters = new ArrayList<>();
        for (int i = 0; i < 3; i++)
        {
            waiters.add(Threads.start("cond-all-" + i, Threads.catching(failure, () ->
            {
                lock.writeLock().lock();
                try
                {
                    while (!go.get())
                    {
                        cond.await();
                    }
                    assertTrue(lock.isWriteLockedByCurrentThread());
                    woke.incrementAndGet();
                }
                finally
                {
                    lock.writeLock().unlock();
                }
            })));
        }
        assertTrue(awaitWaiters(n -> n == 3));
        lock.writeLock().lock();
        try
        {
            assertEquals(3, lock.getWaitQueueLength(cond));
            go.set(true);
            cond.signalAll();
            assertEquals(0, lock.getWaitQueueLength(cond));
        }
        finally
        {
            lock.writeLock().unlock();
        }
        for (final Thread t : waiters)
        {
            t.join(Threads.BOUND_SECONDS * 1000);
            assertFalse(t.isAlive());
        }
        assertNull(failure[0]);
        assertEquals(3, woke.get());
    }

    @Test
    void awaitNanosTimesOutWithTheLockReHeld() throws Exception
    {
        lock.writeLock().lock();
        try
        {
            final long left = cond.awaitNanos(TimeUnit.MILLISECONDS.toNanos(5));
            assertTrue(left <= 0, "timed out: " + left);
            assertTrue(lock.isWriteLockedByCurrentThread());
            assertFalse(cond.await(1, TimeUnit.MILLISECONDS));
            assertTrue(lock.isWriteLockedByCurrentThread());
            assertTrue(cond.awaitNanos(0) <= 0);
            assertTrue(cond.awaitNanos(-5) <= 0);
            assertTrue(lock.isWriteLockedByCurrentThread());
            assertEquals(0, lock.getWaitQueueLength(cond), "a timed-out waiter leaves the queue");
        }
        finally
        {
            lock.writeLock().unlock();
        }
        assertFalse(lock.isWriteLocked());
    }

    @Test
    void awaitUntilAPastDeadlineReturnsFalseAndASignalledOneTrue() throws Exception
    {
        lock.writeLock().lock();
        try
        {
            assertFalse(cond.awaitUntil(new Date(System.currentTimeMillis() - 1000)));
            assertFalse(cond.awaitUntil(new Date(System.currentTimeMillis() + 5)));
            assertTrue(lock.isWriteLockedByCurrentThread());
        }
        finally
        {
            lock.writeLock().unlock();
        }

        final Throwable[] failure = new Throwable[1];
        final AtomicBoolean result = new AtomicBoolean();
        final AtomicBoolean held = new AtomicBoolean();
        final Thread waiter = Threads.start("cond-until", Threads.catching(failure, () ->
        {
            lock.writeLock().lock();
            try
            {
                result.set(cond.awaitUntil(new Date(System.currentTimeMillis() + TimeUnit.HOURS.toMillis(1))));
                held.set(lock.isWriteLockedByCurrentThread());
            }
            finally
            {
                lock.writeLock().unlock();
            }
        }));
        assertTrue(awaitWaiters(n -> n == 1));
        lock.writeLock().lock();
        cond.signal();
        lock.writeLock().unlock();
        waiter.join(Threads.BOUND_SECONDS * 1000);
        assertFalse(waiter.isAlive());
        assertNull(failure[0]);
        assertTrue(result.get(), "signalled before the deadline");
        assertTrue(held.get());
    }

    @Test
    void awaitNanosSignalledReturnsPositive() throws Exception
    {
        final Throwable[] failure = new Throwable[1];
        final long[] left = new long[1];
        final Thread waiter = Threads.start("cond-nanos", Threads.catching(failure, () ->
        {
            lock.writeLock().lock();
            try
            {
                left[0] = cond.awaitNanos(TimeUnit.HOURS.toNanos(1));
            }
            finally
            {
                lock.writeLock().unlock();
            }
        }));
        assertTrue(awaitWaiters(n -> n == 1));
        lock.writeLock().lock();
        cond.signalAll();
        lock.writeLock().unlock();
        waiter.join(Threads.BOUND_SECONDS * 1000);
        assertNull(failure[0]);
        assertTrue(left[0] > 0, "signalled: " + left[0]);
    }

    @Test
    void interruptionWhileWaitingThrowsWithTheLockReHeldAndTheQueueEmpty() throws Exception
    {
        final AtomicBoolean threw = new AtomicBoolean();
        final AtomicBoolean heldInCatch = new AtomicBoolean();
        final AtomicInteger queueAfter = new AtomicInteger(-1);
        final Throwable[] failure = new Throwable[1];
        final Thread waiter = Threads.start("cond-interrupt", Threads.catching(failure, () ->
        {
            lock.writeLock().lock();
            try
            {
                cond.await();
            }
            catch (final InterruptedException expected)
            {
                threw.set(true);
                heldInCatch.set(lock.isWriteLockedByCurrentThread());
                queueAfter.set(lock.getWaitQueueLength(cond));
            }
            finally
            {
                lock.writeLock().unlock();
            }
        }));
        assertTrue(awaitWaiters(n -> n == 1));
        waiter.interrupt();
        waiter.join(Threads.BOUND_SECONDS * 1000);
        assertFalse(waiter.isAlive());
        assertNull(failure[0]);
        assertTrue(threw.get(), "InterruptedException");
        assertTrue(heldInCatch.get(), "the write lock is re-held when await throws");
        assertEquals(0, queueAfter.get());
        assertFalse(lock.isWriteLocked());
        lock.writeLock().lock();
        try
        {
            assertFalse(lock.hasWaiters(cond));
        }
        finally
        {
            lock.writeLock().unlock();
        }
    }

    @Test
    void interruptionOfTimedWaitsThrowsToo() throws Exception
    {
        final Throwable[] failure = new Throwable[1];
        final AtomicInteger threw = new AtomicInteger();
        final Thread waiter = Threads.start("cond-interrupt-timed", Threads.catching(failure, () ->
        {
            lock.writeLock().lock();
            try
            {
                for (int i = 0; i < 2; i++)
                {
                    try
                    {
                        if (i == 0)
                        {
                            cond.awaitNanos(TimeUnit.HOURS.toNanos(1));
                        }
                        else
                        {
                            cond.awaitUntil(new Date(System.currentTimeMillis() + TimeUnit.HOURS.toMillis(1)));
                        }
                    }
                    catch (final InterruptedException expected)
                    {
                        assertTrue(lock.isWriteLockedByCurrentThread());
                        threw.incrementAndGet();
                    }
                }
            }
            finally
            {
                lock.writeLock().unlock();
            }
        }));
        for (int i = 1; i <= 2; i++)
        {
            assertTrue(awaitWaiters(n -> n == 1));
            waiter.interrupt();
            final int expected = i;
            assertTrue(Threads.await(() -> threw.get() >= expected || !waiter.isAlive()));
        }
        waiter.join(Threads.BOUND_SECONDS * 1000);
        assertNull(failure[0]);
        assertEquals(2, threw.get());
    }

    @Test
    void aPendingInterruptThrowsAtOnceAndKeepsTheLock() throws Exception
    {
        lock.writeLock().lock();
        try
        {
            Thread.currentThread().interrupt();
            assertThrows(InterruptedException.class, cond::await);
            assertFalse(Thread.currentThread().isInterrupted(), "the flag is consumed");
            assertTrue(lock.isWriteLockedByCurrentThread());
            assertEquals(0, lock.getWaitQueueLength(cond));
        }
        finally
        {
            Thread.interrupted();
            lock.writeLock().unlock();
        }
    }

    @Test
    void awaitUninterruptiblyKeepsWaitingAndRestoresTheFlag() throws Exception
    {
        final Throwable[] failure = new Throwable[1];
        final AtomicBoolean flag = new AtomicBoolean();
        final AtomicBoolean go = new AtomicBoolean();
        final Thread waiter = Threads.start("cond-uninterruptible", Threads.catching(failure, () ->
        {
            lock.writeLock().lock();
            try
            {
                while (!go.get())
                {
                    cond.awaitUninterruptibly();
                }
                flag.set(Thread.currentThread().isInterrupted());
            }
            finally
            {
                lock.writeLock().unlock();
            }
        }));
        assertTrue(awaitWaiters(n -> n == 1));
        waiter.interrupt();
        assertTrue(awaitWaiters(n -> n == 1), "still waiting after the interrupt");
        lock.writeLock().lock();
        go.set(true);
        cond.signal();
        lock.writeLock().unlock();
        waiter.join(Threads.BOUND_SECONDS * 1000);
        assertFalse(waiter.isAlive());
        assertNull(failure[0]);
        assertTrue(flag.get(), "interrupt re-asserted");
    }

    @Test
    void usingAConditionWithoutTheWriteLockIsIllegalMonitorState() throws Exception
    {
        assertThrows(IllegalMonitorStateException.class, cond::await);
        assertThrows(IllegalMonitorStateException.class, () -> cond.awaitNanos(1_000));
        assertThrows(IllegalMonitorStateException.class, cond::awaitUninterruptibly);
        assertThrows(IllegalMonitorStateException.class, cond::signal);
        assertThrows(IllegalMonitorStateException.class, cond::signalAll);
        assertThrows(IllegalMonitorStateException.class, () -> lock.hasWaiters(cond));
        assertThrows(IllegalMonitorStateException.class, () -> lock.getWaitQueueLength(cond));
        lock.readLock().lock();
        try
        {
            assertThrows(IllegalMonitorStateException.class, cond::await, "a read hold is not enough");
            assertThrows(IllegalMonitorStateException.class, cond::signal);
        }
        finally
        {
            lock.readLock().unlock();
        }
        // Another thread's write hold is not ours either.
        final java.util.concurrent.CountDownLatch held = new java.util.concurrent.CountDownLatch(1);
        final java.util.concurrent.CountDownLatch done = new java.util.concurrent.CountDownLatch(1);
        final Thread owner = Threads.start("cond-owner", () ->
        {
            lock.writeLock().lock();
            held.countDown();
            try
            {
                done.await();
            }
            catch (final InterruptedException ignored)
            {
                Thread.currentThread().interrupt();
            }
            finally
            {
                lock.writeLock().unlock();
            }
        });
        held.await();
        try
        {
            assertThrows(IllegalMonitorStateException.class, cond::signal);
        }
        finally
        {
            done.countDown();
        }
        owner.join(Threads.BOUND_SECONDS * 1000);
        // The lock is still usable after all that misuse.
        lock.writeLock().lock();
        assertFalse(cond.await(1, TimeUnit.MILLISECONDS));
        lock.writeLock().unlock();
        assertFalse(lock.isWriteLocked());
    }

    @Test
    void conditionsBelongToTheirLock()
    {
        final Rwsem other = Rwsem.builder().variant("base").onHeap().build();
        final Condition foreign = other.writeLock().newCondition();
        lock.writeLock().lock();
        try
        {
            assertThrows(IllegalArgumentException.class, () -> lock.hasWaiters(foreign));
            assertThrows(IllegalArgumentException.class, () -> lock.getWaitQueueLength(foreign));
            assertThrows(IllegalArgumentException.class,
                () -> lock.hasWaiters(new java.util.concurrent.locks.ReentrantLock().newCondition()));
        }
        finally
        {
            lock.writeLock().unlock();
        }
        assertThrows(UnsupportedOperationException.class, () -> lock.readLock().newCondition());
    }

    /** A null condition is a {@link NullPointerException}, as for {@code ReentrantReadWriteLock} and AQS. */
    @Test
    void aNullConditionIsANullPointer()
    {
        lock.writeLock().lock();
        try
        {
            assertThrows(NullPointerException.class, () -> lock.hasWaiters(null));
            assertThrows(NullPointerException.class, () -> lock.getWaitQueueLength(null));
        }
        finally
        {
            lock.writeLock().unlock();
        }
        assertThrows(NullPointerException.class, () -> lock.hasWaiters(null), "before the held check, too");
    }
}
