package org.rwsem4j.bench.ablation;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;
import org.rwsem4j.bench.JvmFlags;

/**
 * Runs one JMH cell for one fork, programmatically, and turns the result into a {@link Sample}. The fork gets
 * {@link JvmFlags#forkFlags()}: the {@code --add-opens} flag and the lock switches this JVM was given.
 */
public final class JmhCellRunner
{
    /** What JMH says when another instance holds its lock file ({@code java.io.tmpdir/jmh.lock}). */
    public static final String JMH_LOCK_BUSY = "Unable to acquire the JMH lock";
    private static final int LOCK_WAIT_MINUTES = 30;
    private static final long LOCK_RETRY_MILLIS = 1000;

    private final Profile profile;

    JmhCellRunner(final Profile profile)
    {
        this.profile = profile;
    }

    /**
     * @param cell a JMH cell
     * @return the run's result (one fork)
     * @throws RunnerException if the benchmark failed (a torn read, a timeout, a missing flag)
     */
    RunResult run(final Cell cell) throws RunnerException
    {
        final ChainedOptionsBuilder b = new OptionsBuilder()
            .include(cell.bench().include())
            .param(cell.bench().implParam(), cell.impl())
            .forks(1)
            .threads(cell.threads())
            .shouldFailOnError(true)
            .jvmArgsAppend(JvmFlags.forkFlags())
            .verbosity(VerboseMode.SILENT)
            .timeout(TimeValue.minutes(10));
        cell.params().forEach(b::param);
        if (cell.bench() == Bench.LOCKTEST)
        {
            b.warmupIterations(profile.singleShotWarmups).measurementIterations(profile.singleShotMeasurements);
        }
        else if (cell.bench() == Bench.READ_SCALING)
        {
            b.warmupIterations(profile.readScalingWarmups).measurementIterations(profile.readScalingMeasurements);
        }
        else
        {
            final TimeValue t = TimeValue.milliseconds(profile.iterationMillis);
            b.warmupIterations(profile.timedWarmups).warmupTime(t)
                .measurementIterations(profile.timedMeasurements).measurementTime(t);
        }
        final Collection<RunResult> results = runHoldingJmhLock(b);
        if (results.size() != 1)
        {
            throw new RunnerException("expected one result for " + cell.describe() + ", got " + results.size());
        }
        return results.iterator().next();
    }

    /**
     * Runs JMH; while another JMH instance on the machine holds JMH's lock file, waits for it and tries again (up to
     * {@link #LOCK_WAIT_MINUTES}), so that two benchmark runs never measure at the same time and a busy lock file is
     * not reported as a failed cell.
     */
    private static Collection<RunResult> runHoldingJmhLock(final ChainedOptionsBuilder b) throws RunnerException
    {
        final long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.MINUTES.toNanos(LOCK_WAIT_MINUTES);
        while (true)
        {
            try
            {
                return new Runner(b.build()).run();
            }
            catch (final RunnerException e)
            {
                if (!lockBusy(e) || System.nanoTime() > deadline)
                {
                    throw e;
                }
            }
            try
            {
                Thread.sleep(LOCK_RETRY_MILLIS);
            }
            catch (final InterruptedException e)
            {
                Thread.currentThread().interrupt();
                throw new RunnerException("interrupted while waiting for JMH's lock file", e);
            }
        }
    }

    private static boolean lockBusy(final Throwable e)
    {
        for (Throwable t = e; t != null; t = t.getCause())
        {
            if (String.valueOf(t.getMessage()).contains(JMH_LOCK_BUSY))
            {
                return true;
            }
        }
        return false;
    }

    /**
     * @param r a run result
     * @return its primary score and secondary metrics
     */
    static Sample sample(final RunResult r)
    {
        final Map<String, Double> secondary = new HashMap<>();
        for (final Map.Entry<String, Result> e : r.getSecondaryResults().entrySet())
        {
            secondary.put(e.getKey(), e.getValue().getScore());
        }
        final List<Double> iterations = new ArrayList<>();
        final List<Map<String, Double>> perIteration = new ArrayList<>();
        for (final BenchmarkResult b : r.getBenchmarkResults())
        {
            for (final IterationResult it : b.getIterationResults())
            {
                iterations.add(it.getPrimaryResult().getScore());
                final Map<String, Double> m = new HashMap<>();
                it.getSecondaryResults().forEach((k, v) -> m.put(k, v.getScore()));
                perIteration.add(m);
            }
        }
        final double[] values = new double[iterations.size()];
        for (int i = 0; i < values.length; i++)
        {
            values[i] = iterations.get(i);
        }
        return Sample.ofJmh(r.getParams().getParam("millis"), r.getPrimaryResult().getScore(), secondary, values,
            perIteration);
    }
}
