package org.rwsem4j.testkit;

import java.util.concurrent.locks.LockSupport;

import org.rwsem4j.Rwsem;
import org.rwsem4j.spi.AbstractPatch;
import org.rwsem4j.spi.DecisionPoint;
import org.rwsem4j.spi.Hooks;
import org.rwsem4j.spi.LockWord;
import org.rwsem4j.spi.LockWordBits;
import org.rwsem4j.spi.Patch;
import org.rwsem4j.spi.ReaderBias;

/**
 * A reader bias whose table is always full: every read of an armed lock collides and falls back to the count, no
 * reader is ever in the table, and the bias may come back as soon as a revocation ends. For the counters' consumers
 * (Micrometer, rwsem-stat): {@link #armFallbackRevokeArm} makes a lock with it count each bias event.
 */
public final class FullTableBias implements ReaderBias
{
    @Override
    public int tryBiasedRead(final LockWord word, final long lock)
    {
        return (word.getVolatile() & LockWordBits.READ_BIASED) != 0 ? COLLISION : NOT_BIASED;
    }

    @Override
    public boolean tryBiasedUnlock(final long lock)
    {
        return false;
    }

    @Override
    public boolean visibleReaders(final long lock)
    {
        return false;
    }

    @Override
    public int biasedReaders(final long lock)
    {
        return 0;
    }

    @Override
    public long inhibitNanos(final long revocationNanos)
    {
        return 0;
    }

    /** @return a test patch that installs a {@link FullTableBias} ({@code Rwsem.builder().patch(...)}) */
    public static Patch patch()
    {
        return new AbstractPatch("test-full-table", "test", "rwsem-xadd tests", DecisionPoint.READER_BIAS)
        {
            @Override
            public void install(final Hooks hooks)
            {
                hooks.readerBias(new FullTableBias());
            }
        };
    }

    /**
     * On a new lock built with {@link #patch()}: two reads arm it ({@link BiasArming}), a read (a collision fallback),
     * a write (a revocation), then, past the window, two reads arm it again: two arms, one fallback, one revocation.
     *
     * @param lock the lock, new and unused
     * @throws IllegalStateException if the lock was not armed, or not re-armed
     */
    public static void armFallbackRevokeArm(final Rwsem lock)
    {
        BiasArming.armed(lock);
        lock.readLock().lock();
        lock.readLock().unlock();
        lock.writeLock().lock();
        lock.writeLock().unlock();
        LockSupport.parkNanos(2_000_000); // past the inhibit window (0 ns here; the clock's unit is 1,024 ns)
        BiasArming.armed(lock);
    }
}
