package org.rwsem4j.bench;

import java.util.regex.Pattern;

/** The benchmarks the ablation can run, each one JMH method (or the fairness harness, which is not JMH). */
enum Bench
{
    LOCKTEST(LockTestBenchmark.class, "lockTest", "ms"),
    TRYLOCK(ReadTrylockBenchmark.class, "tryRead", "ops/s"),
    UNCONTENDED_READ(UncontendedBenchmark.class, "read", "ns/op"),
    UNCONTENDED_WRITE(UncontendedBenchmark.class, "write", "ns/op"),
    TWO_VARIANT_READ(TwoVariantBenchmark.class, "read", "ns/op"),
    TWO_VARIANT_WRITE(TwoVariantBenchmark.class, "write", "ns/op"),
    REGION_TREE(RegionTreeBenchmark.class, "operation", "ops/ms"),
    BLOCK_MAP(BlockMapBenchmark.class, "operation", "ops/ms"),
    FAIRNESS(null, null, "ops");

    final Class<?> benchmarkClass;
    final String method;
    final String unit;

    Bench(final Class<?> benchmarkClass, final String method, final String unit)
    {
        this.benchmarkClass = benchmarkClass;
        this.method = method;
        this.unit = unit;
    }

    /** @return the JMH include pattern that selects exactly this method */
    String include()
    {
        return "^" + Pattern.quote(benchmarkClass.getName() + "." + method) + "$";
    }

    /** @return the JMH parameter that carries the lock name */
    String implParam()
    {
        return this == TWO_VARIANT_READ || this == TWO_VARIANT_WRITE ? "first" : "impl";
    }

    boolean isJmh()
    {
        return benchmarkClass != null;
    }

    /** @return whether a smaller score is better */
    boolean lowerIsBetter()
    {
        return this == LOCKTEST || this == UNCONTENDED_READ || this == UNCONTENDED_WRITE ||
            this == TWO_VARIANT_READ || this == TWO_VARIANT_WRITE;
    }
}
