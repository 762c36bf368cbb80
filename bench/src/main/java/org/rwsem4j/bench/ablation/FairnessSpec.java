package org.rwsem4j.bench.ablation;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import org.rwsem4j.bench.Locks;
import org.rwsem4j.bench.fairness.FairnessHarness;
import org.rwsem4j.bench.fairness.FairnessResult;
import org.rwsem4j.bench.report.Bar;
import org.rwsem4j.bench.report.GridTable;
import org.rwsem4j.bench.report.Numbers;
import org.rwsem4j.bench.report.ReportPart;
import org.rwsem4j.bench.stats.Stats;

/**
 * Dedicated readers and writers ({@link FairnessHarness}, in child JVMs): per-thread ops and the writers' waits. It
 * stands in for seed 001 (handoff: fairness and waiting). No seed claims.
 */
final class FairnessSpec extends BenchSpec
{
    /** The seeds it stands in for: 001, the handoff. */
    static final Set<String> SEEDS = Set.of("001");

    FairnessSpec()
    {
        super(Section.FAIRNESS, List.of(Bench.FAIRNESS), SEEDS);
    }

    /**
     * The standard case for the rrwl peers (every peer in the full profile), the headline variants and seed 001's
     * configurations; the reader-flood case for the same peers and the headline variants.
     */
    @Override
    void plan(final Matrix m)
    {
        for (final String impl : m.withContributions(m.peers(Locks.RRWL, Locks.RRWL_FAIR), SEEDS))
        {
            m.add(FairnessCase.STANDARD.cell(m.profile, impl));
        }
        final List<String> flood = new ArrayList<>(m.peers(Locks.RRWL, Locks.RRWL_FAIR));
        flood.addAll(m.headline);
        for (final String impl : flood)
        {
            m.add(FairnessCase.READER_FLOOD.cell(m.profile, impl));
        }
    }

    @Override
    String describeClaimCell(final SeedClaim claim, final int threads, final Profile profile)
    {
        return "fairness (ops)";
    }

    @Override
    void report(final Report report)
    {
        final List<String> impls = report.matrix().implsOf(Bench.FAIRNESS);
        if (impls.isEmpty())
        {
            return;
        }
        report(report, FairnessCase.STANDARD, impls, "Fairness: dedicated readers and writers", "fairness");
        report(report, FairnessCase.READER_FLOOD, impls, "Fairness: reader flood", "fairness-reader-flood");
    }

    /**
     * One case's table, a row per planned lock; the reader-flood case prints nothing when the run has no result for
     * it at all (a run folder made before the case existed).
     */
    private static void report(final Report report, final FairnessCase fc, final List<String> impls,
        final String title, final String svg)
    {
        final Profile p = report.profile();
        final Matrix m = report.matrix();
        final Results r = report.results();
        final List<String> planned = new ArrayList<>();
        boolean any = false;
        for (final String impl : impls)
        {
            final Cell c = fc.cell(p, impl);
            if (m.cells.contains(c))
            {
                planned.add(impl);
                any |= !r.samples(c).isEmpty() || r.failed(c);
            }
        }
        if (planned.isEmpty() || !any && fc != FairnessCase.STANDARD)
        {
            return;
        }
        final GridTable g = new GridTable("lock", "Writes Total", "Max/Min", "Mean", "Reads Total", "Max/Min",
            "Mean", "Fail", "wait p50 us", "p99 us", "max us", "worst writer");
        final List<Bar> bars = new ArrayList<>();
        for (final String impl : planned)
        {
            final Cell c = fc.cell(p, impl);
            if (r.samples(c).isEmpty() || r.failed(c))
            {
                g.row(m.label(impl), "FAIL", "", "", "", "", "", "", "", "", "", "");
                continue;
            }
            row(g, m.label(impl), r, c);
            bars.add(new Bar(m.label(impl), "writer wait p99", r.stats(c, x -> x.fairness().waitP99Micros)));
            bars.add(new Bar(m.label(impl), "writer wait max", r.stats(c, x -> x.fairness().waitMaxMicros)));
        }
        report.add(new ReportPart(title, shape(fc, report) + "locktorture-style " +
            "per-thread ops (total, max/min, mean per side) and the writers' wait for the lock (us), medians over " +
            p.forks + " runs in child JVMs, except `max us` and `worst writer` (the fewest ops any writer thread " +
            "made), which are the worst over all runs: starvation must not be averaged away. Fail counts torn " +
            "reads (must be 0). A large Max/Min gap means some threads starved.", g.render(), svg,
            "writer wait for the lock, us, lower is better", bars));
    }

    private static String shape(final FairnessCase fc, final Report report)
    {
        final Profile p = report.profile();
        final String common = fc.readers(p) + " reader and " + fc.writers(p) + " writer threads for " +
            p.fairnessMillis + " ms, ";
        if (fc.readLoad(p) == fc.load(p))
        {
            return common + fc.load(p) + " pause units inside the critical section and as many outside; ";
        }
        return common + "read sections of " + fc.readLoad(p) + " pause units (" + String.format(Locale.ROOT,
            "%.1f us at this run's %.1f ns per unit", fc.readLoad(p) * report.machine().pauseNanos() / 1e3,
            report.machine().pauseNanos()) + "), write sections of " + fc.load(p) + ", and " + fc.load(p) +
            " outside every section; the rrwl peers and the headline variants; ";
    }

    private static void row(final GridTable g, final String label, final Results r, final Cell c)
    {
        final Stats wt = r.stats(c, x -> FairnessResult.total(x.fairness().writeOps));
        final Stats wmax = r.stats(c, x -> FairnessResult.max(x.fairness().writeOps));
        final Stats wmin = r.stats(c, x -> FairnessResult.min(x.fairness().writeOps));
        final Stats wmean = r.stats(c, x -> FairnessResult.mean(x.fairness().writeOps));
        final Stats rt = r.stats(c, x -> FairnessResult.total(x.fairness().readOps));
        final Stats rmax = r.stats(c, x -> FairnessResult.max(x.fairness().readOps));
        final Stats rmin = r.stats(c, x -> FairnessResult.min(x.fairness().readOps));
        final Stats rmean = r.stats(c, x -> FairnessResult.mean(x.fairness().readOps));
        final Stats fail = r.stats(c, x -> x.fairness().fails);
        final Stats p50 = r.stats(c, x -> x.fairness().waitP50Micros);
        final Stats p99 = r.stats(c, x -> x.fairness().waitP99Micros);
        final Stats max = r.stats(c, x -> x.fairness().waitMaxMicros);
        g.row(label, n(wt), n(wmax) + "/" + n(wmin), n(wmean), n(rt), n(rmax) + "/" + n(rmin), n(rmean),
            String.format(Locale.ROOT, "%.0f", fail.max()), Numbers.seed(p50.median()),
            Numbers.seed(p99.median()), Numbers.seed(max.max()), String.format(Locale.ROOT, "%.0f", wmin.min()));
    }

    private static String n(final Stats s)
    {
        return String.format(Locale.ROOT, "%.0f", s.median());
    }
}
