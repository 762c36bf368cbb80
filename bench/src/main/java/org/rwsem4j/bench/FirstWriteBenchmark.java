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

/**
 * A write after a read on a lock that has never been written: for {@code reader-bias}, a write on an armed lock
 * after a biased read, so the write revokes the bias (a scan of the table of visible readers). One thread. Each
 * operation is a read lock/unlock and then a write lock/unlock of one of {@link #LOCKS} fresh locks, made in the
 * invocation's setup (not measured) and read twice at once there, which arms a variant with the patch (a new lock
 * is not biased), so every operation meets a lock armed and never written, and each lock is used once. The figure
 * is ns per read+write pair; compare it with {@code stamped} and with the variant without the patch in the same run,
 * and with
 * {@link UncontendedBenchmark}'s read plus write (a lock in its steady state). Fresh locks cost every row some cache
 * misses that a lock in use does not.
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

    @Param({"stamped", "recommended"})
    public String impl;

    private Lock[] reads;
    private Lock[] writes;

    @Setup(Level.Invocation)
    public void freshLocks()
    {
        reads = new Lock[LOCKS];
        writes = new Lock[LOCKS];
        for (int i = 0; i < LOCKS; i++)
        {
            final ReadWriteLock lock = Locks.create(impl);
            reads[i] = lock.readLock();
            writes[i] = lock.writeLock();
            reads[i].lock(); // two readers counted at an unlock arm a reader bias (a new lock is not biased)
            reads[i].lock();
            reads[i].unlock();
            reads[i].unlock();
        }
    }

    /** One read and then one write of each fresh lock. */
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
