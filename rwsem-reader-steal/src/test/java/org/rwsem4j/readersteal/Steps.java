package org.rwsem4j.readersteal;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Queue;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import org.rwsem4j.Rwsem;
import org.rwsem4j.RwsemBuilder;
import org.rwsem4j.testkit.TestClock;
import org.rwsem4j.testkit.Locker;

/**
 * The step-by-step scenarios' common parts: a lock on a {@link TestClock}, a writer that queues, and bounded waits on
 * the lock's own state and event counters. Nothing waits on time, and nothing asserts on it.
 */
final class Steps
{
    /** Every wait's limit; a step that does not happen within it fails with the lock's state and counters. */
    static final long WAIT_SECONDS = 20;
    /** The handoff timeout, in clock units. */
    static final long HANDOFF_TIMEOUT = 1_000_000;

    private Steps()
    {
    }

    static Rwsem lock(final String spec, final TestClock clock)
    {
        return builder(spec, clock).build();
    }

    /**
     * The same lock without the platform adaptations. With the engine's W7 a wake swaps WAITERS in the count for
     * WRITER_WAKING for the writer it wakes, so a free lock with WAITERS set and a woken writer exists only between
     * an unlock and its wake; without the adaptations it lasts until the writer tries, as in the kernel.
     */
    static Rwsem kernelLock(final String spec, final TestClock clock)
    {
        return builder(spec, clock).platformAdaptations(false).build();
    }

    private static RwsemBuilder builder(final String spec, final TestClock clock)
    {
        return Rwsem.builder().variant(spec).onHeap().clock(clock).handoffTimeout(Duration.ofNanos(HANDOFF_TIMEOUT))
            .spinBudget(Duration.ofNanos(10 * HANDOFF_TIMEOUT));
    }

    /**
     * A writer that takes the write lock with a timed try (a timed acquisition reads the clock after each failed
     * try, where a {@link TestClock} can stop it), logs its name, and releases. The timeout never passes: the clock
     * moves only when the test steps it.
     */
    static Locker timedWriter(final Rwsem lock, final String name, final Queue<String> order)
    {
        return Locker.start(name, () ->
        {
            try
            {
                assertTrue(lock.writeLock().tryLock(1, TimeUnit.HOURS), name + " timed out");
            }
            catch (final InterruptedException ex)
            {
                throw new AssertionError(ex);
            }
            order.add(name);
            lock.writeLock().unlock();
        });
    }

    /** A writer that takes the write lock (uninterruptibly), logs its name, and releases. */
    static Locker writer(final Rwsem lock, final String name, final Queue<String> order)
    {
        return Locker.start(name, () ->
        {
            lock.writeLock().lock();
            order.add(name);
            lock.writeLock().unlock();
        });
    }

    static void await(final Rwsem lock, final String what, final BooleanSupplier condition)
    {
        Locker.await(lock, what, condition);
    }
}
