package org.rwsem4j.phasefair;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.rwsem4j.LockEvent;
import org.rwsem4j.Rwsem;
import org.rwsem4j.Variant;
import org.rwsem4j.testkit.Locker;
import org.rwsem4j.testkit.ManyThreads;

/**
 * One writer's unlock admits 10,000 queued readers as one phase: all of them hold the read lock at the same time
 * (each waits inside for the others), the unlocker unparks 256 of them, and the woken readers unpark the other 9,744
 * ({@link LockEvent#WAKE_READER_FORWARDED}). Virtual threads where the JDK has them (21+), else platform threads with
 * small stacks. A lost forwarded wakeup leaves readers parked with their grant and fails the wait for all 10,000
 * inside.
 */
@Timeout(300)
class TenThousandReadersTest
{
    private static final int READERS = 10_000;

    @Test
    void oneUnlockAdmitsTenThousandReadersAndUnparks256() throws Throwable
    {
        Assumptions.assumeTrue(Variant.available().contains("wake-all-readers"), "a required module is missing");
        final Rwsem lock = PhaseFairPatchTest.lock(PhaseFairPatchTest.PHASE_FAIR);
        final CountDownLatch inside = new CountDownLatch(READERS);
        final CountDownLatch out = new CountDownLatch(1);
        final Runnable reader = ManyThreads.heldRead(lock, inside, out);
        final List<Thread> threads = new ArrayList<>(READERS);
        lock.writeLock().lock();
        for (int i = 0; i < READERS; i++)
        {
            threads.add(ManyThreads.start(reader, "r" + i));
        }
        Locker.awaitQueued(lock, READERS);
        lock.writeLock().unlock();
        assertEquals(READERS, lock.state().readers(), "one grant for every queued reader");
        final boolean all = inside.await(Locker.WAIT_SECONDS * 3, TimeUnit.SECONDS);
        out.countDown();
        assertTrue(all, () -> (READERS - inside.getCount()) + " of " + READERS + " readers woke: " + lock.events());
        for (final Thread t : threads)
        {
            t.join(TimeUnit.SECONDS.toMillis(Locker.WAIT_SECONDS));
            assertTrue(!t.isAlive(), t.getName() + " did not finish");
        }
        assertEquals(READERS, lock.events().get(LockEvent.WAKE_READER), lock.events()::toString);
        assertEquals(READERS - 256, lock.events().get(LockEvent.WAKE_READER_FORWARDED), lock.events()::toString);
        assertTrue(lock.state().isQuiescent(), lock.state()::toString);
    }
}
