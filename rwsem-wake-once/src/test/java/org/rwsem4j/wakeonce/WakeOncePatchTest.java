package org.rwsem4j.wakeonce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.rwsem4j.LockEvent;
import org.rwsem4j.LockEvents;
import org.rwsem4j.Rwsem;
import org.rwsem4j.testkit.BusyWriter;
import org.rwsem4j.testkit.Contention;
import org.rwsem4j.testkit.Locker;

class WakeOncePatchTest
{
    /** A writer holds; {@code readers} readers queue; the writer releases: one wake grants them all. */
    private static LockEvents wakeQueuedReaders(final String spec, final int readers) throws InterruptedException
    {
        final Rwsem lock = Rwsem.of(spec);
        final BusyWriter holder = BusyWriter.hold(lock);
        final List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < readers; i++)
        {
            final Thread t = new Thread(() ->
            {
                lock.readLock().lock();
                lock.readLock().unlock();
            }, "reader-" + i);
            t.setDaemon(true);
            t.start();
            threads.add(t);
        }
        Locker.awaitQueued(lock, readers);
        holder.release();
        for (final Thread t : threads)
        {
            t.join(30_000);
            assertTrue(!t.isAlive(), () -> t.getName() + " never got the lock: " + lock.state());
        }
        assertTrue(lock.state().isQuiescent(), lock.state()::toString);
        return lock.events();
    }

    @Test
    void oneScanOfTheSharedListPerWake() throws InterruptedException
    {
        final LockEvents e = wakeQueuedReaders("wake-once", 5);
        assertEquals(5, e.get(LockEvent.WAKE_READER), e::toString);
        assertEquals(1, e.get(LockEvent.WAKE_LIST_SCAN), e::toString);
    }

    @Test
    void withoutThePatchTheBaseScansTwice() throws InterruptedException
    {
        final LockEvents e = wakeQueuedReaders("base", 5);
        assertEquals(5, e.get(LockEvent.WAKE_READER), e::toString);
        assertEquals(2, e.get(LockEvent.WAKE_LIST_SCAN), e::toString);
    }

    @Test
    void contendedRunEndsQuiescent()
    {
        final Rwsem lock = Rwsem.of("wake-once");
        // contend in rounds until a reader was woken: on a loaded machine one short round may see no queued reader
        for (int round = 0; round < 40 && lock.events().get(LockEvent.WAKE_READER) == 0; round++)
        {
            assertTrue(Contention.run(lock, 6, 2, Duration.ofMillis(500), 20) > 0);
            assertTrue(lock.state().isQuiescent(), lock.state()::toString);
        }
        assertTrue(lock.events().get(LockEvent.WAKE_READER) > 0,
            () -> "no reader woken in 40 rounds: " + lock.events());
    }
}
