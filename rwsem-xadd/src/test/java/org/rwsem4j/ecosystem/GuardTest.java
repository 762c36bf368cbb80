package org.rwsem4j.ecosystem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.rwsem4j.Guard;
import org.rwsem4j.Rwsem;

/** Try-with-resources guards release once, only on the acquiring thread. */
class GuardTest
{
    private final Rwsem lock = Rwsem.of("base");

    @Test
    void readAndWriteGuardsReleaseAtTheEndOfTheBlock()
    {
        try (Guard g = lock.readGuard())
        {
            assertEquals(1, lock.getReadLockCount());
            try (Guard g2 = lock.readGuard())
            {
                assertEquals(2, lock.getReadLockCount());
            }
            assertEquals(1, lock.getReadLockCount());
        }
        assertEquals(0, lock.getReadLockCount());
        try (Guard g = lock.writeGuard())
        {
            assertTrue(lock.isWriteLockedByCurrentThread());
        }
        assertFalse(lock.isWriteLocked());
    }

    @Test
    void anExceptionInTheBlockStillReleases()
    {
        assertThrows(ArithmeticException.class, () ->
        {
            try (Guard g = lock.writeGuard())
            {
                throw new ArithmeticException("boom");
            }
        });
        assertFalse(lock.isWriteLocked());
        assertTrue(lock.writeLock().tryLock());
        lock.writeLock().unlock();
    }

    @Test
    void aSecondCloseThrowsAndReleasesNothing()
    {
        final Guard other = lock.readGuard(); // someone else's read hold, which a double unlock would steal
        final Guard mine = lock.readGuard();
        assertEquals(2, lock.getReadLockCount());
        mine.close();
        assertEquals(1, lock.getReadLockCount());
        assertThrows(IllegalStateException.class, mine::close);
        assertEquals(1, lock.getReadLockCount(), "the second close released another hold");
        other.close();
        assertEquals(0, lock.getReadLockCount());

        final Guard w = lock.writeGuard();
        w.close();
        assertFalse(lock.isWriteLocked());
        try (Guard next = lock.writeGuard())
        {
            assertThrows(IllegalStateException.class, w::close);
            assertTrue(lock.isWriteLockedByCurrentThread(), "a stale guard's close must not release a new hold");
        }
        assertFalse(lock.isWriteLocked());
    }

    @Test
    void closeFromAnotherThreadIsIllegalMonitorStateAndReleasesNothing() throws Exception
    {
        for (final boolean write : new boolean[]{true, false})
        {
            final Guard g = write ? lock.writeGuard() : lock.readGuard();
            final AtomicReference<Throwable> thrown = new AtomicReference<>();
            final Thread t = Threads.start("guard-closer", () ->
            {
                try
                {
                    g.close();
                }
                catch (final Throwable ex)
                {
                    thrown.set(ex);
                }
            });
            t.join(Threads.BOUND_SECONDS * 1000);
            assertTrue(thrown.get() instanceof IllegalMonitorStateException, String.valueOf(thrown.get()));
            if (write)
            {
                assertTrue(lock.isWriteLockedByCurrentThread());
            }
            else
            {
                assertEquals(1, lock.getReadLockCount());
            }
            g.close(); // the owner still can, once
            assertFalse(lock.isWriteLocked());
            assertEquals(0, lock.getReadLockCount());
            assertThrows(IllegalStateException.class, g::close);
        }
    }
}
