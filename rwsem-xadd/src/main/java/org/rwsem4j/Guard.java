package org.rwsem4j;

import java.util.concurrent.locks.Lock;

/**
 * A held lock as a try-with-resources resource: {@code try (Guard g = lock.readGuard()) { ... }}. Closing releases
 * the lock exactly once; a second close, or a close by another thread, throws and releases nothing, so a guard cannot
 * be misused into a double unlock.
 */
public final class Guard implements AutoCloseable
{
    private final Lock lock;
    private final Thread holder = Thread.currentThread();
    private boolean closed;

    Guard(final Lock lock)
    {
        this.lock = lock;
    }

    /**
     * Releases the lock.
     *
     * @throws IllegalStateException if this guard was already closed
     * @throws IllegalMonitorStateException if called by a thread other than the one that acquired it
     */
    @Override
    public void close()
    {
        if (Thread.currentThread() != holder)
        {
            throw new IllegalMonitorStateException(
                "guard acquired by " + holder.getName() + " closed by " + Thread.currentThread().getName());
        }
        if (closed)
        {
            throw new IllegalStateException("guard already closed: the lock was released once already");
        }
        closed = true;
        lock.unlock();
    }
}
