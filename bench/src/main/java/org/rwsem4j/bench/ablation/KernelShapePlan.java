package org.rwsem4j.bench.ablation;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;

import org.rwsem4j.bench.LoadUnit;
import org.rwsem4j.bench.Locks;

/**
 * What the kernel-shape cross-check measures: seed 000's cells in the seed mail's own shape. Each worker does
 * {@link #ops} lock/unlock operations (1,000,000 by default, the seed's count) and the figure is the time until the
 * last worker finishes ({@code millis = 0}). Each fork is a fresh JVM that first runs the same cell untimed for
 * {@link #prewarmMillis} (LockTestBenchmark's {@code prewarm}), then 2 warm-up and 5 measured runs
 * ({@link Profile#kernelShape}). Every lock (the peers, then the variants) runs in every cell: 10 and 2 threads,
 * r:w 0:1, 1:1 and 10:1, loads 1 and 10, in each load unit. A 2-thread cell runs {@link #FORKS_AT_TWO} forks, a
 * 10-thread one {@link #FORKS}: the 2-thread cells spread more from fork to fork.
 */
final class KernelShapePlan
{
    /** Operations per worker: the seed mail's count. */
    static final int OPS = 1_000_000;
    /** The untimed pre-warm of every fork, ms. */
    static final int PREWARM_MILLIS = 2000;
    /** Forks of a cell above 2 threads. */
    static final int FORKS = 5;
    /** Forks of a cell at 2 threads or fewer. */
    static final int FORKS_AT_TWO = 10;
    /** The reference every ratio is taken against. */
    static final String REFERENCE = Locks.RRWL;
    static final List<String> DEFAULT_PEERS = List.of(Locks.RRWL, Locks.STAMPED, Locks.MUTEX);
    static final List<String> DEFAULT_VARIANTS = List.of("recommended");
    static final List<Integer> DEFAULT_THREADS = List.of(10, 2);
    static final List<String> DEFAULT_RATIOS = List.of("0:1", "1:1", "10:1");
    static final List<Integer> DEFAULT_LOADS = List.of(1, 10);
    /** One pause unit's cost in the estimate, ns (about what the calibration measures on the 2-core machine). */
    static final double PAUSE_NANOS = 23;
    /** One token's cost in the estimate, ns (about what the calibration measures there). */
    static final double TOKEN_NANOS = 1.7;

    final List<LoadUnit> units;
    final List<String> peers;
    final List<String> variants;
    final List<Integer> threads;
    final List<String> ratios;
    final List<Integer> loads;
    final int ops;
    final int prewarmMillis;
    /** Forks of every cell, or 0: the rule ({@link #FORKS}, {@link #FORKS_AT_TWO}). */
    final int forksOverride;
    /** The iterations and sizing every fork runs with. */
    final Profile profile;

    /**
     * @param units         the load units, in plan order
     * @param peers         the JDK peers (rrwl among them)
     * @param variants      the variant specs, as given
     * @param threads       the thread counts
     * @param ratios        the r:w ratios
     * @param loads         the loads
     * @param ops           operations per worker
     * @param prewarmMillis the untimed pre-warm per fork, ms
     * @param forksOverride forks of every cell, or 0 for the rule
     */
    KernelShapePlan(final List<LoadUnit> units, final List<String> peers, final List<String> variants,
        final List<Integer> threads, final List<String> ratios, final List<Integer> loads, final int ops,
        final int prewarmMillis, final int forksOverride)
    {
        if (!peers.contains(REFERENCE))
        {
            throw new IllegalArgumentException("the peers must include " + REFERENCE + ", the reference of every " +
                "ratio");
        }
        this.units = List.copyOf(units);
        this.peers = List.copyOf(peers);
        this.variants = List.copyOf(variants);
        this.threads = List.copyOf(threads);
        this.ratios = List.copyOf(ratios);
        this.loads = List.copyOf(loads);
        this.ops = ops;
        this.prewarmMillis = prewarmMillis;
        this.forksOverride = forksOverride;
        this.profile = Profile.kernelShape(ops);
    }

    /** @return the default plan: pause units, every default cell and lock, the fork rule */
    static KernelShapePlan defaults()
    {
        return new KernelShapePlan(List.of(LoadUnit.PAUSE), DEFAULT_PEERS, DEFAULT_VARIANTS, DEFAULT_THREADS,
            DEFAULT_RATIOS, DEFAULT_LOADS, OPS, PREWARM_MILLIS, 0);
    }

    /** @return the peers, then the variants */
    List<String> locks()
    {
        final List<String> out = new ArrayList<>(peers);
        variants.stream().filter(v -> !out.contains(v)).forEach(out::add);
        return out;
    }

    /**
     * @param unit    the load unit
     * @param lock    a peer or variant spec
     * @param ratio   r:w
     * @param load    the load
     * @param threads workers
     * @return the JMH cell (LockTestBenchmark sized by ops, with the pre-warm)
     */
    Cell cell(final LoadUnit unit, final String lock, final String ratio, final int load, final int threads)
    {
        final Cell c = LockTestSpec.cell(profile.forUnit(unit), lock, ratio, load, threads);
        final TreeMap<String, String> params = new TreeMap<>(c.params());
        if (prewarmMillis > 0)
        {
            params.put("prewarm", Integer.toString(prewarmMillis));
        }
        return new Cell(c.bench(), lock, params, c.threads());
    }

    /** @return every cell, in plan order: unit, threads, r:w, load, then lock */
    List<Cell> cells()
    {
        final List<Cell> out = new ArrayList<>();
        for (final LoadUnit u : units)
        {
            for (final int t : threads)
            {
                for (final String r : ratios)
                {
                    for (final int l : loads)
                    {
                        for (final String lock : locks())
                        {
                            out.add(cell(u, lock, r, l, t));
                        }
                    }
                }
            }
        }
        return out;
    }

    /**
     * @param threadCount a cell's workers
     * @return its forks: the override, or {@link #FORKS_AT_TWO} at 2 threads or fewer, {@link #FORKS} above
     */
    int forks(final int threadCount)
    {
        return forksOverride > 0 ? forksOverride : threadCount <= 2 ? FORKS_AT_TWO : FORKS;
    }

    /**
     * @param c a planned cell
     * @return its forks
     */
    int forks(final Cell c)
    {
        return forks(Integer.parseInt(c.param("threads")));
    }

    /** @return the most forks of any cell: the number of rounds */
    int rounds()
    {
        return cells().stream().mapToInt(this::forks).max().orElse(0);
    }

    /** @return runs (forks) over all cells */
    int runs()
    {
        return cells().stream().mapToInt(this::forks).sum();
    }

    /**
     * A rough cost of one fork: a JVM start, the pre-warm, and 7 runs of {@code ops} operations per worker at a
     * per-operation cost taken from earlier runs on a 2-core machine (a JDK peer about half a variant's), plus the
     * critical section's load, as if every section ran alone (pause units cost about {@link #PAUSE_NANOS} each,
     * tokens {@link #TOKEN_NANOS}); bench/README.md, "The kernel-shape cross-check", compares it with a run.
     *
     * @param c a planned cell
     * @return seconds
     */
    double estimateSeconds(final Cell c)
    {
        final int t = Integer.parseInt(c.param("threads"));
        final boolean peer = Locks.isPeer(c.impl());
        final double lockNanos = t <= 2 ? peer ? 55 : 120 : peer ? 19 : 35;
        final boolean tokens = LoadUnit.TOKENS.cliName.equals(LockTestSpec.unitOf(c.params()));
        final double loadNanos = Integer.parseInt(c.param("load")) * (tokens ? TOKEN_NANOS : PAUSE_NANOS);
        final int runsPerFork = profile.singleShotWarmups + profile.singleShotMeasurements;
        return 1.0 + prewarmMillis / 1000.0 +
            runsPerFork * ((double)ops * t * (lockNanos + loadNanos) / 1e9 + 0.01);
    }

    /** @return the estimated wall time of the whole plan, seconds */
    double estimateSeconds()
    {
        return cells().stream().mapToDouble(c -> estimateSeconds(c) * forks(c)).sum();
    }

    /** @return the plan in a few lines, for the console and the report */
    String describe()
    {
        return String.format(Locale.ROOT, "cells: threads %s, r:w %s, loads %s, load units %s; locks: peers %s, " +
            "variants %s%n" +
            "sizing: by ops, %,d operations per worker; figure = ms until the last worker finishes (median)%n" +
            "per fork: a fresh JVM, %s untimed pre-warm of the same cell, %d warm-up and %d measured runs%n" +
            "forks: %s; %d cells, %d runs in %d rounds (each round every cell once, in shuffled order)%n",
            threads, ratios, loads, units.stream().map(u -> u.cliName).toList(), peers, variants, ops,
            prewarmMillis > 0 ? String.format(Locale.ROOT, "%,d ms", prewarmMillis) : "no",
            profile.singleShotWarmups, profile.singleShotMeasurements, forksOverride > 0 ? forksOverride +
            " per cell (--forks)" : FORKS + " per cell at 10 threads, " + FORKS_AT_TWO + " at 2 threads",
            cells().size(), runs(), rounds());
    }
}
