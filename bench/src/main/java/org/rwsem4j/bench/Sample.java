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
