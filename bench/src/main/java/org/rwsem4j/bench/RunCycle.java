package org.rwsem4j.bench;

import java.util.function.BinaryOperator;
import java.util.function.LongFunction;
import java.util.function.Supplier;

/**
 * The invocation of {@link LockTestBenchmark} and {@link ReadScalingBenchmark} (SingleShotTime: one invocation per
 * iteration). The invocation's setup ({@link #start()}) makes a fresh run, seeded with the invocation's number (1, 2,
 * ... in the benchmark's life), starts its workers (thread creation is not measured) and then reads the lock's
 * counters; the benchmark method opens the gate and waits for the last worker ({@link #go()}), then reads the counters
 * again ({@link #counted()}), outside the window but before the workers are joined; the teardown joins the workers
 * ({@link #join()}).
 *
 * @param <R> the run
 * @param <E> the lock's counters, null where the lock has none
 */
final class RunCycle<R extends RunCycle.Run, E>
{
    /** A run of worker threads behind a gate. */
    interface Run
    {
        /**
         * Starts the workers and waits until every one is at the gate.
         *
         * @throws InterruptedException if interrupted while waiting
         */
        void start() throws InterruptedException;

        /**
         * Opens the gate and waits for the last worker.
         *
         * @throws Exception the first failure of any worker
         */
        void go() throws Exception;

        /**
         * Joins the workers, stopping them first.
         *
         * @throws InterruptedException if interrupted
         */
        void join() throws InterruptedException;
    }

    private final LongFunction<R> runs;
    private final Supplier<E> counters;
    private final BinaryOperator<E> minus;
    private long invocation;
    private R run;
    private E before;

    /**
     * @param runs     makes a run with the given seed
     * @param counters reads the lock's counters now, or null where it has none
     * @param minus    the counts from the second to the first of two readings
     */
    RunCycle(final LongFunction<R> runs, final Supplier<E> counters, final BinaryOperator<E> minus)
    {
        this.runs = runs;
        this.counters = counters;
        this.minus = minus;
    }

    /**
     * Makes the invocation's run, starts its workers and reads the counters.
     *
     * @throws InterruptedException if interrupted while waiting for the workers
     */
    void start() throws InterruptedException
    {
        run = runs.apply(++invocation);
        run.start();
        before = counters.get();
    }

    /**
     * @return the run, finished
     * @throws Exception the first failure of any worker
     */
    R go() throws Exception
    {
        run.go();
        return run;
    }

    /** @return the counts since {@link #start()}, or null where the lock has no counters */
    E counted()
    {
        final E after = counters.get();
        return after == null ? null : minus.apply(after, before);
    }

    /**
     * Joins the run's workers.
     *
     * @throws InterruptedException if interrupted
     */
    void join() throws InterruptedException
    {
        run.join();
    }
}
