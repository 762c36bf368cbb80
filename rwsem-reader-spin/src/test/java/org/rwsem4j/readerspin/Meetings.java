package org.rwsem4j.readerspin;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.function.BiConsumer;

import org.rwsem4j.LockEvent;
import org.rwsem4j.LockEvents;
import org.rwsem4j.Rwsem;
import org.rwsem4j.Tunables;
import org.rwsem4j.testkit.BusyWriter;
import org.rwsem4j.testkit.TestClock;

/** The two scenes the seed-000 spin tests stage: a reader meets a live writer, a writer meets a reader phase. */
final class Meetings
{
    private Meetings()
    {
    }

    private static Thread start(final Runnable r, final String name)
    {
        final Thread t = new Thread(r, name);
        t.setDaemon(true);
        t.start();
        return t;
    }

    private static void join(final Thread t, final Rwsem lock) throws InterruptedException
    {
        t.join(30_000);
        assertTrue(!t.isAlive(), () -> t.getName() + " stuck: " + lock.state());
    }

    /**
     * A live writer holds; a reader arrives; the writer releases once the reader spins or queues.
     *
     * @param spec the variant
     * @return the lock's events
     * @throws InterruptedException if interrupted while joining
     */
    static LockEvents readerMeetsWriter(final String spec) throws InterruptedException
    {
        final Rwsem lock = Rwsem.builder().variant(spec).spinBudget(Duration.ofSeconds(2)).build();
        final BusyWriter holder = BusyWriter.hold(lock);
        final Thread reader = start(() ->
        {
            lock.readLock().lock();
            lock.readLock().unlock();
        }, "reader");
        BusyWriter.await(lock, "the reader to spin or queue", () -> lock.state().spinners() || lock.hasQueuedThreads());
        holder.release();
        join(reader, lock);
        assertTrue(lock.state().isQuiescent(), lock.state()::toString);
        return lock.events();
    }

    /**
     * A writer spins on a live writer, which downgrades and keeps reading: the spinner meets a reader-owned lock.
     * The lock's clock stands still unless {@code whileSpinningOnReaders} steps it, so the spin budget never ends the
     * spin: only the reader-owned threshold can.
     *
     * @param spec                   the variant
     * @param threshold              the reader-owned threshold's form
     * @param readerSpinCount        the count threshold
     * @param whileSpinningOnReaders runs after the downgrade, before the spinner is awaited to give up
     * @return the lock's events
     * @throws InterruptedException if interrupted while joining
     */
    static LockEvents writerMeetsReaders(final String spec, final Tunables.ReaderSpinThreshold threshold,
        final int readerSpinCount, final BiConsumer<Rwsem, TestClock> whileSpinningOnReaders)
        throws InterruptedException
    {
        final TestClock clock = TestClock.manual();
        final Rwsem lock = Rwsem.builder().variant(spec).spinBudget(Duration.ofSeconds(5)).clock(clock)
            .readerSpinThreshold(threshold).readerSpinCount(readerSpinCount).build();
        final BusyWriter holder = BusyWriter.hold(lock);
        final Thread writer = start(() ->
        {
            lock.writeLock().lock();
            lock.writeLock().unlock();
        }, "writer");
        BusyWriter.await(lock, "a spinner", () -> lock.state().spinners());
        holder.downgrade();
        whileSpinningOnReaders.accept(lock, clock);
        BusyWriter.await(lock, "the spinner to give up on readers",
            () -> lock.events().get(LockEvent.SPIN_STOP_READER) > 0);
        holder.release();
        join(writer, lock);
        assertTrue(lock.state().isQuiescent(), lock.state()::toString);
        return lock.events();
    }
}
