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
import org.openjdk.jmh.annotations.Warmup;

/**
 * Macro workload, page-cache-like (a stand-in for seed 002's fio on XFS): random block reads and writes on a
 * {@link BlockMap} that caches a quarter of the file. {@code randrw}: half reads (read lock; a miss refills under
 * the write lock), half writes (write lock). {@code randwrite}: writes only. Throughput over all JMH threads.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = JvmFlags.ADD_OPENS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class BlockMapBenchmark
{
    public static final String RANDRW = "randrw";
    public static final String RANDWRITE = "randwrite";

    @Param({"base", "all", "mutex", "rrwl", "rrwl-fair", "stamped"})
    public String impl;

    @Param({RANDRW, RANDWRITE})
    public String mix;

    /** Blocks in the file; a quarter of them fit in the cache. */
    @Param({"16384"})
    public int blocks;

    private Lock read;
    private Lock write;
    private BlockMap map;
    private int readPercent;

    @Setup(Level.Trial)
    public void setUp()
    {
        final ReadWriteLock lock = Locks.create(impl);
        read = lock.readLock();
        write = lock.writeLock();
        map = new BlockMap(blocks / 4);
        switch (mix)
        {
            case RANDRW:
                readPercent = 50;
                break;
            case RANDWRITE:
                readPercent = 0;
                break;
            default:
                throw new IllegalArgumentException("mix is " + RANDRW + " or " + RANDWRITE + ", not " + mix);
        }
    }

    /** A thread's generator. */
    @State(Scope.Thread)
    public static class ThreadRandom
    {
        XorShift random;

        @Setup(Level.Trial)
        public void setUp()
        {
            random = new XorShift(Thread.currentThread().getId() * 31 + 7);
        }
    }

    @Benchmark
    public long operation(final ThreadRandom t)
    {
        final XorShift random = t.random;
        final int block = random.nextInt(blocks);
        if (random.nextInt(100) < readPercent)
        {
            read.lock();
            final long v;
            try
            {
                v = map.read(block);
            }
            finally
            {
                read.unlock();
            }
            if (v >= 0)
            {
                return v;
            }
            write.lock();
            try
            {
                map.fill(block);
            }
            finally
            {
                write.unlock();
            }
            return 0;
        }
        write.lock();
        try
        {
            map.write(block);
        }
        finally
        {
            write.unlock();
        }
        return 1;
    }
}
