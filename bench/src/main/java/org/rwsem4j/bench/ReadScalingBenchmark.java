package org.rwsem4j.bench;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.StampedLock;

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
 * The read-scaling case: {@code threads} workers loop over one shared lock (or, with {@code locks} above 1,
 * a lock picked at random from that many per operation) with an empty critical section; each operation is a write with
 * probability {@code w / (r + w)} by a draw from the worker's own {@link XorShift} ({@code ro}: never), otherwise a
 * read. The figure is the total lock+unlock operations per ms over all workers: the secondary result
 * {@code opsPerMs} ({@link ReadScalingMetrics#OPS_PER_MS}), which the ablation and {@code ab} take as the score
 * ({@code Sample.ofJmh}); JMH's primary result is the window's length.
 *
 * <p>The workers are a fixed group inside one JMH thread's invocation ({@link ReadScalingRun}, a fresh run per
 * invocation: {@link RunCycle}), as in {@link LockTestBenchmark}, not JMH threads ({@code -t}): every worker passes the
 * same gate and runs for the whole {@code millis} window, the run knows each worker's start and end (the workers'
 * overlap and the fewest operations of one worker are reported), and the lock's event counters are read once before and
 * once after the run, outside the window, from the one thread that owns the run: for a variant with
 * {@code reader-bias}, the collision fallback rate ({@code BIAS_FALLBACK} per read, summed over every lock of the run)
 * and the revocations, as secondary results ({@link ReadScalingCounters}). With JMH threads, each thread's counters
 * would cover its own iteration, whose ends JMH does not align with the others' warm-down, and the events of a shared
 * lock belong to no one thread.
 *
 * <p>{@code impl}: a peer ({@code rrwl}, {@code stamped}: pessimistic, through {@code asReadWriteLock()}, ...), any
 * variant spec (e.g. {@code recommended}, or with {@code +reader-bias} on top of its patch names), or the reference
 * row {@link Locks#STAMPED_OPTIMISTIC}: {@code tryOptimisticRead()} and {@code validate}, falling back to
 * {@code readLock()}, writes through {@code writeLock()}. An optimistic read writes nothing shared, so it is a ceiling
 * for the read side, not a peer: it gives the reader no lock to hold. {@code ratio}: {@code ro} or {@code r:w}
 * ({@link Ratio#parseReadScaling}); a bad value fails the trial's setup with a message that says what is valid.
 *
 * <p>The quick profile's section ({@code ablation --quick}, or alone with {@code --only read-scaling}) runs 1, 2 and
 * 10 workers at {@code ro}, {@code 10000:1}, {@code 1000:1} and {@code 100:1} on one lock, and 2 workers at
 * {@code 1000:1} over 10,000 locks, each cell in 5 forks after a one-worker pre-warm, and reports the worst fork beside
 * the median: a lock's hot data, and a biased reader's entry in the shared table of visible readers, are placed anew in
 * every JVM, so whether two workers' slots meet (the same entry, or one cache line) is drawn once per fork. By hand:
 * <pre>
 * java -jar bench/target/rwsem4j-bench.jar jmh ReadScalingBenchmark -f 5 -p threads=2 -p ratio=ro \
 *   -p prewarmMillis=800 -p impl=rrwl,stamped,stamped-optimistic,recommended -rf json
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Threads(1)
@Fork(value = 1, jvmArgsAppend = JvmFlags.ADD_OPENS)
@Warmup(iterations = 3)
@Measurement(iterations = 3)
public class ReadScalingBenchmark
{
    /** A peer, a variant spec, or the reference row {@code stamped-optimistic}. */
    @Param({"rrwl", "stamped", "stamped-optimistic", "recommended"})
    public String impl;

    /** {@code ro} (reads only) or reads to writes, e.g. {@code 1000:1}. */
    @Param({"ro", "10000:1", "1000:1", "100:1"})
    public String ratio;

    /** Worker threads (above the core count this measures oversubscription). */
    @Param({"1", "2", "10"})
    public int threads;

    /** Locks to pick from at random per operation: 1 is the one shared lock. */
    @Param({"1"})
    public int locks;

    /** The window of one run (one iteration), ms. */
    @Param({"200"})
    public int millis;

    /**
     * An untimed run in the cell's own shape (its workers, ratio and locks) before the first iteration, ms (0: none):
     * it takes the paths the cell measures, so the JIT compiles them under the cell's own profile. Two overlapping
     * readers arm {@code reader-bias}, which one worker never does: a pre-warm of one worker (this benchmark's first
     * form) had the JIT compile a biased lock's count path first and its biased path later, under a profile that
     * called it rare. {@code jitMs} says whether the compiler threads were still at work in a measured window.
     */
    @Param({"0"})
    public int prewarmMillis;

    /** Operations of the last pre-warm (0: none ran); for tests. */
    long prewarmOps;
    /** Workers of the last pre-warm (0: none ran); for tests. */
    int prewarmWorkers;
    /** The compiler threads' total time when the invocation's workers were started, ms ({@link JitClock}). */
    private long jitMillisBefore;
    private ReadWriteLock[] all;
    private StampedLock[] optimistic;
    private Ratio parsedRatio;
    private final RunCycle<ReadScalingRun, BiasEvents> cycle = new RunCycle<>(
        seed -> new ReadScalingRun(all, optimistic, threads, parsedRatio, millis, seed),
        () -> BiasEvents.of(all), BiasEvents::minus);

    @Setup(Level.Trial)
    public void setUpTrial() throws Exception
    {
        parsedRatio = Ratio.parseReadScaling(ratio);
        if (threads < 1 || locks < 1 || millis < 1 || prewarmMillis < 0)
        {
            throw new IllegalArgumentException("threads, locks and millis must be positive and prewarmMillis not " +
                "negative: threads=" + threads + ", locks=" + locks + ", millis=" + millis + ", prewarmMillis=" +
                prewarmMillis);
        }
        if (Locks.STAMPED_OPTIMISTIC.equals(impl))
        {
            optimistic = new StampedLock[locks];
            for (int i = 0; i < locks; i++)
            {
                optimistic[i] = new StampedLock();
            }
        }
        else
        {
            all = new ReadWriteLock[locks];
            for (int i = 0; i < locks; i++)
            {
                all[i] = Locks.create(impl);
            }
        }
        prewarm();
    }

    private void prewarm() throws Exception
    {
        prewarmOps = 0;
        prewarmWorkers = 0;
        if (prewarmMillis > 0)
        {
            prewarmWorkers = threads;
            final ReadScalingRun run = new ReadScalingRun(all, optimistic, threads, parsedRatio, prewarmMillis, 0);
            run.start();
            try
            {
                run.go();
                prewarmOps = run.totalOps();
            }
            finally
            {
                run.join();
            }
        }
    }

    /** @return the trial's locks (null for the optimistic reference); for tests */
    ReadWriteLock[] locks()
    {
        return all;
    }

    @Setup(Level.Invocation)
    public void startWorkers() throws InterruptedException
    {
        cycle.start();
        jitMillisBefore = JitClock.millis();
    }

    /**
     * One run; the counters are read after the last worker finished.
     *
     * @param counters the iteration's secondary results
     * @throws Exception if a worker failed
     */
    @Benchmark
    public void readScaling(final ReadScalingCounters counters) throws Exception
    {
        final ReadScalingRun run = cycle.go();
        counters.record(run, cycle.counted(), JitClock.since(jitMillisBefore));
    }

    @TearDown(Level.Invocation)
    public void joinWorkers() throws InterruptedException
    {
        cycle.join();
    }
}
