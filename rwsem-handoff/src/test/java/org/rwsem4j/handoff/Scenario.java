package org.rwsem4j.handoff;

import java.time.Duration;
import java.util.function.BooleanSupplier;

import org.rwsem4j.LockEvent;
import org.rwsem4j.Rwsem;
import org.rwsem4j.testkit.Locker;
import org.rwsem4j.testkit.TestClock;

/**
 * The step-by-step handoff scenarios' common parts: a lock on a {@link TestClock} with a handoff timeout and a
 * spin budget in that clock's units, lockers that take and release the write lock, and bounded waits on the lock's
 * own state and event counters. Nothing waits on time, and nothing asserts on it.
 */
final class Scenario
{
    /** Every wait's limit; a scenario step that does not happen within it fails with the lock's state. */
    static final long WAIT_SECONDS = 20;
    /** The handoff timeout, in clock units: a queued writer may set HANDOFF once the test has stepped this far. */
    static final long HANDOFF_TIMEOUT = 1_000_000;
    /** The spin budget, in clock units: ten handoff timeouts, so a timeout step alone ends no spin. */
    static final long SPIN_BUDGET = 10 * HANDOFF_TIMEOUT;
    /** How many more clock reads count as "the spinner went round its loop many times" (16 spins a read at least). */
    static final long MANY_READS = 1_000;

    private Scenario()
    {
    }

    /**
     * A lock with the kernel's algorithm alone: every scenario here puts a spinner beside a queued writer, which the
     * engine's W5 (no optimistic spin past sleepers) would turn into a second queued writer.
     */
    static Rwsem lock(final String spec, final TestClock clock, final long handoffTimeout)
    {
        return Rwsem.builder().variant(spec).onHeap().clock(clock).handoffTimeout(Duration.ofNanos(handoffTimeout))
            .spinBudget(Duration.ofNanos(SPIN_BUDGET)).platformAdaptations(false).build();
    }

    /** Starts a writer that takes the write lock and releases it at once. */
    static Locker writer(final Rwsem lock, final String name)
    {
        return Locker.start(name, () ->
        {
            lock.writeLock().lock();
            lock.writeLock().unlock();
        });
    }

    static void await(final Rwsem lock, final String what, final BooleanSupplier condition)
    {
        Locker.await(lock, what, condition);
    }

    static void awaitEvent(final Rwsem lock, final LockEvent event, final long atLeast)
    {
        await(lock, event.kernelName() + " >= " + atLeast, () -> lock.events().get(event) >= atLeast);
    }

    /** A writer queues behind the (parked) holder and sleeps: it has not waited long enough to set HANDOFF yet. */
    static Locker queueSleepingWriter(final Rwsem lock, final String name, final long sleepersBefore)
    {
        final Locker w = writer(lock, name);
        awaitEvent(lock, LockEvent.SLEEP_WRITER, sleepersBefore + 1);
        await(lock, name + " parked", () -> w.thread().getState() == Thread.State.WAITING);
        return w;
    }
}
