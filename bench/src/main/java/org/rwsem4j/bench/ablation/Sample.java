package org.rwsem4j.bench.ablation;

import java.util.List;
import java.util.Map;

import org.rwsem4j.bench.LockTestMetrics;
import org.rwsem4j.bench.ReadScalingMetrics;
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
     * that decides what a JMH fork's figure is. Two kinds of cell report their figure as a secondary result, which
     * then replaces the primary (JMH's own primary is the window's length), per iteration and for the fork:
     * a read-scaling cell, whose iterations record {@link ReadScalingMetrics#OPS_PER_MS}, and a seed-000 cell sized
     * by time (JMH parameter {@code millis} above 0), whose figure is {@link LockTestMetrics#TIMED_SCORE}. Every other
     * cell keeps the primary.
     *
     * @param millis       the fork's JMH parameter {@code millis}, or null if its benchmark has none
     * @param score        JMH's primary score for the fork
     * @param secondary    the fork's secondary scores, as JMH aggregates them
     * @param iterations   the primary score of each measurement iteration
     * @param perIteration the secondary results of each measurement iteration
     * @return the sample
     * @throws IllegalStateException if such a cell lacks a finite, positive figure in an iteration
     */
    public static Sample ofJmh(final String millis, final double score, final Map<String, Double> secondary,
        final double[] iterations, final List<Map<String, Double>> perIteration)
    {
        if (!perIteration.isEmpty() && perIteration.get(0).containsKey(ReadScalingMetrics.OPS_PER_MS))
        {
            return figure(ReadScalingMetrics.OPS_PER_MS, "a read-scaling cell", secondary, perIteration);
        }
        if (millis == null || Integer.parseInt(millis.trim()) == 0)
        {
            return new Sample(score, secondary, null, iterations, perIteration);
        }
        return figure(LockTestMetrics.TIMED_SCORE, "a cell sized by time (millis=" + millis + ")", secondary,
            perIteration);
    }

    /** @return the sample whose iterations are the secondary result {@code name} of each measured iteration */
    private static Sample figure(final String name, final String what, final Map<String, Double> secondary,
        final List<Map<String, Double>> perIteration)
    {
        final double[] values = new double[perIteration.size()];
        double sum = 0;
        for (int i = 0; i < values.length; i++)
        {
            final Double v = perIteration.get(i).get(name);
            if (v == null || !Double.isFinite(v) || v <= 0)
            {
                throw new IllegalStateException(what + " has no figure (" + name + ") in measured iteration " +
                    (i + 1) + ": " + v);
            }
            values[i] = v;
            sum += v;
        }
        if (values.length == 0)
        {
            throw new IllegalStateException(what + " has no measured iteration");
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
