package org.rwsem4j.bench.ab;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.rwsem4j.bench.Ratio;
import org.rwsem4j.bench.ablation.Profile;
import org.rwsem4j.cli.UsageException;

/**
 * The cells of an A/B run from its arguments: every combination of {@code --impl} (and, for
 * {@code LockTestBenchmark}, {@code --ratio}, {@code --threads}, {@code --load}) with the {@code --param} values,
 * each a single value so that one child run is one JMH parameter point.
 */
public final class AbCells
{
    public static final String LOCK_TEST = "LockTestBenchmark";
    /** LockTestBenchmark's ops per worker unless {@code --param ops=...} says otherwise: the steady-state size. */
    public static final int DEFAULT_OPS = 100_000;
    /**
     * LockTestBenchmark's window unless {@code --param millis=...} says otherwise: cells sized by time, as the
     * ablation's ({@code --param millis=off} leaves the parameter out, for jars built before it existed).
     */
    public static final int DEFAULT_MILLIS = Profile.STEADY_MILLIS;
    /** The {@code --param millis} value that leaves the parameter out. */
    public static final String OFF = "off";
    private static final String NAME = "[A-Za-z_][A-Za-z0-9_]*";

    private AbCells()
    {
    }

    /**
     * @param benchmark {@code Class} or {@code Class.method}
     * @return the class's simple name
     * @throws UsageException if it is not of that form
     */
    public static String benchmarkClass(final String benchmark) throws UsageException
    {
        if (!benchmark.matches(NAME + "(\\." + NAME + ")?"))
        {
            throw new UsageException("--benchmark: expected a benchmark class's simple name, optionally .method, " +
                "e.g. LockTestBenchmark; got '" + benchmark + "'");
        }
        final int dot = benchmark.indexOf('.');
        return dot < 0 ? benchmark : benchmark.substring(0, dot);
    }

    /**
     * @param benchClass the benchmark class's simple name
     * @param impl       {@code --impl}
     * @param ratio      {@code --ratio}, or null for the default
     * @param threads    {@code --threads}, or null for the default
     * @param load       {@code --load}, or null for the default
     * @param params     the {@code --param k=v} values
     * @return the cells, impl varying slowest
     * @throws UsageException for a bad value
     */
    public static List<AbCell> cells(final String benchClass, final String impl, final String ratio,
        final String threads, final String load, final List<String> params) throws UsageException
    {
        final boolean lockTest = LOCK_TEST.equals(benchClass);
        final Map<String, List<String>> axes = new LinkedHashMap<>();
        axes.put("impl", names("--impl", impl));
        if (lockTest)
        {
            axes.put("ratio", ratios(ratio == null ? "1:1,10:1" : ratio));
            axes.put("threads", integers("--threads", threads == null ? "10" : threads, 1));
            axes.put("load", integers("--load", load == null ? "1" : load, 0));
        }
        else if (ratio != null || threads != null || load != null)
        {
            throw new UsageException("--ratio, --threads and --load are LockTestBenchmark's; for " + benchClass +
                " use --param");
        }
        final Map<String, String> fixed = new LinkedHashMap<>();
        if (lockTest)
        {
            fixed.put("ops", Integer.toString(DEFAULT_OPS));
            fixed.put("millis", Integer.toString(DEFAULT_MILLIS));
        }
        final Set<String> given = new LinkedHashSet<>();
        for (final String p : params)
        {
            final int eq = p.indexOf('=');
            final String key = eq < 0 ? p : p.substring(0, eq);
            final String value = eq < 0 ? "" : p.substring(eq + 1);
            if (eq < 0 || !key.matches(NAME) || value.isEmpty() || value.contains(",") || value.isBlank())
            {
                throw new UsageException("--param: expected name=value with one value, e.g. ops=200000; got '" + p +
                    "'");
            }
            if (axes.containsKey(key))
            {
                throw new UsageException("--param " + p + ": use --" + key);
            }
            if (!given.add(key))
            {
                throw new UsageException("--param " + key + " given twice");
            }
            if (OFF.equals(value))
            {
                fixed.remove(key);
            }
            else
            {
                fixed.put(key, value);
            }
        }
        return product(axes, fixed);
    }

    private static List<AbCell> product(final Map<String, List<String>> axes, final Map<String, String> fixed)
    {
        List<Map<String, String>> points = List.of(new LinkedHashMap<>());
        for (final Map.Entry<String, List<String>> axis : axes.entrySet())
        {
            final List<Map<String, String>> next = new ArrayList<>();
            for (final Map<String, String> point : points)
            {
                for (final String v : axis.getValue())
                {
                    final Map<String, String> p = new LinkedHashMap<>(point);
                    p.put(axis.getKey(), v);
                    next.add(p);
                }
            }
            points = next;
        }
        final List<AbCell> out = new ArrayList<>();
        for (final Map<String, String> point : points)
        {
            point.putAll(fixed);
            out.add(new AbCell(point));
        }
        return out;
    }

    /** Splits a comma-separated list: no empty item, none twice. */
    private static List<String> split(final String option, final String list) throws UsageException
    {
        final List<String> out = new ArrayList<>();
        for (final String raw : list.split(",", -1))
        {
            final String v = raw.trim();
            if (v.isEmpty())
            {
                throw new UsageException(option + ": empty item in '" + list + "'");
            }
            if (out.contains(v))
            {
                throw new UsageException(option + ": '" + v + "' given twice");
            }
            out.add(v);
        }
        return out;
    }

    private static List<String> names(final String option, final String list) throws UsageException
    {
        final List<String> out = split(option, list);
        for (final String v : out)
        {
            if (!v.matches("[A-Za-z0-9_@+.-]+"))
            {
                throw new UsageException(option + ": '" + v + "' is not a lock spec or peer name");
            }
        }
        return out;
    }

    private static List<String> ratios(final String list) throws UsageException
    {
        final List<String> out = new ArrayList<>();
        for (final String v : split("--ratio", list))
        {
            try
            {
                out.add(Ratio.parse(v).toString());
            }
            catch (final IllegalArgumentException e)
            {
                throw new UsageException("--ratio: " + e.getMessage());
            }
        }
        return out;
    }

    private static List<String> integers(final String option, final String list, final int min)
        throws UsageException
    {
        final List<String> out = new ArrayList<>();
        for (final String v : split(option, list))
        {
            try
            {
                final int n = Integer.parseInt(v);
                if (n < min)
                {
                    throw new UsageException(option + ": must be at least " + min + ", got " + v);
                }
                out.add(Integer.toString(n));
            }
            catch (final NumberFormatException e)
            {
                throw new UsageException(option + ": expected integers separated by commas; got '" + list + "'");
            }
        }
        return out;
    }
}
