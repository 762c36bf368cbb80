package org.rwsem4j.phasefair;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
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
        final Runnable reader = () ->
        {
            lock.readLock().lock();
            try
            {
                inside.countDown();
                out.await();
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
            }
            finally
            {
                lock.readLock().unlock();
            }
        };
        final List<Thread> threads = new ArrayList<>(READERS);
        lock.writeLock().lock();
        for (int i = 0; i < READERS; i++)
        {
            threads.add(start(reader, "r" + i));
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

    private static Thread start(final Runnable body, final String name) throws Throwable
    {
        final MethodHandle virtual = ofVirtualStart();
        if (virtual != null)
        {
            return (Thread)virtual.invoke(body);
        }
        final Thread t = new Thread(null, body, name, 256 * 1024);
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** {@code Thread.startVirtualThread(Runnable)}, or null on JDK 17. */
    private static MethodHandle ofVirtualStart()
    {
        try
        {
            return MethodHandles.publicLookup().findStatic(Thread.class, "startVirtualThread",
                MethodType.methodType(Thread.class, Runnable.class));
        }
        catch (final NoSuchMethodException | IllegalAccessException ex)
        {
            return null;
        }
    }
}
