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
import org.rwsem4j.testkit.SteppedClock;

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

    /**
     * Up to three tries: a spinner gives up when the owner thread is not RUNNABLE, and a cold JVM's first release can
     * briefly block the writer (class loading and initialisation take locks), which once made the only try fail
     * (rwsem_opt_fail=1). Without the patch no try can spin, so the test still fails when reader spinning is gone.
     */
    @Test
    void readerSpinsOnAWriterOwnerAndTakesTheLockWithoutSleeping() throws InterruptedException
    {
        LockEvents e = readerMeetsWriter("reader-owned+reader-spin");
        for (int tries = 1; tries < 3 && e.get(LockEvent.OPT_RLOCK) == 0; tries++)
        {
            e = readerMeetsWriter("reader-owned+reader-spin");
        }
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

    /**
     * A writer spins on a live writer, which downgrades and keeps reading: the spinner meets a reader-owned lock.
     * The lock's clock stands still unless {@code whileSpinningOnReaders} steps it, so the spin budget never ends the
     * spin: only the reader-owned threshold can.
     */
    private static LockEvents writerMeetsReaders(final String spec, final Tunables.ReaderSpinThreshold threshold,
        final int readerSpinCount, final java.util.function.BiConsumer<Rwsem, SteppedClock> whileSpinningOnReaders)
        throws InterruptedException
    {
        final SteppedClock clock = new SteppedClock();
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

    /** The count alone ends the spin: the clock never moves, so no time threshold could have. */
    @Test
    void spinOnReaderOwnedIsBoundedByTheCountThreshold() throws InterruptedException
    {
        final LockEvents e = writerMeetsReaders("reader-owned+reader-spin", Tunables.ReaderSpinThreshold.COUNT,
            Tunables.DEFAULT_READER_SPIN_COUNT, (lock, clock) ->
            {
            });
        assertEquals(1, e.get(LockEvent.SPIN_ON_READERS), e::toString);
        assertEquals(1, e.get(LockEvent.SPIN_STOP_READER), e::toString);
    }

    /** Iterations to wait on readers before stepping the clock: far above any count threshold (here 1). */
    static final long SPIN_READS = 2_000;

    /**
     * Time alone ends the spin: with a count threshold of 1, the writer keeps spinning on the readers for thousands
     * of iterations while the clock stands still, and stops once the clock passes the 10-25 us budget.
     */
    @Test
    void spinOnReaderOwnedIsBoundedByTheTimeThreshold() throws InterruptedException
    {
        final LockEvents e = writerMeetsReaders("reader-owned+reader-spin", Tunables.ReaderSpinThreshold.TIME, 1,
            (lock, clock) ->
            {
                BusyWriter.await(lock, "the spinner to meet the readers",
                    () -> lock.events().get(LockEvent.SPIN_ON_READERS) > 0);
                final long from = clock.reads();
                BusyWriter.await(lock, SPIN_READS + " spin iterations on the readers",
                    () -> clock.reads() - from >= SPIN_READS ||
                        lock.events().get(LockEvent.SPIN_STOP_READER) > 0);
                assertEquals(0, lock.events().get(LockEvent.SPIN_STOP_READER),
                    () -> "stopped on readers while the clock stood still: " + lock.events());
                assertTrue(lock.state().spinners(), lock.state()::toString);
                clock.step(1_000_000);
            });
        assertEquals(1, e.get(LockEvent.SPIN_ON_READERS), e::toString);
        assertEquals(1, e.get(LockEvent.SPIN_STOP_READER), e::toString);
    }

    @Test
    void withoutThePatchAWriterStopsAtOnceOnReaders() throws InterruptedException
    {
        final LockEvents e = writerMeetsReaders("reader-owned", Tunables.ReaderSpinThreshold.COUNT,
            Tunables.DEFAULT_READER_SPIN_COUNT, (lock, clock) ->
            {
            });
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
