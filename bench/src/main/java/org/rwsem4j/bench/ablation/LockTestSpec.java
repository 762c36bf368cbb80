package org.rwsem4j.bench.ablation;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import org.rwsem4j.bench.LoadUnit;
import org.rwsem4j.bench.LockTestBenchmark;
import org.rwsem4j.bench.Locks;
import org.rwsem4j.bench.report.Bar;
import org.rwsem4j.bench.report.GridTable;
import org.rwsem4j.bench.report.ReportPart;
import org.rwsem4j.bench.report.SeedTable;
import org.rwsem4j.bench.stats.Bootstrap;
import org.rwsem4j.bench.stats.Stats;

/**
 * Seed 000's microbenchmark ({@link LockTestBenchmark}): execution time of N workers at r:w and load. It measures
 * every contribution and both controls, and stands in for the claims of seeds 000 and 003.
 */
public final class LockTestSpec extends BenchSpec
{
    /**
     * Seeds whose patches act only on calls no seed-000 cell makes (seed 004's patch changes only
     * {@code readLock().tryLock()}): their contributions are null controls in these cells.
     */
    static final Set<String> NULL_CONTROL_SEEDS = TrylockSpec.SEEDS;
    /** The parameter that names a cell's load unit ({@link LockTestBenchmark#unit}). */
    public static final String UNIT = "unit";

    LockTestSpec()
    {
        super(Section.LOCKTEST, List.of(Bench.LOCKTEST), Set.of());
    }

    /**
     * @return the seed-000 cell for these coordinates (its op count and window follow the profile)
     */
    static Cell cell(final Profile profile, final String impl, final String ratio, final int load, final int threads)
    {
        final TreeMap<String, String> params = new TreeMap<>(Map.of("ratio", ratio, "load",
            Integer.toString(load), "threads", Integer.toString(threads), "ops",
            Integer.toString(profile.ops)));
        if (profile.millis > 0)
        {
            params.put("millis", Integer.toString(profile.millis));
        }
        if (profile.unit != LoadUnit.PAUSE)
        {
            params.put(UNIT, profile.unit.cliName); // pause cells name no unit: JMH's default, as before units
        }
        return new Cell(Bench.LOCKTEST, impl, params, 1);
    }

    /**
     * @param c a seed-000 cell, or a {@code jmh.json} entry's parameters
     * @return its load unit's name ({@code pause} when it names none)
     */
    static String unitOf(final Map<String, String> c)
    {
        return c.getOrDefault(UNIT, LoadUnit.PAUSE.cliName);
    }

    /**
     * Headline variants and the profile's peers get the profile's grid (mutex at r:w 0:1 only, as the seed's mutex
     * row: the ratio changes nothing); contribution and control configurations get
     * {@link Profile#contributionCells()} at the contribution loads.
     */
    @Override
    void plan(final Matrix m)
    {
        for (final LoadUnit u : m.profile.units)
        {
            plan(m, m.profile.forUnit(u));
        }
    }

    /** Plans the cells of one load unit ({@code profile} is the matrix's profile's view for it). */
    private static void plan(final Matrix m, final Profile profile)
    {
        for (final int threads : profile.lockTestThreads)
        {
            if (profile.headlinePeers.contains(Locks.MUTEX))
            {
                cells(m, profile, Locks.MUTEX, "0:1", threads, profile.headlineLoads(threads));
            }
        }
        final List<String> rw = new ArrayList<>(profile.headlinePeers);
        rw.remove(Locks.MUTEX);
        rw.addAll(m.headline);
        for (final String impl : rw)
        {
            for (final String ratio : profile.ratios)
            {
                for (final int threads : profile.lockTestThreads)
                {
                    cells(m, profile, impl, ratio, threads, profile.headlineLoads(threads));
                }
            }
        }
        final List<String> specs = new ArrayList<>(m.contributionSpecs(Set.of()));
        m.controlSpecs().stream().filter(s -> !specs.contains(s)).forEach(specs::add);
        for (final String spec : specs)
        {
            for (final String[] rt : profile.contributionCells())
            {
                cells(m, profile, spec, rt[0], Integer.parseInt(rt[1]), profile.contributionLoads);
            }
        }
        SeedSeries.plan(m, profile);
    }

    private static void cells(final Matrix m, final Profile profile, final String impl, final String ratio,
        final int threads, final List<Integer> loads)
    {
        for (final int load : loads)
        {
            m.addOnce(cell(profile, impl, ratio, load, threads));
        }
    }

    /** Every table, once per load unit of the run (in plan order), then the cells' health, all units together. */
    @Override
    void report(final Report report)
    {
        report.perUnit(() ->
        {
            headline(report);
            SeedSeries.report(report);
            report.controls(NULL_CONTROL_SEEDS, "`readLock().tryLock()`");
            contributionsAtAGlance(report);
            contributions(report);
        });
        report.cellHealth();
    }

    @Override
    Cell claimCell(final SeedClaim claim, final String impl, final int threads, final Profile profile)
    {
        return cell(profile, impl, claim.param("ratio"), lastLoad(profile), threads);
    }

    @Override
    String describeClaimCell(final SeedClaim claim, final int threads, final Profile profile)
    {
        return "seed-000 " + claim.param("ratio") + " " + threads + "t load " + lastLoad(profile) + " (time" +
            (profile.namesUnits() ? ", " + profile.unit.title : "") + ")";
    }

    private static int lastLoad(final Profile p)
    {
        return p.contributionLoads.get(p.contributionLoads.size() - 1);
    }

    // -------------------------------------------------------------------------------------------------- report

    private static List<String[]> fullGrid(final Profile p)
    {
        final List<String[]> out = new ArrayList<>();
        for (final int threads : p.lockTestThreads)
        {
            for (final String ratio : p.ratios)
            {
                out.add(new String[] {ratio, Integer.toString(threads)});
            }
        }
        return out;
    }

    private static Map<String, Stats> row(final Report report, final String impl, final String ratio,
        final int threads, final List<Integer> loads)
    {
        final Map<String, Stats> row = new LinkedHashMap<>();
        for (final int load : loads)
        {
            final Stats s = report.results().stats(cell(report.profile(), impl, ratio, load, threads));
            if (s != null)
            {
                row.put(Integer.toString(load), s);
            }
        }
        return row;
    }

    private static List<String> keys(final List<Integer> values)
    {
        final List<String> out = new ArrayList<>();
        values.forEach(v -> out.add(Integer.toString(v)));
        return out;
    }

    private static String loadNote(final Report report)
    {
        final LoadUnit unit = report.profile().unit;
        final StringBuilder sb = new StringBuilder("Load is " + unit.description + " inside the critical section (");
        final double nanos = unit == LoadUnit.PAUSE ? report.machine().pauseNanos() : report.machine().tokenNanos();
        for (final int l : report.profile().headlineLoads)
        {
            sb.append(String.format(Locale.ROOT, "%d = %.0f ns, ", l, l * nanos));
        }
        sb.setLength(sb.length() - 2);
        return sb.append(")").toString();
    }

    /** @return the seed-000 figure's unit, for chart captions */
    private static String timeUnit(final Profile p)
    {
        return p.millis > 0 ? String.format(Locale.ROOT, "ms for %,d ops per worker at the rate measured, lower " +
            "is better", p.ops) : "execution time until the last thread finishes, ms, lower is better";
    }

    private static void headline(final Report report)
    {
        final Profile p = report.profile();
        final Matrix m = report.matrix();
        final SeedTable t = new SeedTable("lock/r:w ratio", "Load:Execution Time (ms)", keys(p.headlineLoads));
        for (final int threads : p.lockTestThreads)
        {
            t.rowIfAny(Locks.MUTEX, Integer.toString(threads), row(report, Locks.MUTEX, "0:1", threads,
                p.headlineLoads));
        }
        final List<String> rw = new ArrayList<>(List.of(Locks.RRWL, Locks.RRWL_FAIR, Locks.STAMPED));
        rw.addAll(m.headline);
        for (final String impl : rw)
        {
            for (final int threads : p.lockTestThreads)
            {
                for (final String ratio : p.ratios)
                {
                    t.rowIfAny(m.label(impl) + "/" + ratio, Integer.toString(threads),
                        row(report, impl, ratio, threads, p.headlineLoads));
                }
            }
        }
        final String base = "base";
        for (final String v : m.headline)
        {
            if (v.equals(base) || !m.headline.contains(base))
            {
                continue;
            }
            report.changeBlock(t, m.label(v) + " vs " + m.label(base), v, base, p.headlineLoads, m.label(v),
                fullGrid(p));
        }
        if (t.isEmpty())
        {
            return;
        }
        report.add(new ReportPart("Seed 000 microbenchmark: peers and headline variants" + report.unitTitle(),
            "N worker threads do lock/unlock operations (per-op seeded choice at r:w), " + p.sizing() +
            "; median over " + p.forks + " forks. The mutex row is ReentrantLock (every op exclusive, as in the " +
            "seed). " + loadNote(report) +
            ". " + report.oversubscription(p.lockTestThreads),
            t.render(), "seed000-headline" + report.unitChartSuffix(), timeUnit(p), t.bars("load ")));
    }

    private static void contributionsAtAGlance(final Report report)
    {
        final Profile p = report.profile();
        if (p.contributionCells().isEmpty())
        {
            return; // the profile plans no contributions (smoke)
        }
        final int load = p.contributionLoads.get(p.contributionLoads.size() - 1);
        final List<String> header = new ArrayList<>(List.of("contribution"));
        for (final String[] rt : p.contributionCells())
        {
            header.add(rt[0] + " " + rt[1] + "t");
        }
        final GridTable g = new GridTable(header);
        final List<Bar> bars = new ArrayList<>();
        for (final Contribution c : report.matrix().plan.contributions())
        {
            final List<String> row = new ArrayList<>(List.of(c.title()));
            for (final String[] rt : p.contributionCells())
            {
                final int threads = Integer.parseInt(rt[1]);
                final Cell with = cell(p, c.with().spec(), rt[0], load, threads);
                final Cell without = cell(p, c.without().spec(), rt[0], load, threads);
                final Stats a = report.results().stats(with);
                final Stats b = report.results().stats(without);
                if (a == null || b == null)
                {
                    row.add("n/a");
                    continue;
                }
                final double pct = a.changePercent(b);
                row.add(report.change(with, without, Sample::score));
                bars.add(new Bar(c.kind().name().toLowerCase(Locale.ROOT) + " " + c.patch(),
                    rt[0] + " " + threads + "t", new Stats(pct, pct, pct, 1)));
            }
            g.row(row);
        }
        if (g.isEmpty())
        {
            report.add(new ReportPart("Contributions" + report.unitTitle(), "No patches on the classpath: only the " +
                "base engine was measured. Build the patch modules (drop -P '!<module>') to get per-patch " +
                "contributions.", "", null, "", List.of()));
            return;
        }
        report.add(new ReportPart("Contributions at a glance (seed-000 cells, load " + load + ")" +
            report.unitTitle(),
            "% change of the median execution time, with the patch against without it (negative = faster), and " +
            "its 95% bootstrap interval; `~` = no difference after the family-wise correction, `?` = under " +
            Bootstrap.MIN_FORKS + " forks, no verdict. Controls are listed too (X+control vs X). " +
            "Adding P: base+P+requires(P) vs " +
            "base+requires(P); removing P: all vs all minus P and what requires P; opt-in P: on top of all minus " +
            "its conflicts. " + report.oversubscription(p.lockTestThreads),
            g.render(), "contributions-overview" + report.unitChartSuffix(),
            "% change of execution time (negative = faster)", bars));
    }

    private static void contributions(final Report report)
    {
        final Profile p = report.profile();
        for (final Contribution c : report.matrix().plan.contributions())
        {
            final SeedTable t = new SeedTable("lock/r:w ratio", "Load:Execution Time (ms)", keys(p.contributionLoads));
            for (final Config cfg : List.of(c.without(), c.with()))
            {
                for (final String[] rt : p.contributionCells())
                {
                    t.row(cfg.label() + "/" + rt[0], rt[1],
                        row(report, cfg.spec(), rt[0], Integer.parseInt(rt[1]), p.contributionLoads));
                }
            }
            report.changeBlock(t, c.with().label() + " vs " + c.without().label(), c.with().spec(),
                c.without().spec(), p.contributionLoads, c.patch(), p.contributionCells());
            final PatchInfo info = report.matrix().plan.patches().get(c.patch());
            report.add(new ReportPart(cap(c.title()) + " [seed: " + info.seed() + "]" + report.unitTitle(), "",
                t.render(), "contribution-" + c.kind().name().toLowerCase(Locale.ROOT) + "-" + c.patch() +
                report.unitChartSuffix(), timeUnit(p),
                t.bars("load ")));
        }
    }

    private static String cap(final String s)
    {
        return Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
