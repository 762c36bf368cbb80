package org.rwsem4j.bench;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReadWriteLock;

/**
 * One run of the seed-000 microbenchmark: {@code threads} workers wait behind a gate; each then does {@code ops}
 * lock/unlock operations, choosing read or write per operation from a seeded generator at the given r:w ratio, with
 * {@code load} pause units inside the critical section. The figure is the time from opening the gate until the
 * <em>last</em> worker finishes (the seed's execution time), measured by whoever calls {@link #go()}.
 *
 * <p>Workers are started by {@link #start()} before the timed part, so thread creation is not measured.
 */
final class LockTestRun
{
    private static final long STOP_CHECK_MASK = 1023;

    private final ReadWriteLock lock;
    private final GuardedPair pair;
    private final int threads;
    private final int ops;
    private final Ratio ratio;
    private final int load;
    private final long seed;
    private final CountDownLatch gate = new CountDownLatch(1);
    private final CountDownLatch done;
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private final Thread[] workers;
    private volatile boolean stop;

    LockTestRun(final ReadWriteLock lock, final GuardedPair pair, final int threads, final int ops, final Ratio ratio,
        final int load, final long seed)
    {
        if (threads < 1 || ops < 1 || load < 0)
        {
            throw new IllegalArgumentException("threads and ops must be positive and load non-negative");
        }
        this.lock = lock;
        this.pair = pair;
        this.threads = threads;
        this.ops = ops;
        this.ratio = ratio;
        this.load = load;
        this.seed = seed;
        this.done = new CountDownLatch(threads);
        this.workers = new Thread[threads];
    }

    /** Starts the workers; they wait at the gate. */
    void start()
    {
        for (int i = 0; i < threads; i++)
        {
            final int index = i;
            workers[i] = new Thread(() -> work(index), "locktest-" + i);
            workers[i].setDaemon(true);
            workers[i].start();
        }
    }

    /**
     * Opens the gate and waits for the last worker.
     *
     * @throws Exception the first failure of any worker (a torn read means the lock is broken)
     */
    void go() throws Exception
    {
        gate.countDown();
        done.await();
        final Throwable t = failure.get();
        if (t != null)
        {
            if (t instanceof Exception)
            {
                throw (Exception)t;
            }
            throw new IllegalStateException("worker failed", t);
        }
    }

    /**
     * Joins the workers and checks the pair at rest.
     *
     * @throws InterruptedException if interrupted
     */
    void join() throws InterruptedException
    {
        gate.countDown();
        for (final Thread w : workers)
        {
            if (w != null)
            {
                w.join(TimeUnit.MINUTES.toMillis(10));
            }
        }
        if (failure.get() == null)
        {
            pair.verifyQuiescent();
        }
    }

    private void work(final int index)
    {
        final XorShift random = new XorShift(seed * 1_000_003L + index);
        final Lock read = lock.readLock();
        final Lock write = lock.writeLock();
        final int total = ratio.total();
        try
        {
            gate.await();
            for (int i = 0; i < ops; i++)
            {
                if ((i & STOP_CHECK_MASK) == 0 && stop)
                {
                    break;
                }
                if (ratio.isRead(random.nextInt(total)))
                {
                    read.lock();
                    try
                    {
                        pair.read(load);
                    }
                    finally
                    {
                        read.unlock();
                    }
                }
                else
                {
                    write.lock();
                    try
                    {
                        pair.write(load);
                    }
                    finally
                    {
                        write.unlock();
                    }
                }
            }
        }
        catch (final Throwable t)
        {
            failure.compareAndSet(null, t);
            stop = true;
        }
        finally
        {
            done.countDown();
        }
    }
}
