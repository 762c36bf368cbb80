package org.rwsem4j.readerowned;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.rwsem4j.LockEvent;
import org.rwsem4j.LockEvents;
import org.rwsem4j.Rwsem;
import org.rwsem4j.testkit.BusyWriter;
import org.rwsem4j.testkit.Contention;

class ReaderOwnedPatchTest
{
    /**
     * A writer spins on a live writer owner, which then downgrades to a reader. With reader-owned the owner word says
     * READER_OWNED and the spinner stops at once; in the base it says NULL and the spinner keeps going.
     */
    private static LockEvents spinnerSeesDowngrade(final String spec)
    {
        final Rwsem lock = Rwsem.builder().variant(spec).spinBudget(Duration.ofSeconds(2)).build();
        final BusyWriter holder = BusyWriter.hold(lock);
        final Thread spinner = new Thread(() ->
        {
            lock.writeLock().lock();
            lock.writeLock().unlock();
        }, "spinner");
        spinner.setDaemon(true);
        spinner.start();
        BusyWriter.await(lock, "a spinner in the OSQ", () -> lock.state().spinners());
        holder.downgrade();
        BusyWriter.await(lock, "the spinner to react", () ->
            lock.events().get(LockEvent.SPIN_STOP_READER) + lock.events().get(LockEvent.SPIN_NULL_OWNER) > 0);
        holder.release();
        try
        {
            spinner.join(30_000);
        }
        catch (final InterruptedException ex)
        {
            throw new AssertionError(ex);
        }
        assertTrue(!spinner.isAlive(), "spinner finished");
        assertTrue(lock.state().isQuiescent(), lock.state()::toString);
        return lock.events();
    }

    @Test
    void spinnerStopsOnReaderOwnedLock()
    {
        final LockEvents e = spinnerSeesDowngrade("reader-owned");
        assertTrue(e.get(LockEvent.SPIN_STOP_READER) >= 1, e::toString);
        assertEquals(0, e.get(LockEvent.SPIN_NULL_OWNER), e::toString);
    }

    @Test
    void withoutThePatchTheSpinnerKeepsSpinningThroughNull()
    {
        final LockEvents e = spinnerSeesDowngrade("base");
        assertTrue(e.get(LockEvent.SPIN_NULL_OWNER) >= 1, e::toString);
        assertEquals(0, e.get(LockEvent.SPIN_STOP_READER), e::toString);
    }

    @Test
    void readersPublishReaderOwnedAndWritersStartSpinningOnNull()
    {
        final Rwsem lock = Rwsem.of("reader-owned");
        lock.readLock().lock();
        assertEquals("READER_OWNED", lock.state().owner());
        lock.readLock().unlock();
        assertEquals("READER_OWNED", lock.state().owner(), "readers never clear the marker");
        lock.writeLock().lock();
        assertTrue(lock.state().owner().startsWith(Thread.currentThread().getName()));
        lock.writeLock().unlock();
        assertEquals("NULL", lock.state().owner());

        final Rwsem base = Rwsem.of("base");
        base.readLock().lock();
        assertEquals("NULL", base.state().owner(), "the base leaves the owner NULL for readers");
        base.readLock().unlock();
    }

    @Test
    void contendedRunEndsQuiescent()
    {
        final Rwsem lock = Rwsem.of("reader-owned");
        assertTrue(Contention.run(lock, 4, 4, Duration.ofMillis(500), 20) > 0);
        assertTrue(lock.state().isQuiescent(), lock.state()::toString);
    }
}
