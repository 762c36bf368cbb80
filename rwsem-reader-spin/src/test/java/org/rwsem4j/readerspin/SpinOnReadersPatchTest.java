package org.rwsem4j.readerspin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.rwsem4j.LockEvent;
import org.rwsem4j.LockEvents;
import org.rwsem4j.Rwsem;
import org.rwsem4j.Tunables;
import org.rwsem4j.Variant;
import org.rwsem4j.testkit.BusyWriter;
import org.rwsem4j.testkit.Contention;
import org.rwsem4j.testkit.Locker;

/**
 * spin-on-readers without reader-spin: the 5.11 configuration, where writers spin on a reader-owned lock within a
 * threshold and readers do not spin. Everything here needs reader-owned, which spin-on-readers requires; skipped when
 * the build leaves it out.
 */
class SpinOnReadersPatchTest
{
    private static final String WITH = "reader-owned+spin-on-readers";
    private static final String WITHOUT = "reader-owned";

    /** Iterations to wait on readers before stepping the clock: far above any count threshold (here 1). */
    static final long SPIN_READS = 2_000;

    @BeforeEach
    void needsReaderOwned()
    {
        Assumptions.assumeTrue(Variant.available().contains("reader-owned"), "rwsem-reader-owned is not in this build");
    }

    /**
     * Writers spin on readers, readers do not spin: a writer meeting a reader phase spins within the threshold
     * ({@code rwsem_spin_on_readers}), and a reader meeting a live writer queues and sleeps (no
     * {@code rwsem_opt_rlock}).
     */
    @Test
    void writersSpinOnReadersButReadersDoNotSpin() throws InterruptedException
    {
        final LockEvents writer = Meetings.writerMeetsReaders(WITH, Tunables.ReaderSpinThreshold.COUNT,
            Tunables.DEFAULT_READER_SPIN_COUNT, (lock, clock) ->
            {
            });
        assertEquals(1, writer.get(LockEvent.SPIN_ON_READERS), writer::toString);
        final LockEvents reader = Meetings.readerMeetsWriter(WITH);
        assertEquals(0, reader.get(LockEvent.OPT_RLOCK), reader::toString);
        assertTrue(reader.get(LockEvent.SLEEP_READER) >= 1, reader::toString);
    }

    /** The count alone ends the spin: the clock never moves, so no time threshold could have. */
    @Test
    void spinOnReaderOwnedIsBoundedByTheCountThreshold() throws InterruptedException
    {
        final LockEvents e = Meetings.writerMeetsReaders(WITH, Tunables.ReaderSpinThreshold.COUNT,
            Tunables.DEFAULT_READER_SPIN_COUNT, (lock, clock) ->
            {
            });
        assertEquals(1, e.get(LockEvent.SPIN_ON_READERS), e::toString);
        assertEquals(1, e.get(LockEvent.SPIN_STOP_READER), e::toString);
    }

    /**
     * Time alone ends the spin (the 5.3 form, 7d43f1ce9dd0): with a count threshold of 1, the writer keeps spinning
     * on the readers for thousands of iterations while the clock stands still, and stops once the clock passes the
     * 10-25 us budget.
     */
    @Test
    void spinOnReaderOwnedIsBoundedByTheTimeThreshold() throws InterruptedException
    {
        final LockEvents e = Meetings.writerMeetsReaders(WITH, Tunables.ReaderSpinThreshold.TIME, 1,
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
        final LockEvents e = Meetings.writerMeetsReaders(WITHOUT, Tunables.ReaderSpinThreshold.COUNT,
            Tunables.DEFAULT_READER_SPIN_COUNT, (lock, clock) ->
            {
            });
        assertEquals(0, e.get(LockEvent.SPIN_ON_READERS), e::toString);
        assertEquals(1, e.get(LockEvent.SPIN_STOP_READER), e::toString);
    }

    /**
     * The engine's W5 ("no optimistic spin past sleepers") keeps one exception: on a reader-owned lock a writer still
     * spins, even with another writer queued, because that spin is how a writer gets in between long read sections
     * (the reader-flood fairness case). Without the exception the second writer would queue at once, counted as
     * {@code rwsem_opt_nospin_waiters}, and never meet the readers.
     */
    @Test
    void aWriterStillSpinsOnReadersWhileAnotherWriterIsQueued() throws InterruptedException
    {
        final Rwsem lock = Rwsem.builder().variant(WITH).spinBudget(Duration.ofSeconds(5)).build();
        assertTrue(lock.tunables().platformAdaptations(), "W5 is a platform adaptation: they must be on");
        lock.readLock().lock();
        final Thread first = writer(lock, "first-writer");
        Locker.awaitQueued(lock, 1); // the first writer
        final LockEvents before = lock.events();
        final Thread second = writer(lock, "second-writer");
        Locker.awaitQueued(lock, 2); // the second writer
        final LockEvents after = lock.events();
        lock.readLock().unlock();
        first.join(30_000);
        second.join(30_000);
        assertTrue(!first.isAlive() && !second.isAlive(), lock.state()::toString);
        assertEquals(0, after.get(LockEvent.OPT_NOSPIN_WAITERS) - before.get(LockEvent.OPT_NOSPIN_WAITERS),
            after::toString);
        assertEquals(1, after.get(LockEvent.SPIN_ON_READERS) - before.get(LockEvent.SPIN_ON_READERS),
            after::toString);
        assertTrue(lock.state().isQuiescent(), lock.state()::toString);
    }

    private static Thread writer(final Rwsem lock, final String name)
    {
        final Thread t = new Thread(() ->
        {
            lock.writeLock().lock();
            lock.writeLock().unlock();
        }, name);
        t.setDaemon(true);
        t.start();
        return t;
    }

    @Test
    void contendedRunEndsQuiescent()
    {
        final Rwsem lock = Rwsem.of(WITH);
        assertTrue(Contention.run(lock, 6, 4, Duration.ofMillis(800), 20) > 0);
        assertTrue(lock.state().isQuiescent(), lock.state()::toString);
    }
}
