package org.rwsem4j.bench.ablation;

import java.util.List;
import java.util.Map;

import org.rwsem4j.bench.LockTestMetrics;
import org.rwsem4j.bench.fairness.FairnessResult;

/**
 * One fork's outcome for one cell.
 *
 * @param score      the primary score (the fork's mean over its measurement iterations)
 * @param secondary  secondary metrics by name (JMH aux counters, aggregated over the fork as JMH does)
 * @param fairness   the fairness harness's result, for {@link Bench#FAIRNESS} cells
 * @param iterations the primary score of each measurement iteration (empty when the runner has none)
 * @param perIteration the secondary metrics of each measurement iteration, in the same order
 */
public record Sample(double score, Map<String, Double> secondary, FairnessResult fairness, double[] iterations,
    List<Map<String, Double>> perIteration)
{
    /** Keeps immutable copies of the metrics and of the iterations' scores. */
    public Sample
    {
        secondary = Map.copyOf(secondary);
        iterations = iterations.clone();
        perIteration = List.copyOf(perIteration);
    }

    /**
     * A JMH fork's sample, from a live {@code RunResult} or from {@code jmh.json} ({@link JmhJson}): the one place
     * that decides what a JMH fork's figure is. A cell sized by time (JMH parameter {@code millis} above 0) reports
     * its figure as the secondary result {@link LockTestMetrics#TIMED_SCORE} (JMH's own primary is then the
     * window's length), which replaces the primary, per iteration and for the fork; every other cell keeps the
     * primary.
     *
     * @param millis       the fork's JMH parameter {@code millis}, or null if its benchmark has none
     * @param score        JMH's primary score for the fork
     * @param secondary    the fork's secondary scores, as JMH aggregates them
     * @param iterations   the primary score of each measurement iteration
     * @param perIteration the secondary results of each measurement iteration
     * @return the sample
     * @throws IllegalStateException if a cell sized by time lacks a finite, positive figure in an iteration
     */
    public static Sample ofJmh(final String millis, final double score, final Map<String, Double> secondary,
        final double[] iterations, final List<Map<String, Double>> perIteration)
    {
        if (millis == null || Integer.parseInt(millis.trim()) == 0)
        {
            return new Sample(score, secondary, null, iterations, perIteration);
        }
        final double[] values = new double[perIteration.size()];
        double sum = 0;
        for (int i = 0; i < values.length; i++)
        {
            final Double v = perIteration.get(i).get(LockTestMetrics.TIMED_SCORE);
            if (v == null || !Double.isFinite(v) || v <= 0)
            {
                throw new IllegalStateException("a cell sized by time (millis=" + millis + ") has no figure (" +
                    LockTestMetrics.TIMED_SCORE + ") in measured iteration " + (i + 1) + ": " + v);
            }
            values[i] = v;
            sum += v;
        }
        if (values.length == 0)
        {
            throw new IllegalStateException("a cell sized by time has no measured iteration");
        }
        return new Sample(sum / values.length, secondary, null, values, perIteration);
    }

    Sample(final double score, final Map<String, Double> secondary, final FairnessResult fairness)
    {
        this(score, secondary, fairness, new double[0], List.of());
    }

    /**
     * The values a verdict resamples: each iteration's primary score scaled as {@code metric} scales the fork's
     * score (a metric proportional to the score, such as the successful share of trylocks), or the fork's metric
     * alone when there are no iterations.
     *
     * @param metric the fork-level metric
     * @return one value per iteration
     */
    public double[] iterationValues(final java.util.function.ToDoubleFunction<Sample> metric)
    {
        final double m = metric.applyAsDouble(this);
        if (iterations.length == 0 || score == 0)
        {
            return new double[] {m};
        }
        final double scale = m / score;
        final double[] out = new double[iterations.length];
        for (int i = 0; i < out.length; i++)
        {
            out[i] = iterations[i] * scale;
        }
        return out;
    }
}
