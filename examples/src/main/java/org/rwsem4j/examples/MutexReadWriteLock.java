package org.rwsem4j.examples;

import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One {@link ReentrantLock} (nonfair) behind the {@link ReadWriteLock} interface: the read lock and the write lock
 * are the same mutex, so readers exclude each other too. The baseline a read-write lock has to beat.
 */
final class MutexReadWriteLock implements ReadWriteLock
{
    private final ReentrantLock mutex = new ReentrantLock();

    @Override
    public Lock readLock()
    {
        return mutex;
    }

    @Override
    public Lock writeLock()
    {
        return mutex;
    }

    @Override
    public String toString()
    {
        return "MutexReadWriteLock[" + mutex + "]";
    }
}
