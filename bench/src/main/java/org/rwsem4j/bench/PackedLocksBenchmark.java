package org.rwsem4j.bench;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReadWriteLock;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Group;
import org.openjdk.jmh.annotations.GroupThreads;
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
import org.openjdk.jmh.infra.Blackhole;

/**
 * The padding policy, measured: many locks packed side by side on the heap (built back to back by one thread,
 * as a cache builds its entries), and a few hot ones, with and without {@code @pad} (the builder's
 * {@code padded(true)}), beside {@code rrwl}, in ns/op. Every contended pattern is a group of two threads, one taking
 * read-lock/unlock pairs and one write-lock/unlock pairs, each around a tiny critical section
 * ({@link Blackhole#consumeCPU} of {@value #CRITICAL_SECTION_TOKENS} tokens); JMH reports each thread's op and the
 * group's.
 * <ul>
 * <li>{@code neighbours} ({@code locks} of {@link Packed}): the reader walks locks 0, 2, 4, ..., the writer 1, 3, 5,
 * ..., so adjacent locks always belong to different threads: false sharing wherever two locks' hot words share a
 * line, the worst case for packing;</li>
 * <li>{@code own} ({@link Hot}): one hot lock per thread, the two built one after the other (the locks=2 case);</li>
 * <li>{@code shared} ({@link Hot}): one lock both threads use (true sharing, where the OSQ is used);</li>
 * <li>{@code scan} ({@link Packed}, one thread): a read lock/unlock of each lock in turn, so the figure is the cost
 * of the locks' cache footprint once they outgrow the caches.</li>
 * </ul>
 *
 * <p>The off-heap word sits in a padded 128-byte slot either way, so with the default word {@code @pad} pads the
 * engine's owner word and the OSQ tail ({@code PaddedEngine}, the padded {@code Osq}); with {@code @heap} it also pads
 * the on-heap word.
 * Command, 22 trials (3 impls x 3 {@code locks} x 2 patterns, 2 impls x 2 patterns), 5 forks of 6 one-second
 * iterations each, about 14 minutes (a fork costs about 1.3 s more than its iterations, building up to 262,144
 * locks included):
 * <pre>
 * java -jar bench/target/rwsem4j-bench.jar jmh PackedLocksBenchmark -f 5 -wi 3 -i 3 -rf json
 * </pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = JvmFlags.ADD_OPENS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 3, time = 1)
public class PackedLocksBenchmark
{
    /** The critical section's length, in {@link Blackhole#consumeCPU} tokens. */
    static final int CRITICAL_SECTION_TOKENS = 8;

    /** Many locks, built back to back. */
    @State(Scope.Benchmark)
    public static class Packed
    {
        @Param({"recommended", "recommended@pad", "rrwl"})
        public String impl;

        /** How many locks; a power of two. */
        @Param({"64", "4096", "262144"})
        public int locks;

        ReadWriteLock[] all;

        @Setup(Level.Trial)
        public void setUp()
        {
            all = build(impl, locks);
        }
    }

    /**
     * Two locks, built one after the other: one per thread ({@code own}) or the first for both ({@code shared}).
     * Without {@code rrwl}, which has nothing to pad: {@link Packed} measures it beside the variants.
     */
    @State(Scope.Benchmark)
    public static class Hot
    {
        @Param({"recommended", "recommended@pad"})
        public String impl;

        ReadWriteLock[] all;

        @Setup(Level.Trial)
        public void setUp()
        {
            all = build(impl, 2);
        }
    }

    /** A thread's place in its walk over {@link Packed}: an even index (the writer adds one). */
    @State(Scope.Thread)
    public static class Cursor
    {
        int next;

        /** {@return this walk's next even index, then moves on by two} */
        int step(final int locks)
        {
            final int k = next;
            next = (k + 2) & (locks - 1);
            return k;
        }
    }

    static ReadWriteLock[] build(final String impl, final int locks)
    {
        if (Integer.bitCount(locks) != 1 || locks < 2)
        {
            throw new IllegalArgumentException("locks must be a power of two, at least 2: " + locks);
        }
        final ReadWriteLock[] all = new ReadWriteLock[locks];
        for (int i = 0; i < locks; i++)
        {
            all[i] = Locks.create(impl);
        }
        return all;
    }

    private static void pair(final Lock lock)
    {
        lock.lock();
        try
        {
            Blackhole.consumeCPU(CRITICAL_SECTION_TOKENS);
        }
        finally
        {
            lock.unlock();
        }
    }

    @Benchmark
    @Group("neighbours")
    @GroupThreads(1)
    public void neighboursRead(final Packed p, final Cursor c)
    {
        pair(p.all[c.step(p.locks)].readLock());
    }

    @Benchmark
    @Group("neighbours")
    @GroupThreads(1)
    public void neighboursWrite(final Packed p, final Cursor c)
    {
        pair(p.all[c.step(p.locks) + 1].writeLock());
    }

    @Benchmark
    @Group("own")
    @GroupThreads(1)
    public void ownRead(final Hot h)
    {
        pair(h.all[0].readLock());
    }

    @Benchmark
    @Group("own")
    @GroupThreads(1)
    public void ownWrite(final Hot h)
    {
        pair(h.all[1].writeLock());
    }

    @Benchmark
    @Group("shared")
    @GroupThreads(1)
    public void sharedRead(final Hot h)
    {
        pair(h.all[0].readLock());
    }

    @Benchmark
    @Group("shared")
    @GroupThreads(1)
    public void sharedWrite(final Hot h)
    {
        pair(h.all[0].writeLock());
    }

    @Benchmark
    @Threads(1)
    public void scan(final Packed p, final Cursor c)
    {
        final Lock read = p.all[c.next].readLock();
        c.next = (c.next + 1) & (p.locks - 1);
        read.lock();
        read.unlock();
    }
}
