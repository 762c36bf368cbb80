package org.rwsem4j.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

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

    private static Cell cell(final Profile p, final String impl)
    {
        return Cell.of(Bench.FAIRNESS, impl, 1, "readers", Integer.toString(p.fairnessReaders),
            "writers", Integer.toString(p.fairnessWriters), "load", Integer.toString(p.load),
            "millis", Integer.toString(p.fairnessMillis));
    }

    /** The rrwl peers (every peer in the full profile), the headline variants and seed 001's configurations. */
    @Override
    void plan(final Matrix m)
    {
        for (final String impl : m.withContributions(m.peers(Locks.RRWL, Locks.RRWL_FAIR), SEEDS))
        {
            m.add(cell(m.profile, impl));
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
        final Profile p = report.profile();
        final Matrix m = report.matrix();
        final Results r = report.results();
        final List<String> impls = m.implsOf(Bench.FAIRNESS);
        if (impls.isEmpty())
        {
            return;
        }
        final GridTable g = new GridTable("lock", "Writes Total", "Max/Min", "Mean", "Reads Total", "Max/Min",
            "Mean", "Fail", "wait p50 us", "p99 us", "max us", "worst writer");
        final List<Bar> bars = new ArrayList<>();
        for (final String impl : impls)
        {
            final Cell c = cell(p, impl);
            if (r.samples(c).isEmpty() || r.failed(c))
            {
                g.row(m.label(impl), "FAIL", "", "", "", "", "", "", "", "", "", "");
                continue;
            }
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
            g.row(m.label(impl), n(wt), n(wmax) + "/" + n(wmin), n(wmean), n(rt), n(rmax) + "/" + n(rmin), n(rmean),
                String.format(Locale.ROOT, "%.0f", fail.max()), Numbers.seed(p50.median()),
                Numbers.seed(p99.median()), Numbers.seed(max.max()), String.format(Locale.ROOT, "%.0f", wmin.min()));
            bars.add(new Bar(m.label(impl), "writer wait p99", p99));
            bars.add(new Bar(m.label(impl), "writer wait max", max));
        }
        report.add(new ReportPart("Fairness: dedicated readers and writers",
            p.fairnessReaders + " reader and " + p.fairnessWriters + " writer threads for " + p.fairnessMillis +
            " ms, " + p.load + " pause units inside the critical section and as many outside; locktorture-style " +
            "per-thread ops (total, max/min, mean per side) and the writers' wait for the lock (us), medians over " +
            p.forks + " runs in child JVMs, except `max us` and `worst writer` (the fewest ops any writer thread " +
            "made), which are the worst over all runs: starvation must not be averaged away. Fail counts torn " +
            "reads (must be 0). A large Max/Min gap means some threads starved.", g.render(), "fairness",
            "writer wait for the lock, us, lower is better", bars));
    }

    private static String n(final Stats s)
    {
        return String.format(Locale.ROOT, "%.0f", s.median());
    }
}
