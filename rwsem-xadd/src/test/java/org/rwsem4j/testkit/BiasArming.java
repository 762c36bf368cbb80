package org.rwsem4j.testkit;

import java.util.concurrent.locks.LockSupport;

import org.rwsem4j.Rwsem;

/**
 * Arms a reader-biased lock the way reads do: a new lock is not biased, and a read unlock that finds another reader
 * counted arms it (past any inhibit window, and there once the draw that decides which unlock reads the clock says
 * so). This thread reads twice through the count and lets both go; after a revocation that found no biased reader (its
 * window is started by the first unlock that would arm), again a few milliseconds later until one arms it.
 */
public final class BiasArming
{
    /** Past the window that such an unlock starts (a microsecond or two). */
    private static final long PAST_UNTIMED_WINDOW_NANOS = 2_000_000;
    /**
     * Reads past the window: one unlock in {@code ARM_CHECK_PERIOD} (16) reads the clock, so 4096 tries all miss it
     * once in about 10^115.
     */
    private static final int RETRIES = 4096;

    private BiasArming()
    {
    }

    /**
     * @param lock a lock with a reader bias, unbiased, that this thread may read twice now
     * @return the lock, armed
     * @throws IllegalStateException if the reads did not arm it
     */
    public static Rwsem armed(final Rwsem lock)
    {
        readTwice(lock);
        if (!lock.state().readBiased())
        {
            LockSupport.parkNanos(PAST_UNTIMED_WINDOW_NANOS);
            for (int i = 0; i < RETRIES && !lock.state().readBiased(); i++)
            {
                readTwice(lock);
            }
        }
        if (!lock.state().readBiased())
        {
            throw new IllegalStateException("two counted readers did not arm the bias: " + lock.state());
        }
        return lock;
    }

    private static void readTwice(final Rwsem lock)
    {
        lock.readLock().lock();
        lock.readLock().lock();
        lock.readLock().unlock(); // sees two readers counted: arms
        lock.readLock().unlock();
    }
}
