package org.rwsem4j.bench;

import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReadWriteLock;

/**
 * One run of the seed-000 microbenchmark: {@code threads} workers wait behind a gate, then do lock/unlock operations,
 * choosing read or write per operation from a seeded generator at the given r:w ratio, with {@code load} units of load
 * inside the critical section (in the pair's {@link LoadUnit}). A run is sized one of two ways:
 * <ul>
 *   <li><b>by ops</b> ({@code millis == 0}, the seed's own shape): each worker does {@code ops} operations, and the
 *       figure is the time from opening the gate until the <em>last</em> worker finishes, measured by whoever calls
 *       {@link #go()};</li>
 *   <li><b>by time</b> ({@code millis > 0}): every worker runs until {@link #go()} raises the stop flag
 *       {@code millis} ms after opening the gate, so all of them contend for the whole window whatever the lock's
 *       speed or fairness. The figure ({@link #timedMillis()}) is the same unit as the seed's: the time {@code ops}
 *       operations per worker take at the aggregate rate the window measured, {@code span * threads * ops / done},
 *       span running from the first worker's start to the last worker's end (a worker blocked in the lock when
 *       the flag rises finishes its operation first).</li>
 * </ul>
 *
 * <p>The workers are a {@link WorkerGroup}: {@link #start()} returns only when every one of them has reached the gate,
 * runnable, so none waits for a wake-up chain to start when {@link #go()} opens it. Thread creation is not measured.
 * Each worker records when it passed the gate and when it finished ({@link #overlap()}), so a run shows whether its
 * workers contended.
 */
public final class LockTestRun implements RunCycle.Run
{
    /** A run sized by ops checks the stop flag (another worker failed) every this many operations plus one. */
    private static final long STOP_CHECK_MASK = 1023;

    private final ReadWriteLock lock;
    private final GuardedPair pair;
    private final int threads;
    private final int ops;
    private final Ratio ratio;
    private final int load;
    private final int millis;
    private final long seed;
    private final WorkerGroup group;

    /**
     * @param lock    the lock under test
     * @param pair    the fields writers update and readers check
     * @param threads workers
     * @param ops     operations per worker (by ops), or the operations per worker the figure is scaled to (by time)
     * @param ratio   reads to writes
     * @param load    units of load inside the critical section (the pair's unit)
     * @param millis  the window of a run sized by time, or 0 for a run sized by ops
     * @param seed    the generators' seed
     */
    LockTestRun(final ReadWriteLock lock, final GuardedPair pair, final int threads, final int ops, final Ratio ratio,
        final int load, final int millis, final long seed)
    {
        if (threads < 1 || ops < 1 || load < 0 || millis < 0)
        {
            throw new IllegalArgumentException("threads and ops must be positive, load and millis non-negative");
        }
        this.millis = millis;
        this.lock = lock;
        this.pair = pair;
        this.threads = threads;
        this.ops = ops;
        this.ratio = ratio;
        this.load = load;
        this.seed = seed;
        this.group = new WorkerGroup(threads, millis);
    }

    /**
     * Starts the workers and waits until every one is at the gate (runnable, yielding).
     *
     * @throws InterruptedException if interrupted while waiting
     */
    public void start() throws InterruptedException
    {
        group.start("locktest-", this::worker);
    }

    /**
     * Opens the gate and waits for the last worker; a run sized by time raises the stop flag after its window.
     *
     * @throws Exception the first failure of any worker (a torn read means the lock is broken)
     */
    public void go() throws Exception
    {
        group.go();
    }

    /**
     * Joins the workers and checks the pair at rest. Raises the stop flag first, so that workers of a run that
     * {@link #go()} never finished (interrupted, or a failure before it) stop too.
     *
     * @throws InterruptedException if interrupted
     */
    public void join() throws InterruptedException
    {
        group.join();
        if (!group.failed())
        {
            pair.verifyQuiescent();
        }
    }

    /** @return how the workers' run times overlapped (valid after {@link #go()} returned) */
    Overlap overlap()
    {
        return group.overlap();
    }

    /** @return lock/unlock operations the workers did, over all of them (valid after {@link #go()} returned) */
    long totalOps()
    {
        return group.totalOps();
    }

    /** @return the fewest operations one worker did, over the mean per worker (1 when all did the same) */
    double minShare()
    {
        return group.minShare();
    }

    /**
     * @return a run sized by time: ms for {@code ops} operations per worker at the rate the window measured;
     *         a run sized by ops: its span, first start to last end (valid after {@link #go()} returned)
     */
    double timedMillis()
    {
        return timedMillis(group.spanNanos(), threads, group.totalOps(), ops);
    }

    /**
     * The figure of a run sized by time: {@code span * threads * ops / total}, in ms, span running from the first
     * worker's start to the last worker's end (nanoTime values).
     *
     * @param starts each worker's start
     * @param ends   each worker's end
     * @param done   operations each worker did
     * @param ops    the operations per worker the figure is scaled to
     * @return ms for {@code ops} operations per worker at the measured rate; NaN if no operation was done
     */
    static double timedMillis(final long[] starts, final long[] ends, final long[] done, final int ops)
    {
        return timedMillis(WorkerGroup.spanNanos(starts, ends), done.length, WorkerGroup.sum(done), ops);
    }

    private static double timedMillis(final long spanNanos, final int threads, final long total, final int ops)
    {
        final double spanMillis = spanNanos / 1e6;
        return total == 0 ? Double.NaN : spanMillis * threads * (double)ops / total;
    }

    /** @return whether this run is sized by time */
    boolean timed()
    {
        return millis > 0;
    }

    private WorkerGroup.Loop worker(final int index)
    {
        final XorShift random = new XorShift(seed * 1_000_003L + index);
        final Lock read = lock.readLock();
        final Lock write = lock.writeLock();
        final int total = ratio.total();
        return group -> loop(group, random, read, write, total);
    }

    private long loop(final WorkerGroup group, final XorShift random, final Lock read, final Lock write,
        final int total)
    {
        final long limit = millis > 0 ? Long.MAX_VALUE : ops;
        final long check = millis > 0 ? 0 : STOP_CHECK_MASK;
        long i = 0;
        for (; i < limit; i++)
        {
            if ((i & check) == 0 && group.stopped())
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
        return i;
    }
}
