package org.rwsem4j.testkit;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReadWriteLock;

/**
 * The negative control of every exclusion and data oracle: a read-write lock whose both sides let everyone in at
 * once. Any check of mutual exclusion or of torn data that passes with it checks nothing.
 */
public final class NoExclusionLock implements ReadWriteLock
{
    private final Lock open = new Lock()
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
            throw new UnsupportedOperationException("a lock that does not exclude has no conditions");
        }
    };

    @Override
    public Lock readLock()
    {
        return open;
    }

    @Override
    public Lock writeLock()
    {
        return open;
    }

    @Override
    public String toString()
    {
        return "none (does not exclude)";
    }
}
