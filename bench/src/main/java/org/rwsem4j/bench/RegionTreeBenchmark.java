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
 * Macro workload, mmap_sem-like (a stand-in for AIM7 shared / will-it-scale page faults): many threads look up
 * addresses in a {@link RegionTree} under the read lock; a few operations (by default 2%) map or unmap a slot under
 * the write lock. Throughput over all JMH threads ({@code -t}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = JvmFlags.ADD_OPENS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class RegionTreeBenchmark
{
    @Param({"base", "all", "mutex", "rrwl", "rrwl-fair", "stamped"})
    public String impl;

    /** Percent of operations that map or unmap. */
    @Param({"2"})
    public int writePercent;

    /** Address-space slots (the tree holds about half of them). */
    @Param({"4096"})
    public int slots;

    private Lock read;
    private Lock write;
    private RegionTree tree;

    @Setup(Level.Trial)
    public void setUp()
    {
        final ReadWriteLock lock = Locks.create(impl);
        read = lock.readLock();
        write = lock.writeLock();
        tree = new RegionTree(slots, 42);
    }

    /** A thread's generator. */
    @State(Scope.Thread)
    public static class ThreadRandom
    {
        XorShift random;

        @Setup(Level.Trial)
        public void setUp()
        {
            random = new XorShift(Thread.currentThread().getId());
        }
    }

    @Benchmark
    public long operation(final ThreadRandom t)
    {
        final XorShift random = t.random;
        if (random.nextInt(100) < writePercent)
        {
            final int slot = random.nextInt(slots);
            write.lock();
            try
            {
                tree.toggle(slot);
            }
            finally
            {
                write.unlock();
            }
            return slot;
        }
        final long address = (random.nextLong() >>> 1) % (slots * RegionTree.SLOT_SIZE);
        read.lock();
        try
        {
            return tree.find(address);
        }
        finally
        {
            read.unlock();
        }
    }
}
