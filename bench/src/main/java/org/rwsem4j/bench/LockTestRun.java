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
 * <p>{@link #start()} starts the workers and returns only when every one of them has reached the gate, where it
 * yields in a loop on a volatile flag instead of parking: when {@link #go()} opens the gate every worker is already
 * runnable, so none waits for a wake-up chain to start. Thread creation is not measured. Each worker records when it
 * passed the gate and when it finished ({@link #overlap()}), so a run shows whether its workers contended.
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
    private final CountDownLatch ready;
    private final CountDownLatch done;
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private final Thread[] workers;
    private final long[] startNanos;
    private final long[] endNanos;
    private volatile boolean open;
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
        this.ready = new CountDownLatch(threads);
        this.done = new CountDownLatch(threads);
        this.workers = new Thread[threads];
        this.startNanos = new long[threads];
        this.endNanos = new long[threads];
    }

    /**
     * Starts the workers and waits until every one is at the gate (runnable, yielding).
     *
     * @throws InterruptedException if interrupted while waiting
     */
    void start() throws InterruptedException
    {
        for (int i = 0; i < threads; i++)
        {
            final int index = i;
            workers[i] = new Thread(() -> work(index), "locktest-" + i);
            workers[i].setDaemon(true);
            workers[i].start();
        }
        ready.await();
    }

    /**
     * Opens the gate and waits for the last worker.
     *
     * @throws Exception the first failure of any worker (a torn read means the lock is broken)
     */
    void go() throws Exception
    {
        open = true;
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
        open = true;
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

    /** @return how the workers' run times overlapped (valid after {@link #go()} returned) */
    Overlap overlap()
    {
        return Overlap.of(startNanos, endNanos);
    }

    /** @return lock/unlock operations the run was asked for, over all workers */
    long totalOps()
    {
        return (long)threads * ops;
    }

    private void work(final int index)
    {
        final XorShift random = new XorShift(seed * 1_000_003L + index);
        final Lock read = lock.readLock();
        final Lock write = lock.writeLock();
        final int total = ratio.total();
        try
        {
            ready.countDown();
            while (!open)
            {
                Thread.yield();
            }
            startNanos[index] = System.nanoTime();
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
            endNanos[index] = System.nanoTime();
            done.countDown();
        }
    }
}
