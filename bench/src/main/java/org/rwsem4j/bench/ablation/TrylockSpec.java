package org.rwsem4j.bench.ablation;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.ToDoubleFunction;

import org.rwsem4j.bench.Locks;
import org.rwsem4j.bench.ReadTrylockBenchmark;
import org.rwsem4j.bench.report.Bar;
import org.rwsem4j.bench.report.GridTable;
import org.rwsem4j.bench.report.Numbers;
import org.rwsem4j.bench.report.ReportPart;
import org.rwsem4j.bench.stats.Stats;

/** Seed 004's read-trylock rate ({@link ReadTrylockBenchmark}) at 1, 2, 4 and 8 threads. */
final class TrylockSpec extends BenchSpec
{
    /** The seeds it stands in for: 004, the read trylock. */
    static final Set<String> SEEDS = Set.of("004");

    TrylockSpec()
    {
        super(Section.TRYLOCK, List.of(Bench.TRYLOCK), SEEDS);
    }

    private static Cell cell(final Profile p, final String impl, final int threads)
    {
        return Cell.of(Bench.TRYLOCK, impl, threads, "load", Integer.toString(p.load));
    }

    /** The rrwl peer (every peer in the full profile), the headline variants and seed 004's configurations. */
    @Override
    void plan(final Matrix m)
    {
        final List<String> impls = m.withContributions(m.peers(Locks.RRWL), SEEDS);
        if (m.profile.isQuick())
        {
            impls.removeIf(i -> m.headline.contains(i) && !i.equals("base") && !i.equals(m.plan.all().spec()));
        }
        for (final String impl : impls)
        {
            for (final int t : m.profile.trylockThreads)
            {
                m.add(cell(m.profile, impl, t));
            }
        }
    }

    @Override
    ToDoubleFunction<Sample> claimMetric()
    {
        return TrylockSpec::acquiredPerSecond;
    }

    @Override
    Cell claimCell(final SeedClaim claim, final String impl, final int threads, final Profile profile)
    {
        return cell(profile, impl, threads);
    }

    @Override
    String describeClaimCell(final SeedClaim claim, final int threads, final Profile profile)
    {
        return "seed-004 " + threads + "t (rate)";
    }

    /**
     * The successful read-trylock rate of one fork: the primary rate (every call) times the fraction that succeeded.
     * JMH's per-thread aux counters are only used as a ratio: their own rates are normalised per thread and blow up
     * when an oversubscribed thread's measured window is tiny.
     */
    static double acquiredPerSecond(final Sample x)
    {
        final double ok = x.secondary().getOrDefault("acquired", 1.0);
        final double failed = x.secondary().getOrDefault("failed", 0.0);
        return ok + failed <= 0 ? x.score() : x.score() * ok / (ok + failed);
    }

    @Override
    void report(final Report report)
    {
        final Profile p = report.profile();
        final Matrix m = report.matrix();
        final List<String> impls = m.implsOf(Bench.TRYLOCK);
        if (impls.isEmpty())
        {
            return;
        }
        final List<String> header = new ArrayList<>(List.of("# of Threads"));
        impls.forEach(i -> header.add(m.label(i)));
        final List<Contribution> cs = report.contributionsFor(SEEDS);
        cs.forEach(c -> header.add("Δ " + c.kind().name().toLowerCase(Locale.ROOT) + " " + c.patch()));
        final GridTable g = new GridTable(header);
        final GridTable failed = new GridTable(header.subList(0, impls.size() + 1));
        final List<Bar> bars = new ArrayList<>();
        boolean anyFailed = false;
        for (final int t : p.trylockThreads)
        {
            final List<String> row = new ArrayList<>(List.of(Integer.toString(t)));
            final List<String> frow = new ArrayList<>(List.of(Integer.toString(t)));
            for (final String impl : impls)
            {
                final Cell cell = cell(p, impl, t);
                final Stats s = report.results().stats(cell, x -> acquiredPerSecond(x) / 1000);
                final Stats f = report.results().stats(cell, x -> Math.max(0, x.score() - acquiredPerSecond(x)));
                row.add(s == null ? "n/a" : Numbers.grouped(s.median()));
                frow.add(f == null ? "n/a" : Numbers.grouped(f.median()));
                anyFailed |= f != null && f.max() > 0;
                if (s != null)
                {
                    bars.add(new Bar(t + " thr", m.label(impl), s));
                }
            }
            for (final Contribution c : cs)
            {
                row.add(report.change(cell(p, c.with().spec(), t), cell(p, c.without().spec(), t),
                    TrylockSpec::acquiredPerSecond));
            }
            g.row(row);
            failed.row(frow);
        }
        final int cores = report.machine().cores();
        final String over = p.trylockThreads.stream().anyMatch(t -> t > cores) ?
            " **On " + cores + " cores the rows above " + cores + " threads measure " +
            "oversubscription, so seed 004's 8-thread claim (x86: +27%) cannot be checked here.**" : "";
        report.add(new ReportPart("Seed 004: read-trylock rate, load " + p.load,
            "Successful `readLock().tryLock()` + unlock per ms (= kops/s) over all threads, " + p.load +
            " pause units inside, median over " + p.forks + " forks; Δ columns are % change of that rate " +
            "(positive = faster; 95% interval; `~` = no difference)." + over, g.render() + (anyFailed ?
            "\nFailed trylocks per second (counted apart):\n" + failed.render() : "\nNo trylock failed.\n"),
            "seed004-trylock", "successful read trylocks per ms, higher is better", bars));
    }
}
