package org.rwsem4j.bench;

import java.util.Map;

/**
 * One fork's outcome for one cell.
 *
 * @param score     the primary score (the fork's mean over its measurement iterations)
 * @param secondary secondary metrics by name (JMH aux counters)
 * @param fairness  the fairness harness's result, for {@link Bench#FAIRNESS} cells
 */
record Sample(double score, Map<String, Double> secondary, FairnessResult fairness)
{
    Sample
    {
        secondary = Map.copyOf(secondary);
    }
}
