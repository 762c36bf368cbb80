package org.rwsem4j.bench;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReadWriteLock;

import org.openjdk.jmh.annotations.*;
import org.rwsem4j.Rwsem;

// A throwaway probe (built with -Dcheckstyle.skip): one armed lock read in a loop by one thread.
// java -jar bench/target/rwsem4j-bench.jar jmh BiasedReadProbe -f 3 -p impl=stamped,recommended,$RB,$RB@heap
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = JvmFlags.ADD_OPENS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class BiasedReadProbe
{
    @Param({"stamped"})
    public String impl;

    private ReadWriteLock lock;
    private Lock read;

    @Setup(Level.Trial)
    public void setUp()
    {
        lock = Locks.create(impl);
        read = lock.readLock();
        read.lock();
        read.lock();
        read.unlock();
        read.unlock();
        if (lock instanceof Rwsem r && r.variant().contains("reader-bias") && !r.state().readBiased())
        {
            throw new IllegalStateException("not armed");
        }
    }

    @Benchmark
    public void read()
    {
        read.lock();
        read.unlock();
    }
}
