package org.rwsem4j.torture;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReadWriteLock;

/**
 * Negative control (locktorture's {@code lock_busted}): every acquire succeeds at once and every release does
 * nothing. Test-only; reachable through {@link NegativeControl#BUSTED}.
 */
final class BustedLock implements ReadWriteLock
{
    private final Lock nothing = new Nothing();

    @Override
    public Lock readLock()
    {
        return nothing;
    }

    @Override
    public Lock writeLock()
    {
        return nothing;
    }

    @Override
    public String toString()
    {
        return "BustedLock";
    }

    private static final class Nothing implements Lock
    {
        @Override
        public void lock()
        {
        }

        @Override
        public void lockInterruptibly()
        {
        }

        @Override
        public boolean tryLock()
        {
            return true;
        }

        @Override
        public boolean tryLock(final long time, final TimeUnit unit)
        {
            return true;
        }

        @Override
        public void unlock()
        {
        }

        @Override
        public Condition newCondition()
        {
            throw new UnsupportedOperationException("BustedLock has no conditions");
        }
    }
}
