package org.rwsem4j.bench.ablation;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.rwsem4j.bench.BlockMapBenchmark;
import org.rwsem4j.bench.Locks;
import org.rwsem4j.bench.RegionTreeBenchmark;
import org.rwsem4j.bench.report.Bar;
import org.rwsem4j.bench.report.GridTable;
import org.rwsem4j.bench.report.Numbers;
import org.rwsem4j.bench.report.ReportPart;
import org.rwsem4j.bench.stats.Stats;

/**
 * The macro workloads: the region tree ({@link RegionTreeBenchmark}, seed 001's AIM7 stand-in) and the block map
 * ({@link BlockMapBenchmark} at {@code randrw} and {@code randwrite}, seed 002's fio stand-in).
 */
final class MacroSpec extends BenchSpec
{
    /** The seeds the region tree stands in for: 001 (AIM7 shared). */
    static final Set<String> REGION_TREE_SEEDS = Set.of("001");
    /** The seeds the block map stands in for: 002 (fio). */
    static final Set<String> BLOCK_MAP_SEEDS = Set.of("002");
    private static final String REGION_TREE = "regiontree";

    MacroSpec()
    {
        super(Section.MACRO, List.of(Bench.REGION_TREE, Bench.BLOCK_MAP), Set.of("001", "002"));
    }

    /** The three macro cells of one lock at one thread count. */
    static List<Cell> cells(final String impl, final int threads)
    {
        return List.of(Cell.of(Bench.REGION_TREE, impl, threads, "writePercent", "2"),
            Cell.of(Bench.BLOCK_MAP, impl, threads, "mix", BlockMapBenchmark.RANDRW),
            Cell.of(Bench.BLOCK_MAP, impl, threads, "mix", BlockMapBenchmark.RANDWRITE));
    }

    /**
     * Peers and headline variants run all three workloads; in the quick profile the configurations of seed 001's
     * patches run the region tree and those of seed 002's the block map (in the full profile every configuration
     * runs all three).
     */
    @Override
    void plan(final Matrix m)
    {
        final List<String> impls = new ArrayList<>(m.peers(Locks.RRWL));
        impls.addAll(m.headline);
        if (!m.profile.isQuick())
        {
            impls.addAll(m.contributionSpecs(Set.of()));
        }
        for (final String impl : impls)
        {
            for (final int t : m.profile.macroThreads)
            {
                cells(impl, t).forEach(m::add);
            }
        }
        if (!m.profile.isQuick())
        {
            return;
        }
        for (final String spec : m.contributionSpecs(REGION_TREE_SEEDS))
        {
            for (final int t : m.profile.macroThreads)
            {
                m.addOnce(cells(spec, t).get(0));
            }
        }
        for (final String spec : m.contributionSpecs(BLOCK_MAP_SEEDS))
        {
            for (final int t : m.profile.macroThreads)
            {
                m.addOnce(cells(spec, t).get(1));
                m.addOnce(cells(spec, t).get(2));
            }
        }
    }

    /** A claim with no thread counts stands in at the profile's largest macro thread count. */
    @Override
    List<Integer> claimThreads(final SeedClaim claim, final Profile profile)
    {
        return claim.threads().isEmpty() ? List.of(profile.macroThreads.get(profile.macroThreads.size() - 1)) :
            claim.threads();
    }

    @Override
    String describeClaimCell(final SeedClaim claim, final int threads, final Profile profile)
    {
        return claim.params().getOrDefault("mix", REGION_TREE) + " " + threads + "t (throughput)";
    }

    @Override
    void report(final Report report)
    {
        final Matrix m = report.matrix();
        final Profile p = report.profile();
        final List<String> impls = m.implsOf(Bench.REGION_TREE);
        if (impls.isEmpty())
        {
            return;
        }
        final List<String> names = List.of(REGION_TREE, BlockMapBenchmark.RANDRW, BlockMapBenchmark.RANDWRITE);
        final GridTable g = new GridTable("lock", "threads", "regiontree ops/ms", "randrw ops/ms",
            "randwrite ops/ms", "spread");
        final List<Bar> bars = new ArrayList<>();
        for (final String impl : impls)
        {
            for (final int t : p.macroThreads)
            {
                final List<String> row = new ArrayList<>(List.of(m.label(impl), Integer.toString(t)));
                double spread = 0;
                final List<Cell> cells = cells(impl, t);
                for (int i = 0; i < cells.size(); i++)
                {
                    final Stats s = report.results().stats(cells.get(i));
                    row.add(s == null ? "n/a" : Numbers.grouped(s.median()));
                    if (s != null)
                    {
                        spread = Math.max(spread, s.spreadPercent());
                        bars.add(new Bar(m.label(impl) + " " + t + "t", names.get(i), s));
                    }
                }
                row.add(Numbers.percent(spread));
                g.row(row);
            }
        }
        report.add(new ReportPart("Macro workloads: region tree (mmap_sem-like) and block map (page-cache-like)",
            "Throughput over all threads, ops per ms, median over " + p.forks + " forks. regiontree: TreeMap " +
            "interval lookups under the read lock, 2% map/unmap under the write lock (stand-in for AIM7 shared, " +
            "seed 001). randrw: 50% cached block reads (a miss refills under the write lock), 50% writes; " +
            "randwrite: writes only (stand-in for seed 002's fio). " + report.oversubscription(p.macroThreads),
            g.render() + "\n" + changes(report).render() +
            "(positive = more throughput; 95% interval; `~` = no difference)\n", "macro",
            "ops per ms, higher is better", bars));
    }

    /** @return the % change table: headline variants against base, and the contributions of seeds 001 and 002 */
    private GridTable changes(final Report report)
    {
        final Matrix m = report.matrix();
        final GridTable d = new GridTable("% change of throughput", "threads", "regiontree", "randrw", "randwrite");
        final List<String[]> pairs = new ArrayList<>();
        if (m.headline.contains("base"))
        {
            for (final String v : m.headline)
            {
                if (!v.equals("base"))
                {
                    pairs.add(new String[] {m.label(v) + " vs base", v, "base"});
                }
            }
        }
        for (final Contribution c : report.contributionsFor(seeds()))
        {
            pairs.add(new String[] {c.title(), c.with().spec(), c.without().spec()});
        }
        for (final String[] pair : pairs)
        {
            for (final int t : report.profile().macroThreads)
            {
                final List<String> row = new ArrayList<>(List.of(pair[0], Integer.toString(t)));
                final List<Cell> with = cells(pair[1], t);
                final List<Cell> without = cells(pair[2], t);
                for (int i = 0; i < with.size(); i++)
                {
                    row.add(report.change(with.get(i), without.get(i), Sample::score));
                }
                d.row(row);
            }
        }
        return d;
    }
}
