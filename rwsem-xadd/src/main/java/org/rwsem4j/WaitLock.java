package org.rwsem4j;

import java.util.concurrent.locks.ReentrantLock;

/**
 * The internal wait lock (the kernel's {@code wait_lock} raw spinlock): spin briefly, then park. A pure spin lock
 * with 16 threads on 2 cores stalls behind a descheduled holder, so after {@link #SPINS} failed tries the caller
 * parks in a nonfair {@link ReentrantLock}. It is held only for queue edits and count updates, never across a park
 * or an unpark.
 */
final class WaitLock
{
    private static final int SPINS = 64;

    private final ReentrantLock lock = new ReentrantLock();

    void lock()
    {
        for (int i = 0; i < SPINS; i++)
        {
            if (lock.tryLock())
            {
                return;
            }
            Thread.onSpinWait();
        }
        lock.lock();
    }

    boolean tryLock()
    {
        return lock.tryLock();
    }

    void unlock()
    {
        lock.unlock();
    }

    boolean isHeldByCurrentThread()
    {
        return lock.isHeldByCurrentThread();
    }
}
