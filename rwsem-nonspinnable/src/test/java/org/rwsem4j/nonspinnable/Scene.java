package org.rwsem4j.nonspinnable;

import java.time.Duration;

import org.rwsem4j.NanoClock;
import org.rwsem4j.Rwsem;
import org.rwsem4j.Tunables;
import org.rwsem4j.testkit.BusyWriter;
import org.rwsem4j.testkit.Locker;

/**
 * The steps the nonspinnable scenarios share: a lock whose clock stands still (so only the reader-owned count
 * threshold ends a spin on readers, never the spin budget), a writer that spins on a busy writer until it downgrades
 * and then on the readers until the threshold, and writers that are interrupted out of the queue. Every wait is on the
 * lock's own state and counters, bounded by {@link Locker#WAIT_SECONDS}.
 */
final class Scene
{
    static final String MARKED = "READER_OWNED|NONSPINNABLE";
    static final String READERS = "READER_OWNED";

    private Scene()
    {
    }

    static Rwsem lock(final String spec, final NanoClock clock)
    {
        return Rwsem.builder().variant(spec).onHeap().clock(clock).spinBudget(Duration.ofSeconds(5))
            .readerSpinThreshold(Tunables.ReaderSpinThreshold.COUNT)
            .readerSpinCount(Tunables.DEFAULT_READER_SPIN_COUNT).build();
    }

    /**
     * A writer that waits interruptibly and expects to be interrupted before it gets the lock (a reader holds it all
     * the while).
     */
    static Locker interruptibleWriter(final Rwsem lock, final String name)
    {
        return Locker.start(name, () ->
        {
            try
            {
                lock.writeLock().lockInterruptibly();
            }
            catch (final InterruptedException expected)
            {
                return;
            }
            lock.writeLock().unlock();
            throw new AssertionError(name + " took the lock; it was to be interrupted in the queue: " + lock);
        });
    }

    /**
     * {@code holder} holds the write lock; {@code writer} (started by the caller) spins on it; the holder downgrades,
     * so the spinner meets a reader-owned lock and spins on it until the count threshold ends the spin; it then
     * queues. Returns once it is queued.
     */
    static void spinOnReadersUntilQueued(final Rwsem lock, final BusyWriter holder, final Locker writer)
    {
        Locker.await(lock, writer.thread().getName() + " to spin on the holder", () -> lock.state().spinners());
        holder.downgrade();
        Locker.await(lock, writer.thread().getName() + " to give up on the readers and queue", lock::hasQueuedThreads);
    }

    /** Interrupts a writer started by {@link #interruptibleWriter} and waits until it has left the queue. */
    static void interruptOut(final Locker writer)
    {
        writer.thread().interrupt();
        writer.join();
    }
}
