package org.rwsem4j.bench.ablation;

import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * One point of the matrix: a benchmark, a lock, its other parameters and the JMH thread count. Each cell runs once
 * per round (one fork per round); the rounds give the per-fork scores that medians and spreads come from.
 *
 * @param bench   the benchmark
 * @param impl    the lock: a peer or a canonical variant spec, maybe with {@code @heap}
 * @param params  the other JMH parameters (or harness settings), sorted
 * @param threads JMH threads (1 for the single-benchmark-thread benchmarks)
 */
public record Cell(Bench bench, String impl, SortedMap<String, String> params, int threads)
{
    /** Keeps an unmodifiable sorted copy of the parameters. */
    public Cell
    {
        params = java.util.Collections.unmodifiableSortedMap(new TreeMap<>(params));
    }

    static Cell of(final Bench bench, final String impl, final int threads, final String... keyValues)
    {
        final TreeMap<String, String> p = new TreeMap<>();
        for (int i = 0; i < keyValues.length; i += 2)
        {
            p.put(keyValues[i], keyValues[i + 1]);
        }
        return new Cell(bench, impl, p, threads);
    }

    /**
     * @param name a parameter's name
     * @return its value, or null if the cell has none
     */
    public String param(final String name)
    {
        return params.get(name);
    }

    /** @return a one-line description for progress output */
    String describe()
    {
        return describe(impl);
    }

    /**
     * @param label the lock's label (e.g. {@code all-trylock} instead of the long spec)
     * @return a one-line description for progress output
     */
    String describe(final String label)
    {
        final StringBuilder sb = new StringBuilder(bench.name().toLowerCase(java.util.Locale.ROOT))
            .append(' ').append(label);
        for (final Map.Entry<String, String> e : params.entrySet())
        {
            sb.append(' ').append(e.getKey()).append('=').append(
                e.getValue());
        }
        if (bench.jmhThreads() && threads != 1)
        {
            sb.append(" t=").append(threads);
        }
        return sb.toString();
    }
}
