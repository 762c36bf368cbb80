package org.rwsem4j;

import java.util.concurrent.locks.ReadWriteLock;

import org.rwsem4j.spi.LockWord;

/**
 * What the tests of the engine's other packages (the slot arena, the stats file) need from inside a lock: its lock
 * word and the default tunables. Test code only.
 */
public final class LockInternals
{
    /** How long a test waits for a condition before it fails. */
    public static final long WAIT_SECONDS = TestSupport.WAIT_SECONDS;

    private LockInternals()
    {
    }

    /**
     * The lock word of an rwsem lock.
     *
     * @param lock an {@link Rwsem}
     * @return its word
     */
    public static LockWord word(final ReadWriteLock lock)
    {
        return ((WriteCondition)lock.writeLock().newCondition()).engine().word;
    }

    /** {@return the tunables of a builder left alone} */
    public static Tunables defaultTunables()
    {
        return Tunables.defaults();
    }
}
