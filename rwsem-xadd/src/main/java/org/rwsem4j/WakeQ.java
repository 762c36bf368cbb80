package org.rwsem4j;

import java.util.concurrent.locks.LockSupport;

/**
 * The kernel's {@code wake_q}: threads collected under the wait lock and unparked only after it is dropped, so the
 * wait lock's hold time stays short and nobody is woken into a held wait lock. An unpark may still arrive "early"
 * (a permit left by an older wake), so waiters always re-check their state in a loop.
 */
final class WakeQ
{
    private Thread[] threads = new Thread[4];
    private int n;

    void add(final Thread t)
    {
        if (n == threads.length)
        {
            threads = java.util.Arrays.copyOf(threads, n * 2);
        }
        threads[n++] = t;
    }

    boolean isEmpty()
    {
        return n == 0;
    }

    /** {@code wake_up_q}: call with the wait lock released. */
    void wakeUp()
    {
        for (int i = 0; i < n; i++)
        {
            LockSupport.unpark(threads[i]);
            threads[i] = null;
        }
        n = 0;
    }
}
