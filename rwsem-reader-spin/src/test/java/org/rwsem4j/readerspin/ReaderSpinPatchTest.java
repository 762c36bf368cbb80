package org.rwsem4j.readerspin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.rwsem4j.LockEvent;
import org.rwsem4j.LockEvents;
import org.rwsem4j.Rwsem;
import org.rwsem4j.Tunables;
import org.rwsem4j.testkit.BusyWriter;
import org.rwsem4j.testkit.Contention;

/** Everything here needs reader-owned, which reader-spin requires; skipped when the build leaves it out. */
class ReaderSpinPatchTest
{
    @org.junit.jupiter.api.BeforeEach
    void needsReaderOwned()
    {
        org.junit.jupiter.api.Assumptions.assumeTrue(org.rwsem4j.Variant.available().contains("reader-owned"),
            "rwsem-reader-owned is not in this build");
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

    /** A live writer holds; a reader arrives; the writer releases. */
    private static LockEvents readerMeetsWriter(final String spec) throws InterruptedException
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

    @Test
    void readerSpinsOnAWriterOwnerAndTakesTheLockWithoutSleeping() throws InterruptedException
    {
        final LockEvents e = readerMeetsWriter("reader-owned+reader-spin");
        assertEquals(1, e.get(LockEvent.OPT_RLOCK), e::toString);
        assertEquals(0, e.get(LockEvent.SLEEP_READER), e::toString);
    }

    @Test
    void withoutThePatchTheReaderQueues() throws InterruptedException
    {
        final LockEvents e = readerMeetsWriter("reader-owned");
        assertEquals(0, e.get(LockEvent.OPT_RLOCK), e::toString);
        assertTrue(e.get(LockEvent.SLEEP_READER) >= 1, e::toString);
    }

    /** A writer spins on a live writer, which downgrades and keeps reading: the spinner meets a reader-owned lock. */
    private static LockEvents writerMeetsReaders(final String spec, final Tunables.ReaderSpinThreshold threshold)
        throws InterruptedException
    {
        final Rwsem lock = Rwsem.builder().variant(spec).spinBudget(Duration.ofSeconds(5))
            .readerSpinThreshold(threshold).build();
        final BusyWriter holder = BusyWriter.hold(lock);
        final Thread writer = start(() ->
        {
            lock.writeLock().lock();
            lock.writeLock().unlock();
        }, "writer");
        BusyWriter.await(lock, "a spinner", () -> lock.state().spinners());
        holder.downgrade();
        BusyWriter.await(lock, "the spinner to give up on readers",
            () -> lock.events().get(LockEvent.SPIN_STOP_READER) > 0);
        holder.release();
        join(writer, lock);
        assertTrue(lock.state().isQuiescent(), lock.state()::toString);
        return lock.events();
    }

    @Test
    void spinOnReaderOwnedIsBoundedByTheCountThreshold() throws InterruptedException
    {
        final LockEvents e = writerMeetsReaders("reader-owned+reader-spin", Tunables.ReaderSpinThreshold.COUNT);
        assertEquals(1, e.get(LockEvent.SPIN_ON_READERS), e::toString);
        assertEquals(1, e.get(LockEvent.SPIN_STOP_READER), e::toString);
    }

    @Test
    void spinOnReaderOwnedIsBoundedByTheTimeThreshold() throws InterruptedException
    {
        final LockEvents e = writerMeetsReaders("reader-owned+reader-spin", Tunables.ReaderSpinThreshold.TIME);
        assertEquals(1, e.get(LockEvent.SPIN_ON_READERS), e::toString);
        assertEquals(1, e.get(LockEvent.SPIN_STOP_READER), e::toString);
    }

    @Test
    void withoutThePatchAWriterStopsAtOnceOnReaders() throws InterruptedException
    {
        final LockEvents e = writerMeetsReaders("reader-owned", Tunables.ReaderSpinThreshold.COUNT);
        assertEquals(0, e.get(LockEvent.SPIN_ON_READERS), e::toString);
        assertEquals(1, e.get(LockEvent.SPIN_STOP_READER), e::toString);
    }

    @Test
    void contendedRunEndsQuiescent()
    {
        final Rwsem lock = Rwsem.of("reader-owned+reader-spin");
        assertTrue(Contention.run(lock, 6, 4, Duration.ofMillis(800), 20) > 0);
        assertTrue(lock.state().isQuiescent(), lock.state()::toString);
    }
}
