package org.rwsem4j.bench;

import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.StampedLock;

/**
 * One run of the read-scaling case ({@link ReadScalingBenchmark}), shaped as {@link LockTestRun} sized by time:
 * {@code threads} workers ({@link WorkerGroup}) wait behind a gate (yielding, runnable), then every worker does
 * operations until the stop flag rises {@code millis} ms after the gate opened. An operation takes a lock, chosen at
 * random from the run's locks when there are several, and does a read or a write by a per-operation draw from the
 * worker's own {@link XorShift} at the ratio: a write with probability {@code w / (r + w)}, never for {@code ro}. The
 * critical section is empty: the figure is the lock's own cost, and the two sides touch no shared data but the lock.
 *
 * <p>The locks are either {@link ReadWriteLock}s (a peer or a variant) or, for the reference row
 * {@link Locks#STAMPED_OPTIMISTIC}, {@link StampedLock}s read optimistically: {@code tryOptimisticRead()}, then
 * {@code validate(stamp)} (the empty section lies between them), falling back to {@code readLock()} and
 * {@code unlockRead} when the stamp is 0 or no longer valid; its writes are {@code writeLock()} and
 * {@code unlockWrite}. Each kind and each of one lock or many has its own loop, so a fork's loop stays monomorphic.
 *
 * <p>The figure ({@link #opsPerMilli()}) is the operations of all workers over the span from the first worker's start
 * to the last worker's end. Each worker keeps its counts in locals and stores them once, at its end.
 */
final class ReadScalingRun implements RunCycle.Run
{
    private final ReadWriteLock[] locks;
    private final StampedLock[] optimistic;
    private final Ratio ratio;
    private final long seed;
    private final long[] reads;
    private final WorkerGroup group;

    /**
     * @param locks      the locks under test (one, or many to pick from), or null for {@code optimistic}
     * @param optimistic the stamped locks read optimistically, or null for {@code locks}
     * @param threads    workers
     * @param ratio      reads to writes
     * @param millis     the window, ms
     * @param seed       the generators' seed
     */
    ReadScalingRun(final ReadWriteLock[] locks, final StampedLock[] optimistic, final int threads, final Ratio ratio,
        final int millis, final long seed)
    {
        if ((locks == null) == (optimistic == null) || (locks != null ? locks.length : optimistic.length) == 0)
        {
            throw new IllegalArgumentException("either read-write locks or stamped locks, at least one");
        }
        if (threads < 1 || millis < 1)
        {
            throw new IllegalArgumentException("threads and millis must be positive");
        }
        this.locks = locks;
        this.optimistic = optimistic;
        this.ratio = ratio;
        this.seed = seed;
        this.reads = new long[threads];
        this.group = new WorkerGroup(threads, millis);
    }

    /**
     * Starts the workers and waits until every one is at the gate (runnable, yielding).
     *
     * @throws InterruptedException if interrupted while waiting
     */
    public void start() throws InterruptedException
    {
        group.start("readscaling-", this::worker);
    }

    /**
     * Opens the gate, raises the stop flag after the window and waits for the last worker.
     *
     * @throws Exception the first failure of any worker
     */
    public void go() throws Exception
    {
        group.go();
    }

    /**
     * Joins the workers; raises the stop flag first, so that the workers of a run {@link #go()} never finished stop
     * too.
     *
     * @throws InterruptedException if interrupted
     */
    public void join() throws InterruptedException
    {
        group.join();
    }

    /** @return how the workers' run times overlapped (valid after {@link #go()} returned) */
    Overlap overlap()
    {
        return group.overlap();
    }

    /** @return operations over all workers (valid after {@link #go()} returned) */
    long totalOps()
    {
        return group.totalOps();
    }

    /** @return reads over all workers (valid after {@link #go()} returned) */
    long totalReads()
    {
        return WorkerGroup.sum(reads);
    }

    /** @return the fewest operations one worker did, over the mean per worker */
    double minShare()
    {
        return group.minShare();
    }

    /** @return operations of all workers per ms of the span, first start to last end (valid after {@link #go()}) */
    double opsPerMilli()
    {
        return opsPerMilli(group.spanNanos(), group.totalOps());
    }

    /**
     * @param starts each worker's start, nanoTime
     * @param ends   each worker's end, nanoTime
     * @param done   operations each worker did
     * @return the operations of all workers per ms of the span from the first start to the last end; NaN for an
     *     empty span
     */
    static double opsPerMilli(final long[] starts, final long[] ends, final long[] done)
    {
        return opsPerMilli(WorkerGroup.spanNanos(starts, ends), WorkerGroup.sum(done));
    }

    private static double opsPerMilli(final long span, final long total)
    {
        return span <= 0 ? Double.NaN : total * 1e6 / span;
    }

    private WorkerGroup.Loop worker(final int index)
    {
        final XorShift random = new XorShift(seed * 1_000_003L + index);
        if (optimistic != null)
        {
            return group -> optimisticLoop(group, index, random);
        }
        if (locks.length == 1)
        {
            return group -> oneLockLoop(group, index, random);
        }
        return group -> manyLocksLoop(group, index, random);
    }

    private long oneLockLoop(final WorkerGroup group, final int index, final XorShift random)
    {
        final Lock read = locks[0].readLock();
        final Lock write = locks[0].writeLock();
        final boolean readOnly = ratio.readOnly();
        final int total = ratio.total();
        long ops = 0;
        long r = 0;
        while (!group.stopped())
        {
            if (readOnly || ratio.isRead(random.nextInt(total)))
            {
                read.lock();
                read.unlock();
                r++;
            }
            else
            {
                write.lock();
                write.unlock();
            }
            ops++;
        }
        reads[index] = r;
        return ops;
    }

    private long manyLocksLoop(final WorkerGroup group, final int index, final XorShift random)
    {
        final int n = locks.length;
        final Lock[] read = new Lock[n];
        final Lock[] write = new Lock[n];
        for (int i = 0; i < n; i++)
        {
            read[i] = locks[i].readLock();
            write[i] = locks[i].writeLock();
        }
        final boolean readOnly = ratio.readOnly();
        final int total = ratio.total();
        long ops = 0;
        long r = 0;
        while (!group.stopped())
        {
            final int k = random.nextInt(n);
            if (readOnly || ratio.isRead(random.nextInt(total)))
            {
                final Lock l = read[k];
                l.lock();
                l.unlock();
                r++;
            }
            else
            {
                final Lock l = write[k];
                l.lock();
                l.unlock();
            }
            ops++;
        }
        reads[index] = r;
        return ops;
    }

    private long optimisticLoop(final WorkerGroup group, final int index, final XorShift random)
    {
        final StampedLock[] all = optimistic;
        final int n = all.length;
        final boolean readOnly = ratio.readOnly();
        final int total = ratio.total();
        long ops = 0;
        long r = 0;
        while (!group.stopped())
        {
            final StampedLock l = n == 1 ? all[0] : all[random.nextInt(n)];
            if (readOnly || ratio.isRead(random.nextInt(total)))
            {
                final long stamp = l.tryOptimisticRead();
                // the empty critical section; then the check an optimistic reader makes before it trusts its reads
                if (stamp == 0L || !l.validate(stamp))
                {
                    l.unlockRead(l.readLock());
                }
                r++;
            }
            else
            {
                l.unlockWrite(l.writeLock());
            }
            ops++;
        }
        reads[index] = r;
        return ops;
    }
}
