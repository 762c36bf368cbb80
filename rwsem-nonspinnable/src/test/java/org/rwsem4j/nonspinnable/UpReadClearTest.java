package org.rwsem4j.nonspinnable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.rwsem4j.LockEvent;
import org.rwsem4j.Rwsem;
import org.rwsem4j.RwsemState;
import org.rwsem4j.Variant;
import org.rwsem4j.testkit.BusyWriter;
import org.rwsem4j.testkit.TestClock;
import org.rwsem4j.testkit.Locker;

/**
 * The kernel's {@code __up_read} rule: when the reader count drops to 0 with waiters queued, the mark goes. The
 * writer that marked the lock is queued and stopped in its clock read after its failed try ({@link TestClock}), so
 * when the last reader leaves, the lock is free with w1 queued and nobody has stored a writer in the owner word yet.
 */
class UpReadClearTest
{
    @Test
    void theLastReaderLeavingWithWaitersQueuedClearsTheMark()
    {
        Assumptions.assumeTrue(Variant.available().containsAll(List.of("reader-owned", "spin-on-readers")),
            "rwsem-reader-owned or rwsem-reader-spin is not in this build");
        final TestClock clock = TestClock.manual();
        final Rwsem lock = Scene.lock(NonspinnablePatchTest.WITH, clock);
        final Locker w1;
        final String marked;
        final RwsemState freed;
        try (BusyWriter holder = BusyWriter.hold(lock))
        {
            clock.stop("w1", lock::hasQueuedThreads); // w1 holds nothing in that clock read
            w1 = Locker.start("w1", () ->
            {
                try
                {
                    assertTrue(lock.writeLock().tryLock(1, TimeUnit.HOURS), "w1 timed out");
                }
                catch (final InterruptedException ex)
                {
                    throw new AssertionError(ex);
                }
                lock.writeLock().unlock();
            });
            try
            {
                Scene.spinOnReadersUntilQueued(lock, holder, w1);
                clock.awaitStopped(lock);
                marked = lock.state().owner();
                holder.release();
                freed = lock.state();
            }
            finally
            {
                clock.open();
            }
        }
        w1.join();
        assertEquals(Scene.MARKED, marked, "precondition: w1 marked the lock");
        // WAITERS itself may be gone: the last reader's wake swapped it for WRITER_WAKING for w1 (the engine's W7)
        // until w1 is back.
        assertTrue(!freed.waiters().isEmpty() && !freed.writerLocked() && freed.readers() == 0,
            () -> "precondition: a free lock with w1 queued: " + freed);
        assertEquals(Scene.READERS, freed.owner(), "the last reader left with waiters queued and kept the mark");
        assertEquals(1, lock.events().get(LockEvent.SET_NONSPINNABLE), lock.events()::toString);
        assertTrue(lock.state().isQuiescent(), lock.state()::toString);
    }
}
