package org.rwsem4j.bench;

import java.util.List;
import java.util.Map;

/**
 * One fork's outcome for one cell.
 *
 * @param score      the primary score (the fork's mean over its measurement iterations)
 * @param secondary  secondary metrics by name (JMH aux counters, aggregated over the fork as JMH does)
 * @param fairness   the fairness harness's result, for {@link Bench#FAIRNESS} cells
 * @param iterations the primary score of each measurement iteration (empty when the runner has none)
 * @param perIteration the secondary metrics of each measurement iteration, in the same order
 */
record Sample(double score, Map<String, Double> secondary, FairnessResult fairness, double[] iterations,
    List<Map<String, Double>> perIteration)
{
    Sample
    {
        secondary = Map.copyOf(secondary);
        iterations = iterations.clone();
        perIteration = List.copyOf(perIteration);
    }

    /**
     * A JMH fork's sample, from a live {@code RunResult} or from {@code jmh.json} ({@link JmhJson}): the one place
     * that decides what a JMH fork's figure is. A timed seed-000 cell reports its figure as the secondary result
     * {@link LockTestCounters#TIMED_SCORE} (JMH's own primary is then the window's length); that secondary replaces
     * the primary, per iteration and for the fork.
     *
     * @param score        JMH's primary score for the fork
     * @param secondary    the fork's secondary scores, as JMH aggregates them
     * @param iterations   the primary score of each measurement iteration
     * @param perIteration the secondary results of each measurement iteration
     * @return the sample
     */
    static Sample ofJmh(final double score, final Map<String, Double> secondary, final double[] iterations,
        final List<Map<String, Double>> perIteration)
    {
        final boolean timed = !perIteration.isEmpty() &&
            perIteration.stream().allMatch(m -> m.getOrDefault(LockTestCounters.TIMED_SCORE, 0.0) > 0);
        if (!timed)
        {
            return new Sample(score, secondary, null, iterations, perIteration);
        }
        final double[] values = perIteration.stream().mapToDouble(m -> m.get(LockTestCounters.TIMED_SCORE)).toArray();
        double sum = 0;
        for (final double v : values)
        {
            sum += v;
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
    double[] iterationValues(final java.util.function.ToDoubleFunction<Sample> metric)
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
