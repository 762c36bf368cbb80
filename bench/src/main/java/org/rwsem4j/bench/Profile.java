package org.rwsem4j.bench;

import java.util.List;

/**
 * The sizes of a run: {@link #quick()} is a small matrix that finishes in minutes on 2 cores, {@link #full()} is the
 * whole seed matrix with 5 forks (hours on 2 cores).
 */
final class Profile
{
    final String name;
    final int forks;
    /** Lock/unlock operations per worker; 0 = the quick default (see {@link #opsFor(int)}). */
    final int ops;
    final List<Integer> lockTestThreads = List.of(2, 10);
    final List<String> ratios = List.of("0:1", "1:1", "10:1");
    final List<Integer> headlineLoads;
    final List<Integer> contributionLoads;
    final List<Integer> trylockThreads = List.of(1, 2, 4, 8);
    final List<Integer> macroThreads;
    final int singleShotWarmups;
    final int singleShotMeasurements;
    final int timedWarmups;
    final int timedMeasurements;
    final int iterationMillis;
    final int fairnessMillis;
    final int fairnessReaders = 2;
    final int fairnessWriters = 2;
    final int load = 10;
    final boolean allPeersEverywhere;

    private Profile(final String name, final int forks, final int ops, final List<Integer> headlineLoads,
        final List<Integer> contributionLoads, final List<Integer> macroThreads, final int singleShotWarmups,
        final int singleShotMeasurements, final int timedWarmups, final int timedMeasurements, final int iterationMillis,
        final int fairnessMillis, final boolean allPeersEverywhere)
    {
        this.name = name;
        this.forks = forks;
        this.ops = ops;
        this.headlineLoads = headlineLoads;
        this.contributionLoads = contributionLoads;
        this.macroThreads = macroThreads;
        this.singleShotWarmups = singleShotWarmups;
        this.singleShotMeasurements = singleShotMeasurements;
        this.timedWarmups = timedWarmups;
        this.timedMeasurements = timedMeasurements;
        this.iterationMillis = iterationMillis;
        this.fairnessMillis = fairnessMillis;
        this.allPeersEverywhere = allPeersEverywhere;
    }

    static Profile quick()
    {
        return new Profile("quick", 2, 0, List.of(1, 10), List.of(10), List.of(4), 1, 2, 1, 2, 200, 1000, false);
    }

    boolean isQuick()
    {
        return !allPeersEverywhere;
    }

    /**
     * Operations per worker in a seed-000 cell. The full profile uses the seed's count everywhere; the quick one
     * uses 50,000 at up to 2 threads and 5,000 above (10 oversubscribed threads on a sleeping lock take about 5 us
     * per operation here). Compare rows with the same thread count only.
     *
     * @param threads the cell's worker count
     * @return operations per worker
     */
    int opsFor(final int threads)
    {
        if (ops > 0)
        {
            return ops;
        }
        return threads <= 2 ? 50_000 : 5_000;
    }

    /** @return the (ratio, threads) cells a contribution-only configuration gets in the seed-000 matrix */
    List<String[]> contributionCells()
    {
        final List<String[]> out = new java.util.ArrayList<>();
        if (isQuick())
        {
            out.add(new String[] {"1:1", "2"});
            out.add(new String[] {"10:1", "10"});
            return out;
        }
        for (final int t : lockTestThreads)
        {
            for (final String r : ratios)
            {
                out.add(new String[] {r, Integer.toString(t)});
            }
        }
        return out;
    }

    static Profile full()
    {
        return new Profile("full", 5, 1_000_000, List.of(1, 5, 10), List.of(1, 5, 10), List.of(2, 8), 3, 5, 3, 5,
            1000, 5000, true);
    }

    Profile withForks(final int f)
    {
        return new Profile(name, f, ops, headlineLoads, contributionLoads, macroThreads, singleShotWarmups,
            singleShotMeasurements, timedWarmups, timedMeasurements, iterationMillis, fairnessMillis,
            allPeersEverywhere);
    }

    Profile withOps(final int o)
    {
        return new Profile(name, forks, o, headlineLoads, contributionLoads, macroThreads, singleShotWarmups,
            singleShotMeasurements, timedWarmups, timedMeasurements, iterationMillis, fairnessMillis,
            allPeersEverywhere);
    }

    /**
     * A rough cost of one fork of a cell, for the progress line's estimate (it is rescaled as cells finish).
     *
     * @param c the cell
     * @return seconds
     */
    double estimateSeconds(final Cell c)
    {
        final double jvm = 0.5;
        switch (c.bench())
        {
            case LOCKTEST:
                final int threads = Integer.parseInt(c.param("threads"));
                final double perOp = threads > 2 ? 1.5e-6 : 0.3e-6;
                return jvm + (singleShotWarmups + singleShotMeasurements) * opsFor(threads) * threads * perOp;
            case FAIRNESS:
                return jvm + fairnessMillis / 1000.0;
            default:
                return jvm + (timedWarmups + timedMeasurements) * iterationMillis / 1000.0;
        }
    }
}
