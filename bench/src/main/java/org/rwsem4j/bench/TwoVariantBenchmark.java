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
 * Uncontended lock/unlock over two locks used alternately through the same call sites, in ns per lock/unlock pair.
 * With {@code first == second} both locks are one variant (monomorphic engine call sites); with two different
 * variants, or one off-heap and one on-heap word ({@code spec@heap}), the engine's hook and lock-word call sites see
 * two receiver types: the cost of the hook design when a JVM loads more than one variant.
 *
 * <p>{@code readFirst} and {@code writeFirst} measure the first lock alone, after the trial's setup used both
 * ({@link #SETUP_ROUNDS} reads and writes of each, so the engine's profile has seen the second kind before the JIT
 * compiles the measured code): what a lock costs in a JVM where another kind is loaded and used, for example
 * {@code base} beside {@code reader-bias}, whose read paths call a hook that base's skip.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Threads(1)
@Fork(value = 1, jvmArgsAppend = JvmFlags.ADD_OPENS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class TwoVariantBenchmark
{
    @Param({"base"})
    public String first;

    @Param({"base", "all", "base@heap"})
    public String second;

    /** Reads and writes of each lock in the trial's setup. */
    public static final int SETUP_ROUNDS = 100_000;

    private Lock readA;
    private Lock writeA;
    private Lock readB;
    private Lock writeB;

    @Setup(Level.Trial)
    public void setUp()
    {
        final ReadWriteLock a = Locks.create(first);
        final ReadWriteLock b = Locks.create(second);
        readA = a.readLock();
        writeA = a.writeLock();
        readB = b.readLock();
        writeB = b.writeLock();
        for (int i = 0; i < SETUP_ROUNDS; i++)
        {
            read();
            write();
        }
    }

    @Benchmark
    @OperationsPerInvocation(2)
    public void read()
    {
        readA.lock();
        readA.unlock();
        readB.lock();
        readB.unlock();
    }

    @Benchmark
    @OperationsPerInvocation(2)
    public void write()
    {
        writeA.lock();
        writeA.unlock();
        writeB.lock();
        writeB.unlock();
    }

    /** The first lock's read alone, in a JVM whose setup used both. */
    @Benchmark
    public void readFirst()
    {
        readA.lock();
        readA.unlock();
    }

    /** The first lock's write alone, in a JVM whose setup used both. */
    @Benchmark
    public void writeFirst()
    {
        writeA.lock();
        writeA.unlock();
    }
}
