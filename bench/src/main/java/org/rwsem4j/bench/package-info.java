/**
 * The JMH benchmarks, their {@code @State} and {@code @AuxCounters} classes and what they run (the guarded pair, the
 * load units, the locks by name, the bench-only control patches), plus the two entry points: {@link
 * org.rwsem4j.bench.BenchMain}, the runnable jar's main class, and {@link org.rwsem4j.bench.AbCommand}, the
 * {@code ab} command. The benchmarks' fully qualified names are recorded in run data ({@code jmh.json}) and are
 * what an {@code ab} run between an older and a newer jar selects, so they stay in this package under these names.
 * The other packages build on this one; only the two entry points reach back into them ({@code cli}, {@code ab}).
 */
package org.rwsem4j.bench;
