package org.rwsem4j.bench;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReadWriteLock;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;
import org.rwsem4j.Rwsem;

/**
 * A write after a read on a lock that two reads armed: for {@code reader-bias}, a write on an armed lock after a
 * biased read, so the write revokes the bias (a scan of the table of visible readers). One thread. Each operation is a
 * read lock/unlock and then a write lock/unlock of one of {@link #LOCKS} locks, each read twice at once in the
 * invocation's setup (not measured), which arms a variant with the patch (a new lock is not biased), so every
 * operation meets an armed lock, and each lock is used once per invocation. {@code lockState}: {@code fresh} locks,
 * made in that setup and never written (a lock's first revocation, which also makes its contended state, and its
 * first biased read, which also draws its identity hash), or {@code rearmed}: the same locks in every invocation,
 * each written by the last one and armed again once its inhibit window passed (the cost a lock in use pays per
 * arming); a setup that finds a lock with the patch not armed fails. The figure is ns per read+write pair
 * ({@link #readThenWrite}); compare it with {@code stamped} and with the variant without the patch in the same run, and
 * with {@link UncontendedBenchmark}'s read plus write (a lock in its steady state, never armed, so for
 * {@code reader-bias} a read through the count). {@link #readAlone} is the pair's read half on its own, ns per read: for
 * {@code reader-bias}, a biased read of an armed lock (the table's CAS), the uncontended read the patch adds, which
 * one thread never reaches in {@link UncontendedBenchmark}; its locks are never written, so they stay armed.
 * {@link #readOne} is that read of one lock, over and over.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Threads(1)
@Fork(value = 1, jvmArgsAppend = JvmFlags.ADD_OPENS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
public class FirstWriteBenchmark
{
    /** Fresh locks per invocation: one per operation. */
    static final int LOCKS = 1024;

    /** {@code fresh}: new locks in every invocation; {@code rearmed}: the same locks, armed again. */
    static final String FRESH = "fresh";
    static final String REARMED = "rearmed";
    /** How long a {@code rearmed} setup waits for a lock's inhibit window before it gives up on it. */
    private static final long REARM_LIMIT_NANOS = TimeUnit.SECONDS.toNanos(2);

    @Param({"stamped", "recommended"})
    public String impl;

    @Param({FRESH, REARMED})
    public String lockState;

    private ReadWriteLock[] locks;
    private Lock[] reads;
    private Lock[] writes;

    @Setup(Level.Trial)
    public void checkState()
    {
        if (!FRESH.equals(lockState) && !REARMED.equals(lockState))
        {
            throw new IllegalArgumentException("lockState is " + FRESH + " or " + REARMED + ", not '" + lockState +
                "'");
        }
    }

    @Setup(Level.Invocation)
    public void armLocks()
    {
        if (locks == null || FRESH.equals(lockState))
        {
            locks = new ReadWriteLock[LOCKS];
            reads = new Lock[LOCKS];
            writes = new Lock[LOCKS];
            for (int i = 0; i < LOCKS; i++)
            {
                locks[i] = Locks.create(impl);
                reads[i] = locks[i].readLock();
                writes[i] = locks[i].writeLock();
            }
        }
        for (int i = 0; i < LOCKS; i++)
        {
            arm(i);
        }
    }

    /**
     * Two readers counted at an unlock arm a reader bias (a new lock is not biased); after a revocation only once its
     * inhibit window passed, so a {@code rearmed} lock with the patch is read twice until it is armed.
     */
    private void arm(final int i)
    {
        final Rwsem biased = locks[i] instanceof Rwsem r && r.variant().contains("reader-bias") ? r : null;
        final long start = System.nanoTime();
        do
        {
            reads[i].lock();
            reads[i].lock();
            reads[i].unlock();
            reads[i].unlock();
        }
        while (biased != null && !biased.state().readBiased() && System.nanoTime() - start < REARM_LIMIT_NANOS);
        if (biased != null && !biased.state().readBiased())
        {
            throw new IllegalStateException("lock " + i + " was not armed within 2 s: " + biased.state());
        }
    }

    /** One read of each lock: the read half of {@link #readThenWrite}, alone (the locks stay armed). */
    @Benchmark
    @OperationsPerInvocation(LOCKS)
    public void readAlone()
    {
        for (int i = 0; i < LOCKS; i++)
        {
            reads[i].lock();
            reads[i].unlock();
        }
    }

    /**
     * {@link #LOCKS} reads of the first lock alone, ns per read: the read of {@link #readAlone} with one lock, whose
     * lines stay in the core's first-level cache, as in {@link UncontendedBenchmark}; {@link #readAlone} adds the
     * misses of reading a thousand locks in turn.
     */
    @Benchmark
    @OperationsPerInvocation(LOCKS)
    public void readOne()
    {
        final Lock read = reads[0];
        for (int i = 0; i < LOCKS; i++)
        {
            read.lock();
            read.unlock();
        }
    }

    /** @return the locks of the last setup; for tests */
    ReadWriteLock[] locks()
    {
        return locks;
    }

    /** One read and then one write of each lock. */
    @Benchmark
    @OperationsPerInvocation(LOCKS)
    public void readThenWrite()
    {
        for (int i = 0; i < LOCKS; i++)
        {
            reads[i].lock();
            reads[i].unlock();
            writes[i].lock();
            writes[i].unlock();
        }
    }
}
