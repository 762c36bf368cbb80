package org.rwsem4j.testkit;

import org.rwsem4j.Rwsem;

/**
 * Arms a reader-biased lock the way reads do: a new lock is not biased, and a read unlock that finds another reader
 * counted arms it (past any inhibit window). This thread reads twice through the count and lets both go.
 */
public final class BiasArming
{
    private BiasArming()
    {
    }

    /**
     * @param lock a lock with a reader bias, unbiased, that this thread may read twice now
     * @return the lock, armed
     * @throws IllegalStateException if the two reads did not arm it
     */
    public static Rwsem armed(final Rwsem lock)
    {
        lock.readLock().lock();
        lock.readLock().lock();
        lock.readLock().unlock(); // sees two readers counted: arms
        lock.readLock().unlock();
        if (!lock.state().readBiased())
        {
            throw new IllegalStateException("two counted readers did not arm the bias: " + lock.state());
        }
        return lock;
    }
}
