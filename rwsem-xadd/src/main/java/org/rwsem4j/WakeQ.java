package org.rwsem4j;

import java.util.Arrays;
import java.util.concurrent.locks.LockSupport;

/**
 * The kernel's {@code wake_q}: threads collected under the wait lock and unparked only after it is dropped, so the
 * wait lock's hold time stays short and nobody is woken into a held wait lock. An unpark may still arrive "early"
 * (a permit left by an older wake), so waiters always re-check their state in a loop.
 *
 * <p>A wake is never lost to an allocation: a wake queue that cannot be allocated ({@link FaultPoint#WAKE_Q}) is
 * replaced by {@link #IMMEDIATE}, and a thread that does not fit ({@link FaultPoint#WAKE_Q_GROW}) is unparked at
 * once. Either only wakes it early, under the wait lock, which its re-check loop absorbs.
 */
final class WakeQ
{
    /** Unparks each thread as it is added; shared, stateless. */
    private static final WakeQ IMMEDIATE = new WakeQ(true);

    private final boolean immediate;
    private Thread[] threads;
    private int n;

    private WakeQ(final boolean immediate)
    {
        this.immediate = immediate;
    }

    /** {@return a new wake queue, or {@link #IMMEDIATE} if none can be allocated} */
    static WakeQ create()
    {
        try
        {
            Faults.reach(FaultPoint.WAKE_Q);
            return new WakeQ(false);
        }
        catch (final OutOfMemoryError ex)
        {
            return IMMEDIATE;
        }
    }

    void add(final Thread t)
    {
        if (immediate || !fits())
        {
            LockSupport.unpark(t);
            return;
        }
        threads[n++] = t;
    }

    /** Makes room for one more thread; false if the array cannot be allocated. */
    private boolean fits()
    {
        if (threads != null && n < threads.length)
        {
            return true;
        }
        try
        {
            Faults.reach(FaultPoint.WAKE_Q_GROW);
            threads = threads == null ? new Thread[4] : Arrays.copyOf(threads, n * 2);
            return true;
        }
        catch (final OutOfMemoryError ex)
        {
            return false;
        }
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
