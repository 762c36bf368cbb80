package org.rwsem4j.bench;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.function.Supplier;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;
import org.rwsem4j.Rwsem;

/**
 * The cost of building one lock, in ns/op, beside {@code ReentrantReadWriteLock} in the same run (the
 * construction target: at most 2x rrwl's). Each call builds a fresh, never contended lock and returns it, so JMH keeps
 * it; the lock is garbage at once, which puts the reclamation of its off-heap slot inside the figure, as it is in a
 * program that makes and drops locks. {@code -prof gc} adds the bytes allocated per lock
 * ({@code gc.alloc.rate.norm}), garbage included; the heap a lock keeps is measured by {@code SlotFootprintTest}.
 *
 * <p>Forks run with a fixed 2 GB heap: while a heap grows, every build is slow (the young generation's fresh pages
 * are faulted in, and the off-heap arena, which holds the slots of the locks dropped since the last GC, grows with
 * it), so a measurement that starts before the heap and the arena stop growing measures their growth. Give it
 * about 20 warm-up iterations ({@code -wi 20}), as the construction figures in bench/NOTEBOOK.md do.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Threads(1)
@Fork(value = 1, jvmArgsAppend = {JvmFlags.ADD_OPENS, "-Xms2g", "-Xmx2g"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class ConstructionBenchmark
{
    @Param({"rrwl", "base", "recommended", "recommended@heap"})
    public String impl;

    private Supplier<ReadWriteLock> maker;

    /**
     * What a user writes, resolved once: {@code Rwsem.of(spec)}, or for {@code spec@heap} the builder chain
     * {@code Rwsem.builder().variant(spec).onHeap().build()}; the bench's other {@code @} options go through
     * {@link Locks#create}, whose option parsing then counts in the figure.
     */
    @Setup
    public void resolve()
    {
        final String heap = "@heap";
        if (impl.endsWith(heap) && impl.indexOf('@') == impl.length() - heap.length())
        {
            final String spec = impl.substring(0, impl.length() - heap.length());
            maker = () -> Rwsem.builder().variant(spec).onHeap().build();
        }
        else if (impl.indexOf('@') < 0 && !Locks.isPeer(impl))
        {
            maker = () -> Rwsem.of(impl);
        }
        else
        {
            maker = () -> Locks.create(impl);
        }
    }

    @Benchmark
    public ReadWriteLock build()
    {
        return maker.get();
    }
}
