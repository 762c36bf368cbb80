package org.rwsem4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

import org.rwsem4j.testkit.Locker;

/**
 * Bounded waits, daemon workers and lock-state checks shared by the scenario tests. Nothing here asserts on time:
 * every wait has a generous bound and fails with a diagnostic (thread state, stack, lock state) instead of hanging.
 */
final class TestSupport
{
    /** How long any bounded wait lasts before it reports a hang. */
    static final long WAIT_SECONDS = 20;

    private TestSupport()
    {
    }

    /** The lock variants whose basic semantics must be identical here: base == xadd, off-heap and on-heap words. */
    enum Kind
    {
        OF_BASE("Rwsem.of(\"base\")")
        {
            @Override
            Rwsem create()
            {
                return Rwsem.of("base");
            }

            @Override
            RwsemBuilder builder()
            {
                return Rwsem.builder().variant("base");
            }
        },
        OF_XADD("Rwsem.of(\"xadd\")")
        {
            @Override
            Rwsem create()
            {
                return Rwsem.of("xadd");
            }

            @Override
            RwsemBuilder builder()
            {
                return Rwsem.builder().variant("xadd");
            }
        },
        ON_HEAP("Rwsem.builder().onHeap().build()")
        {
            @Override
            Rwsem create()
            {
                return Rwsem.builder().onHeap().build();
            }

            @Override
            RwsemBuilder builder()
            {
                return Rwsem.builder().onHeap();
            }
        };

        private final String label;

        Kind(final String label)
        {
            this.label = label;
        }

        abstract Rwsem create();

        /** A builder for the same kind, for tests that need a tunable (e.g. a clock). */
        abstract RwsemBuilder builder();

        @Override
        public String toString()
        {
            return label;
        }
    }

    /** An acquisition that may throw (lockInterruptibly, timed tryLock). */
    @FunctionalInterface
    interface Acquire
    {
        void acquire(Lock lock) throws Exception;
    }

    /** Polls {@code condition} until it holds; fails with {@code diagnostic} after {@link #WAIT_SECONDS}. */
    static void await(final String what, final BooleanSupplier condition, final Supplier<String> diagnostic)
    {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
        while (!condition.getAsBoolean())
        {
            if (System.nanoTime() - deadline > 0)
            {
                fail("timed out after " + WAIT_SECONDS + " s waiting for " + what + "; " + diagnostic.get());
            }
            LockSupport.parkNanos(1_000_000);
        }
    }

    /** Waits until exactly {@code n} threads are queued on {@code lock}. */
    static void awaitQueued(final Rwsem lock, final int n)
    {
        Locker.awaitQueued(lock, n);
    }

    /**
     * Waits until {@code n} threads are queued and {@code newest} is parked. Queue length alone is not enough before
     * reading the count: a slow-path reader is linked into the queue before it removes its transient reader bias
     * (both under the wait lock), so a lock-free look at the count can still see that bias.
     */
    static void awaitQueuedAndParked(final Rwsem lock, final int n, final Thread newest)
    {
        awaitQueued(lock, n);
        awaitParked(newest);
    }

    /** Waits until {@code t} is parked inside the engine (blocker: the lock's internal synchronizer). */
    static void awaitParked(final Thread t)
    {
        await(t.getName() + " parked in an rwsem", () -> isParkedInRwsem(t), () -> describe(t));
    }

    static boolean isParkedInRwsem(final Thread t)
    {
        final Thread.State s = t.getState();
        return (s == Thread.State.WAITING || s == Thread.State.TIMED_WAITING) &&
            LockSupport.getBlocker(t) instanceof Engine;
    }

    static String describe(final Thread t)
    {
        final StringBuilder sb = new StringBuilder(t.getName()).append(" state=").append(t.getState())
            .append(" blocker=").append(LockSupport.getBlocker(t)).append(" stack:");
        for (final StackTraceElement e : t.getStackTrace())
        {
            sb.append("\n    at ").append(e);
        }
        return sb.toString();
    }

    /** Count 0, queue empty, OSQ empty, no writer owner. */
    static void assertQuiescent(final Rwsem lock)
    {
        final RwsemState st = lock.state();
        assertTrue(st.isQuiescent(), () -> "lock not quiescent: " + st);
        assertEquals(0, lock.getQueueLength(), () -> "queue not empty: " + st);
        assertEquals(0L, st.count(), () -> "count not 0: " + st);
    }

    /** The lock still works for another thread: write, then read, then quiescent. */
    static void assertUsableByAnotherThread(final Rwsem lock)
    {
        final Worker<Void> w = Worker.start("usable-check", () ->
        {
            lock.writeLock().lock();
            lock.writeLock().unlock();
            lock.readLock().lock();
            lock.readLock().unlock();
            assertTrue(lock.writeLock().tryLock(), "write tryLock on a free lock");
            lock.writeLock().unlock();
            return null;
        });
        w.join();
        assertQuiescent(lock);
    }

    /** A daemon thread running one task; its outcome is read with a bounded join. */
    static final class Worker<T>
    {
        private final Thread thread;
        private final CompletableFuture<T> result = new CompletableFuture<>();

        private Worker(final String name, final Callable<T> body)
        {
            thread = new Thread(() ->
            {
                try
                {
                    result.complete(body.call());
                }
                catch (final Throwable t)
                {
                    result.completeExceptionally(t);
                }
            }, name);
            thread.setDaemon(true);
        }

        static <T> Worker<T> start(final String name, final Callable<T> body)
        {
            final Worker<T> w = new Worker<>(name, body);
            w.thread.start();
            return w;
        }

        Thread thread()
        {
            return thread;
        }

        boolean isDone()
        {
            return result.isDone();
        }

        /** The task's value; fails if it threw or did not finish in time. */
        T join()
        {
            try
            {
                return result.get(WAIT_SECONDS, TimeUnit.SECONDS);
            }
            catch (final TimeoutException ex)
            {
                return fail("worker did not finish within " + WAIT_SECONDS + " s: " + describe(thread));
            }
            catch (final ExecutionException ex)
            {
                return fail("worker " + thread.getName() + " failed", ex.getCause());
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
                return fail("interrupted while joining " + thread.getName());
            }
        }

        /** The exception the task threw; fails if it returned normally or did not finish in time. */
        Throwable joinFailure()
        {
            try
            {
                final T value = result.get(WAIT_SECONDS, TimeUnit.SECONDS);
                return fail("worker " + thread.getName() + " returned " + value + " instead of throwing");
            }
            catch (final TimeoutException ex)
            {
                return fail("worker did not finish within " + WAIT_SECONDS + " s: " + describe(thread));
            }
            catch (final ExecutionException ex)
            {
                return ex.getCause();
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
                return fail("interrupted while joining " + thread.getName());
            }
        }
    }

    /** A thread that acquires a lock, reports it, holds it until released, then unlocks. */
    static final class Holder
    {
        private final CountDownLatch acquired = new CountDownLatch(1);
        private final CountDownLatch release = new CountDownLatch(1);
        private final Worker<Void> worker;

        Holder(final String name, final Lock lock)
        {
            this(name, lock, Lock::lock);
        }

        Holder(final String name, final Lock lock, final Acquire how)
        {
            worker = Worker.start(name, () ->
            {
                how.acquire(lock);
                try
                {
                    acquired.countDown();
                    if (!release.await(WAIT_SECONDS * 2, TimeUnit.SECONDS))
                    {
                        throw new AssertionError("never told to release");
                    }
                }
                finally
                {
                    lock.unlock();
                }
                return null;
            });
        }

        Thread thread()
        {
            return worker.thread();
        }

        boolean hasAcquired()
        {
            return acquired.getCount() == 0;
        }

        void awaitAcquired()
        {
            await(worker.thread().getName() + " to acquire", () -> hasAcquired() || worker.isDone(),
                () -> describe(worker.thread()));
            if (!hasAcquired())
            {
                worker.join(); // reports the failure
                fail(worker.thread().getName() + " finished without acquiring");
            }
        }

        void releaseAndJoin()
        {
            release.countDown();
            worker.join();
        }

        /** Releases (if it ever acquires) without waiting: cleanup after a failed assertion. */
        void abandon()
        {
            release.countDown();
        }
    }
}
