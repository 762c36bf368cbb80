package org.rwsem4j.bench;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntFunction;

/**
 * The worker threads of one run ({@link LockTestRun}, {@link ReadScalingRun}) and their gate. {@link #start} starts
 * the workers (daemons) and returns only when every one of them has reached the gate, where it yields in a loop on a
 * volatile flag instead of parking: when {@link #go()} opens the gate every worker is already runnable, so none waits
 * for a wake-up chain to start. Thread creation is not measured, nor is the scheduler's placing of the new threads:
 * {@link #start} returns {@link #SETTLE_MILLIS} after the last worker reached the gate (see there).
 *
 * <p>Each worker is made in its own thread before the gate ({@link #start}'s factory: its generator, its views of the
 * lock), then passes the gate, records its start, runs its {@link Loop} and records its end and the operations the
 * loop did. The loop checks the stop flag ({@link #stopped()}): a run sized by time ({@code millis > 0}) raises it
 * {@code millis} ms after the gate opened, and a worker that fails raises it so that the others stop too.
 */
final class WorkerGroup
{
    /** What one worker does once it passed the gate. */
    @FunctionalInterface
    interface Loop
    {
        /**
         * @param group the worker's group, whose stop flag the loop checks
         * @return the operations the worker did
         * @throws Exception a failure, which stops every worker and fails the run
         */
        long run(WorkerGroup group) throws Exception;
    }

    /**
     * How long the workers yield at the gate before {@link #start} returns. Linux starts a new thread on its parent's
     * core and moves it only at a balancing pass, so without this two new workers often shared one core for the first
     * milliseconds of a run, a visible share of a short run sized by operations (the measurement is in the bench
     * notebook, "reader-bias, fourth part").
     */
    static final long SETTLE_MILLIS = 20;

    private final int millis;
    private final CountDownLatch ready;
    private final CountDownLatch finished;
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private final Thread[] workers;
    private final long[] startNanos;
    private final long[] endNanos;
    private final long[] done;
    private volatile boolean open;
    private volatile boolean stop;

    /**
     * @param threads workers
     * @param millis  the window after which {@link #go()} raises the stop flag, or 0 for none (the loops end by
     *                themselves)
     */
    WorkerGroup(final int threads, final int millis)
    {
        this.millis = millis;
        this.ready = new CountDownLatch(threads);
        this.finished = new CountDownLatch(threads);
        this.workers = new Thread[threads];
        this.startNanos = new long[threads];
        this.endNanos = new long[threads];
        this.done = new long[threads];
    }

    /**
     * Starts the workers, waits until every one is at the gate (runnable, yielding), and then
     * {@link #SETTLE_MILLIS} more, so that the scheduler has spread them over the cores.
     *
     * @param name   the workers' thread names, before their index
     * @param worker makes worker {@code index}'s loop, in the worker's own thread, before the gate
     * @throws InterruptedException if interrupted while waiting
     */
    void start(final String name, final IntFunction<Loop> worker) throws InterruptedException
    {
        for (int i = 0; i < workers.length; i++)
        {
            final int index = i;
            workers[i] = new Thread(() -> work(index, worker), name + i);
            workers[i].setDaemon(true);
            workers[i].start();
        }
        ready.await();
        Thread.sleep(SETTLE_MILLIS);
    }

    /**
     * Opens the gate and waits for the last worker; with a window, raises the stop flag after it.
     *
     * @throws Exception the first failure of any worker
     */
    void go() throws Exception
    {
        open = true;
        try
        {
            if (millis > 0 && !finished.await(millis, TimeUnit.MILLISECONDS))
            {
                stop = true;
            }
            finished.await();
        }
        finally
        {
            stop = true;
        }
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
     * Joins the workers. Raises the stop flag and opens the gate first, so that the workers of a run that
     * {@link #go()} never finished (interrupted, or a failure before it) stop too.
     *
     * @throws InterruptedException if interrupted
     */
    void join() throws InterruptedException
    {
        stop = true;
        open = true;
        for (final Thread w : workers)
        {
            if (w != null)
            {
                w.join(TimeUnit.MINUTES.toMillis(10));
            }
        }
    }

    /** @return whether a worker failed */
    boolean failed()
    {
        return failure.get() != null;
    }

    /** @return whether the stop flag is up: a worker's loop ends when it sees it */
    boolean stopped()
    {
        return stop;
    }

    /** @return how the workers' run times overlapped (valid after {@link #go()} returned) */
    Overlap overlap()
    {
        return Overlap.of(startNanos, endNanos);
    }

    /** @return the operations of all workers (valid after {@link #go()} returned) */
    long totalOps()
    {
        return sum(done);
    }

    /** @return the fewest operations one worker did, over the mean per worker (1 when all did the same) */
    double minShare()
    {
        return minShare(done);
    }

    /** @return ns from the first worker's start to the last worker's end (valid after {@link #go()} returned) */
    long spanNanos()
    {
        return spanNanos(startNanos, endNanos);
    }

    /**
     * @param done operations each worker did
     * @return the fewest over the mean per worker; 0 if none did any
     */
    static double minShare(final long[] done)
    {
        long min = Long.MAX_VALUE;
        long total = 0;
        for (final long d : done)
        {
            min = Math.min(min, d);
            total += d;
        }
        return total == 0 ? 0 : min * (double)done.length / total;
    }

    /**
     * @param starts each worker's start, nanoTime
     * @param ends   each worker's end, nanoTime
     * @return ns from the first start to the last end
     */
    static long spanNanos(final long[] starts, final long[] ends)
    {
        long minStart = Long.MAX_VALUE;
        long maxEnd = Long.MIN_VALUE;
        for (int i = 0; i < starts.length; i++)
        {
            minStart = Math.min(minStart, starts[i]);
            maxEnd = Math.max(maxEnd, ends[i]);
        }
        return maxEnd - minStart;
    }

    /**
     * @param values counts, one per worker
     * @return their sum
     */
    static long sum(final long[] values)
    {
        long s = 0;
        for (final long v : values)
        {
            s += v;
        }
        return s;
    }

    private void work(final int index, final IntFunction<Loop> worker)
    {
        try
        {
            final Loop loop = worker.apply(index);
            ready.countDown();
            while (!open)
            {
                Thread.yield();
            }
            startNanos[index] = System.nanoTime();
            done[index] = loop.run(this);
        }
        catch (final Throwable t)
        {
            failure.compareAndSet(null, t);
            stop = true;
        }
        finally
        {
            endNanos[index] = System.nanoTime();
            finished.countDown();
        }
    }
}
