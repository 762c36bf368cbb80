package org.rwsem4j.bench;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReadWriteLock;

/** The negative control of the data oracles: a lock that does nothing. */
final class NoLock implements Lock, ReadWriteLock
{
    @Override
    public Lock readLock()
    {
        return this;
    }

    @Override
    public Lock writeLock()
    {
        return this;
    }

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
        throw new UnsupportedOperationException();
    }
}
