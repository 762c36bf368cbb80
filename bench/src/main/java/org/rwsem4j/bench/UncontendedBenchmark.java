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
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Uncontended single-thread cost of a read and of a write lock/unlock pair, in ns/op. Variants are measured with the
 * off-heap word (the default) and the on-heap word ({@code spec@heap}), beside the JDK peers in the same run. Only
 * one lock variant lives in each fork, so the engine's call sites stay monomorphic; {@link TwoVariantBenchmark}
 * measures the opposite.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Threads(1)
@Fork(value = 1, jvmArgsAppend = JvmFlags.ADD_OPENS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class UncontendedBenchmark
{
    @Param({"base", "base@heap", "all", "all@heap", "rrwl", "stamped", "mutex"})
    public String impl;

    private Lock read;
    private Lock write;

    @Setup(Level.Trial)
    public void setUp()
    {
        final ReadWriteLock lock = Locks.create(impl);
        read = lock.readLock();
        write = lock.writeLock();
    }

    @Benchmark
    public void read()
    {
        read.lock();
        read.unlock();
    }

    @Benchmark
    public void write()
    {
        write.lock();
        write.unlock();
    }
}
