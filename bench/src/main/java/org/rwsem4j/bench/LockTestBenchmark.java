package org.rwsem4j.bench;

import java.util.concurrent.TimeUnit;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Seed 000's microbenchmark: execution time (ms) until the last of {@code threads} workers finishes {@code ops}
 * lock/unlock operations at ratio {@code r:w} with {@code load} units of load inside the critical section: pause units
 * ({@code Thread.onSpinWait()}, the default) or, with {@code -p unit=tokens}, {@code Blackhole.consumeCPU} tokens
 * ({@link LoadUnit}).
 *
 * <p>With {@code millis > 0} a run is sized by time instead ({@link LockTestRun}): every worker runs for the whole
 * window, and the figure, in the same unit, is the time {@code ops} operations per worker take at the rate measured.
 * JMH's primary result is then the window's length; the figure is the secondary result {@code timedMs}, which the
 * ablation and {@code ab} take as the score ({@code Sample.ofJmh}).
 *
 * <p>One JMH thread opens the gate and waits for the last worker ({@link LockTestRun}, a fresh run per invocation:
 * {@link RunCycle}); JMH's own threads are not used because SingleShotTime would average across them. Each iteration
 * also reports the workers' overlap and the lock's event counters per 1,000 operations ({@link LockTestCounters}).
 * Writers update plain fields that readers check ({@link GuardedPair}), so a broken lock fails the run instead of
 * posting a number.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Threads(1)
@Fork(value = 1, jvmArgsAppend = JvmFlags.ADD_OPENS)
@Warmup(iterations = 3)
@Measurement(iterations = 5)
public class LockTestBenchmark
{
    /** A peer ({@code mutex}, {@code rrwl}, {@code rrwl-fair}, {@code stamped}) or a variant spec. */
    @Param({"base", "all", "mutex", "rrwl", "rrwl-fair", "stamped"})
    public String impl;

    /** Reads to writes, e.g. {@code 10:1}. */
    @Param({"0:1", "1:1", "10:1"})
    public String ratio;

    /** Units of load inside the critical section (see {@link #unit}). */
    @Param({"1", "5", "10"})
    public int load;

    /**
     * The load's unit: {@code pause} ({@code Thread.onSpinWait()}) or {@code tokens} ({@code Blackhole.consumeCPU});
     * any other value fails the trial with a message that lists the valid names ({@link LoadUnit#parse}).
     */
    @Param({"pause"})
    public String unit;

    /** Worker threads (above the core count this measures oversubscription). */
    @Param({"2", "10"})
    public int threads;

    /** Lock/unlock operations per worker (sized by time: the operations per worker the figure is scaled to). */
    @Param({"1000000"})
    public int ops;

    /** 0: each worker does {@code ops} operations; otherwise every worker runs for this window, in ms. */
    @Param({"0"})
    public int millis;

    /**
     * An untimed pre-warm at the start of each fork, in ms: the same cell (lock, ratio, load, threads) runs as one
     * run sized by time for this long before JMH's first warm-up iteration, so the lock's slow paths are compiled
     * before anything is measured. 0 (the default): none, as before the parameter existed.
     */
    @Param({"0"})
    public int prewarm;

    private ReadWriteLock lock;
    private GuardedPair pair;
    private Ratio parsedRatio;
    private final RunCycle<LockTestRun, CellEvents> cycle = new RunCycle<>(
        seed -> new LockTestRun(lock, pair, threads, ops, parsedRatio, load, millis, seed),
        () -> CellEvents.of(lock), CellEvents::minus);

    @Setup(Level.Trial)
    public void setUpTrial()
    {
        lock = Locks.create(impl);
        pair = new GuardedPair(LoadUnit.parse(unit));
        parsedRatio = Ratio.parse(ratio);
        if (prewarm > 0)
        {
            preWarm();
        }
    }

    /** Runs the cell once, sized by time for {@link #prewarm} ms, and discards the result. */
    private void preWarm()
    {
        final LockTestRun warm = new LockTestRun(lock, pair, threads, ops, parsedRatio, load, prewarm, 0);
        try
        {
            try
            {
                warm.start();
                warm.go();
            }
            finally
            {
                warm.join();
            }
        }
        catch (final InterruptedException e)
        {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted in the pre-warm", e);
        }
        catch (final RuntimeException e)
        {
            throw e;
        }
        catch (final Exception e)
        {
            throw new IllegalStateException("the pre-warm failed: " + e.getMessage(), e);
        }
    }

    @Setup(Level.Invocation)
    public void startWorkers() throws InterruptedException
    {
        cycle.start();
    }

    /**
     * One run; the counters are read after the last worker finished (a few microseconds against a run of many
     * milliseconds).
     *
     * @param counters the iteration's secondary results
     * @throws Exception if a worker failed
     */
    @Benchmark
    public void lockTest(final LockTestCounters counters) throws Exception
    {
        final LockTestRun run = cycle.go();
        counters.record(run, cycle.counted());
    }

    @TearDown(Level.Invocation)
    public void joinWorkers() throws InterruptedException
    {
        cycle.join();
    }
}
