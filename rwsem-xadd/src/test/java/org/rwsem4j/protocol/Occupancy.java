package org.rwsem4j.protocol;

import java.util.concurrent.atomic.AtomicInteger;

import org.rwsem4j.Rwsem;

/**
 * The exclusion oracle of the Lincheck subjects: who is inside the critical section, checked on every entry against
 * the other side and against the lock's own reader count. Each check returns a verdict code; the sequential
 * specifications return {@link #OK} for every operation, so any other code is reported by Lincheck together with
 * the interleaving that produced it.
 *
 * <p>Soundness of the count check: a reader increments {@code readers} after its lock call returned and decrements
 * it before it unlocks, both under {@code monitor}, and reads the count under the same monitor. So every reader
 * counted at that moment holds the lock, and a correct lock's count includes each of them.
 */
final class Occupancy
{
    static final int OK = 0;
    /** A writer entered while a reader or another writer was inside. */
    static final int WRITER_NOT_ALONE = 1;
    /** A reader entered while a writer was inside. */
    static final int READER_WITH_WRITER = 2;
    /** The lock word counted fewer readers than were inside (a grant not yet in the count). */
    static final int COUNT_BELOW_READERS = 3;
    /** A reader's unlock threw: the count had no reader left to remove. */
    static final int READ_UNLOCK_THREW = 4;
    /** An unqueued acquisition got in while HANDOFF reserved the lock for the waiting queue head. */
    static final int HANDOFF_BYPASSED = 5;

    /** The first bad verdict of two. */
    static int first(final int a, final int b)
    {
        return a != OK ? a : b;
    }

    private final Rwsem lock;
    private final Object monitor = new Object();
    final AtomicInteger readers = new AtomicInteger();
    final AtomicInteger writers = new AtomicInteger();

    Occupancy(final Rwsem lock)
    {
        this.lock = lock;
    }

    /** Call right after a read lock was acquired. */
    int enterRead()
    {
        synchronized (monitor)
        {
            final int inside = readers.incrementAndGet();
            if (writers.get() != 0)
            {
                return READER_WITH_WRITER;
            }
            if (lock.getReadLockCount() < inside)
            {
                return COUNT_BELOW_READERS;
            }
            return OK;
        }
    }

    /** Leaves and unlocks the read side; keeps the first bad verdict. */
    int exitRead(final int verdict)
    {
        synchronized (monitor)
        {
            readers.decrementAndGet();
        }
        try
        {
            lock.readLock().unlock();
        }
        catch (final IllegalMonitorStateException ex)
        {
            return verdict != OK ? verdict : READ_UNLOCK_THREW;
        }
        return verdict;
    }

    /** Call right after the write lock was acquired. */
    int enterWrite()
    {
        final int w = writers.incrementAndGet();
        return w != 1 || readers.get() != 0 ? WRITER_NOT_ALONE : OK;
    }

    /** Leaves the write side (the caller unlocks or downgrades). */
    void exitWrite()
    {
        writers.decrementAndGet();
    }
}
