package org.rwsem4j.torture;

import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.locks.LockSupport;

/**
 * Interrupts random waiters at a given mean rate (exponential gaps), from its own daemon thread. Only workers that
 * are waiting for the lock are targeted: that drives {@code lockInterruptibly} and {@code tryLock(time)} through
 * their cancellation path ({@code out_nolock}, handoff inheritance, waking the next waiter), and checks that an
 * uninterruptible {@code lock()} neither fails nor spins on the flag. A worker clears any stale flag before its
 * next attempt.
 */
final class Interrupter implements Runnable
{
    private final List<Worker> workers;
    private final double meanGapNanos;
    private final SplittableRandom rnd;
    private volatile boolean stop;
    private long sent;
    Thread thread;

    Interrupter(final List<Worker> workers, final double ratePerSecond, final long seed)
    {
        this.workers = workers;
        this.meanGapNanos = 1e9 / ratePerSecond;
        this.rnd = new SplittableRandom(seed);
    }

    @Override
    public void run()
    {
        while (!stop)
        {
            final double gap = -Math.log(1.0 - rnd.nextDouble()) * meanGapNanos;
            LockSupport.parkNanos((long)Math.min(gap, 1e9));
            if (stop)
            {
                break;
            }
            final Worker w = workers.get(rnd.nextInt(workers.size()));
            if (w.phase() == Phase.WAITING)
            {
                w.thread.interrupt();
                sent++;
            }
        }
    }

    void stop()
    {
        stop = true;
        LockSupport.unpark(thread);
    }

    /** @return interrupts sent; read after the thread is joined */
    long sent()
    {
        return sent;
    }
}
