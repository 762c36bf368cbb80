package org.rwsem4j.bench.ablation;

import java.util.regex.Pattern;

import org.rwsem4j.bench.BlockMapBenchmark;
import org.rwsem4j.bench.LockTestBenchmark;
import org.rwsem4j.bench.ReadScalingBenchmark;
import org.rwsem4j.bench.ReadTrylockBenchmark;
import org.rwsem4j.bench.RegionTreeBenchmark;
import org.rwsem4j.bench.TwoVariantBenchmark;
import org.rwsem4j.bench.UncontendedBenchmark;

/**
 * The methods the ablation's cells run: each one JMH method (or the fairness harness, which is not JMH), with its
 * unit, the parameter that carries the lock, and its direction. Which benchmark specification plans and reports a
 * method's cells is {@link BenchSpecs#of(Bench)}.
 */
enum Bench
{
    LOCKTEST(LockTestBenchmark.class, "lockTest", "ms", "impl", true, false),
    TRYLOCK(ReadTrylockBenchmark.class, "tryRead", "ops/s", "impl", false, true),
    UNCONTENDED_READ(UncontendedBenchmark.class, "read", "ns/op", "impl", true, true),
    UNCONTENDED_WRITE(UncontendedBenchmark.class, "write", "ns/op", "impl", true, true),
    TWO_VARIANT_READ(TwoVariantBenchmark.class, "read", "ns/op", "first", true, true),
    TWO_VARIANT_WRITE(TwoVariantBenchmark.class, "write", "ns/op", "first", true, true),
    FIRST_OF_TWO_READ(TwoVariantBenchmark.class, "readFirst", "ns/op", "first", true, true),
    FIRST_OF_TWO_WRITE(TwoVariantBenchmark.class, "writeFirst", "ns/op", "first", true, true),
    REGION_TREE(RegionTreeBenchmark.class, "operation", "ops/ms", "impl", false, true),
    BLOCK_MAP(BlockMapBenchmark.class, "operation", "ops/ms", "impl", false, true),
    FAIRNESS(null, null, "ops", "impl", false, false),
    READ_SCALING(ReadScalingBenchmark.class, "readScaling", "ops/ms", "impl", false, false);

    final Class<?> benchmarkClass;
    final String method;
    final String unit;
    private final String implParam;
    private final boolean lowerIsBetter;
    private final boolean jmhThreads;

    /**
     * @param benchmarkClass the JMH class, or null for the fairness harness
     * @param method         the JMH method
     * @param unit           the score's unit
     * @param implParam      the JMH parameter that carries the lock name
     * @param lowerIsBetter  whether a smaller score is better
     * @param jmhThreads     whether a cell's thread count is JMH threads (false: the workers are a parameter)
     */
    Bench(final Class<?> benchmarkClass, final String method, final String unit, final String implParam,
        final boolean lowerIsBetter, final boolean jmhThreads)
    {
        this.benchmarkClass = benchmarkClass;
        this.method = method;
        this.unit = unit;
        this.implParam = implParam;
        this.lowerIsBetter = lowerIsBetter;
        this.jmhThreads = jmhThreads;
    }

    /** @return the JMH include pattern that selects exactly this method */
    String include()
    {
        return "^" + Pattern.quote(benchmarkClass.getName() + "." + method) + "$";
    }

    /** @return the JMH parameter that carries the lock name */
    String implParam()
    {
        return implParam;
    }

    boolean isJmh()
    {
        return benchmarkClass != null;
    }

    /** @return whether a smaller score is better */
    boolean lowerIsBetter()
    {
        return lowerIsBetter;
    }

    /** @return whether a cell's thread count is JMH threads, worth naming in its description */
    boolean jmhThreads()
    {
        return jmhThreads;
    }
}
