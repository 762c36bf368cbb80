package org.rwsem4j;

import java.util.concurrent.locks.ReentrantLock;

/**
 * The internal wait lock (the kernel's {@code wait_lock} raw spinlock): spin briefly, then park. A pure spin lock
 * with 16 threads on 2 cores stalls behind a descheduled holder, so after {@link #SPINS} failed tries the caller
 * parks in a nonfair {@link ReentrantLock}. It is held only for queue edits and count updates, never across a park
 * or an unpark. It never throws {@link OutOfMemoryError} ({@link FaultPoint#WAIT_LOCK}).
 */
final class WaitLock
{
    private static final int SPINS = 64;

    private final ReentrantLock lock = new ReentrantLock();

    void lock()
    {
        try
        {
            Faults.reach(FaultPoint.WAIT_LOCK); // stands for the node allocation in lock.lock() below
            for (int i = 0; i < SPINS; i++)
            {
                if (lock.tryLock())
                {
                    return;
                }
                Thread.onSpinWait();
            }
            lock.lock(); // allocates the AQS queue node (JDK 17 does not retry on OutOfMemoryError)
        }
        catch (final OutOfMemoryError ex)
        {
            lockWithoutNode();
        }
    }

    /**
     * The wait lock's node could not be allocated: take the lock with {@code tryLock}, which allocates nothing,
     * yielding between tries. Its callers hold a reader bias, a queued waiter or a wake to deliver, so failing
     * here would strand them.
     */
    private void lockWithoutNode()
    {
        while (!lock.tryLock())
        {
            Thread.yield();
        }
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
