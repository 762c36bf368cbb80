package org.rwsem4j.bench.ablation;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

import org.rwsem4j.bench.stats.Stats;

/** Per-cell samples (one per fork) and failures of an ablation run. */
final class Results
{
    private final Map<Cell, List<Sample>> samples = new LinkedHashMap<>();
    private final Map<Cell, String> failures = new LinkedHashMap<>();

    void add(final Cell cell, final Sample sample)
    {
        samples.computeIfAbsent(cell, c -> new ArrayList<>()).add(sample);
    }

    void fail(final Cell cell, final String why)
    {
        failures.putIfAbsent(cell, why);
    }

    boolean failed(final Cell cell)
    {
        return failures.containsKey(cell);
    }

    Map<Cell, String> failures()
    {
        return java.util.Collections.unmodifiableMap(failures);
    }

    List<Sample> samples(final Cell cell)
    {
        return samples.getOrDefault(cell, List.of());
    }

    /**
     * @param cell a cell
     * @return its primary-score stats over forks, or null if it has none (or failed)
     */
    Stats stats(final Cell cell)
    {
        return stats(cell, Sample::score);
    }

    /**
     * @param cell   a cell
     * @param metric what to take from each fork (scaled per iteration, see {@link Sample#iterationValues})
     * @return per fork, its iteration values; empty if the cell failed or has none
     */
    List<double[]> forks(final Cell cell, final ToDoubleFunction<Sample> metric)
    {
        final List<double[]> out = new ArrayList<>();
        if (!failed(cell))
        {
            samples(cell).forEach(s -> out.add(s.iterationValues(metric)));
        }
        return out;
    }

    /**
     * @param cell a cell
     * @param name a secondary metric recorded per iteration
     * @return every iteration's value over all forks (empty if none)
     */
    List<Double> iterationSecondary(final Cell cell, final String name)
    {
        final List<Double> out = new ArrayList<>();
        if (!failed(cell))
        {
            for (final Sample s : samples(cell))
            {
                for (final Map<String, Double> m : s.perIteration())
                {
                    final Double v = m.get(name);
                    if (v != null)
                    {
                        out.add(v);
                    }
                }
            }
        }
        return out;
    }

    /**
     * @param cell a cell
     * @param metric what to take from each fork
     * @return the stats over forks, or null
     */
    Stats stats(final Cell cell, final ToDoubleFunction<Sample> metric)
    {
        if (failed(cell))
        {
            return null;
        }
        final List<Sample> s = samples(cell);
        if (s.isEmpty())
        {
            return null;
        }
        final List<Double> values = new ArrayList<>();
        s.forEach(x -> values.add(metric.applyAsDouble(x)));
        return Stats.of(values);
    }
}
