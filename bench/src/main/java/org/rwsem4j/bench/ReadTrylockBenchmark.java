package org.rwsem4j.bench;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;

import org.openjdk.jmh.annotations.AuxCounters;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * Seed 004's table: the rate of {@code readLock().tryLock()} + unlock with {@code load} pause units inside, at 1, 2, 4
 * and 8 JMH threads ({@code -t}). Successful and failed trylocks are counted apart (secondary metrics
 * {@code acquired} and {@code failed}); the primary metric counts both. On a 2-core machine the 4- and 8-thread
 * rows measure oversubscription.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = JvmFlags.ADD_OPENS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class ReadTrylockBenchmark
{
    @Param({"base", "all", "mutex", "rrwl", "rrwl-fair", "stamped"})
    public String impl;

    @Param({"10"})
    public int load;

    private Lock read;

    @Setup(Level.Trial)
    public void setUp()
    {
        read = Locks.create(impl).readLock();
    }

    /** Per-thread tallies, reported as throughput secondary metrics. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Tally
    {
        public long acquired;
        public long failed;

        @Setup(Level.Iteration)
        public void reset()
        {
            acquired = 0;
            failed = 0;
        }
    }

    @Benchmark
    public boolean tryRead(final Tally tally)
    {
        if (read.tryLock())
        {
            try
            {
                Pause.spin(load);
            }
            finally
            {
                read.unlock();
            }
            tally.acquired++;
            return true;
        }
        tally.failed++;
        return false;
    }
}
