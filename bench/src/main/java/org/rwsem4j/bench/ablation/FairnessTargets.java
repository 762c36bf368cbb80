package org.rwsem4j.bench.ablation;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import org.rwsem4j.bench.Locks;
import org.rwsem4j.bench.fairness.FairnessResult;
import org.rwsem4j.bench.report.GridTable;
import org.rwsem4j.bench.report.Numbers;
import org.rwsem4j.bench.report.ReportPart;

/**
 * The no-starvation targets, checked for {@code all} and {@code recommended} against rrwl-nonfair in the same
 * run, for every {@link FairnessCase}: every reader and writer thread makes progress; the slowest writer completes at
 * least a quarter of rrwl's slowest writer's operations; the maximum writer wait is at most twice rrwl's. Each figure
 * is the worst over the run's forks, on both sides (starvation must not be averaged away).
 */
final class FairnessTargets
{
    /** The slowest writer completes at least this share of rrwl's slowest writer's operations. */
    static final double WRITER_OPS_FLOOR = 0.25;
    /** The maximum writer wait is at most this many times rrwl's. */
    static final double WAIT_CEILING = 2.0;
    /** The configurations the targets are for, by label. */
    static final List<String> TARGETED = List.of("all", "recommended");

    /**
     * One bound's outcome.
     *
     * @param met  whether the bound holds
     * @param text "met (...)" or "missed by ... (...)"
     */
    record Check(boolean met, String text)
    {
    }

    /**
     * The worst figures of one cell over its forks.
     *
     * @param threads      reader plus writer threads
     * @param stalled      the most threads with no operation in one fork
     * @param slowestWrite the fewest operations any writer thread made in any fork
     * @param maxWaitUs    the longest writer wait of any fork, us
     */
    record Worst(int threads, int stalled, double slowestWrite, double maxWaitUs)
    {
        static Worst of(final List<FairnessResult> forks)
        {
            int threads = 0;
            int stalled = 0;
            double slowest = Double.POSITIVE_INFINITY;
            double wait = 0;
            for (final FairnessResult f : forks)
            {
                threads = Math.max(threads, f.readOps.length + f.writeOps.length);
                stalled = Math.max(stalled, (int)(Arrays.stream(f.readOps).filter(n -> n == 0).count() +
                    Arrays.stream(f.writeOps).filter(n -> n == 0).count()));
                slowest = Math.min(slowest, FairnessResult.min(f.writeOps));
                wait = Math.max(wait, f.waitMaxMicros);
            }
            return new Worst(threads, stalled, slowest, wait);
        }
    }

    private FairnessTargets()
    {
    }

    /**
     * Every reader and writer thread makes progress (in every fork).
     *
     * @param w the lock's worst figures
     * @return the check
     */
    static Check progress(final Worst w)
    {
        return w.stalled() == 0 ? new Check(true, "met") :
            new Check(false, "missed (" + w.stalled() + " of " + w.threads() + " threads made no operation in a run)");
    }

    /**
     * The slowest writer completes at least {@link #WRITER_OPS_FLOOR} of rrwl's slowest writer's operations.
     *
     * @param ops  the lock's slowest writer's operations
     * @param rrwl rrwl's
     * @return the check
     */
    static Check slowestWriter(final double ops, final double rrwl)
    {
        final double ratio = rrwl == 0 ? Double.POSITIVE_INFINITY : ops / rrwl;
        final String figures = String.format(Locale.ROOT, "%.0f against rrwl's %.0f ops", ops, rrwl);
        if (ops >= WRITER_OPS_FLOOR * rrwl)
        {
            return new Check(true, String.format(Locale.ROOT, "met (%s: %s)", times(ratio), figures));
        }
        return new Check(false, ops == 0 ?
            "missed (" + figures + ": a writer starved)" :
            String.format(Locale.ROOT, "missed by %.1fx (%s, needs >= %.2fx: %s)", WRITER_OPS_FLOOR / ratio,
                times(ratio), WRITER_OPS_FLOOR, figures));
    }

    /**
     * The maximum writer wait is at most {@link #WAIT_CEILING} times rrwl's.
     *
     * @param us   the lock's maximum writer wait, us
     * @param rrwl rrwl's
     * @return the check
     */
    static Check maxWait(final double us, final double rrwl)
    {
        final double ratio = rrwl == 0 ? (us == 0 ? 1 : Double.POSITIVE_INFINITY) : us / rrwl;
        final String figures = String.format(Locale.ROOT, "%s against rrwl's %s us", Numbers.seed(us),
            Numbers.seed(rrwl));
        if (us <= WAIT_CEILING * rrwl)
        {
            return new Check(true, String.format(Locale.ROOT, "met (%s: %s)", times(ratio), figures));
        }
        return new Check(false, rrwl == 0 ?
            "missed (" + figures + ")" :
            String.format(Locale.ROOT, "missed by %.1fx (%s, needs <= %.0fx: %s)", ratio / WAIT_CEILING,
                times(ratio), WAIT_CEILING, figures));
    }

    private static String times(final double ratio)
    {
        return Double.isInfinite(ratio) ? "inf" : String.format(Locale.ROOT, "%.2fx", ratio);
    }

    /**
     * Adds the targets' part to the report: a row per targeted configuration and case the run measured.
     *
     * @param report the report
     */
    static void report(final Report report)
    {
        final Matrix m = report.matrix();
        final Results r = report.results();
        final GridTable g = new GridTable("lock", "case", "every thread progresses",
            "slowest writer >= 1/4 of rrwl's", "max writer wait <= 2x rrwl's");
        int met = 0;
        int checks = 0;
        for (final FairnessCase fc : FairnessCase.ALL)
        {
            final Cell peer = fc.cell(report.profile(), Locks.RRWL);
            if (r.samples(peer).isEmpty() || r.failed(peer))
            {
                continue;
            }
            final Worst ref = Worst.of(forks(r, peer));
            for (final String impl : targeted(m))
            {
                final Cell c = fc.cell(report.profile(), impl);
                if (!m.cells.contains(c) || r.samples(c).isEmpty() && !r.failed(c))
                {
                    continue;
                }
                final Worst w = Worst.of(forks(r, c));
                final List<Check> row = r.failed(c) ? List.of(failed(), failed(), failed()) : List.of(progress(w),
                    slowestWriter(w.slowestWrite(), ref.slowestWrite()), maxWait(w.maxWaitUs(), ref.maxWaitUs()));
                g.row(m.label(impl), fc.name(), row.get(0).text(), row.get(1).text(), row.get(2).text());
                checks += row.size();
                met += (int)row.stream().filter(Check::met).count();
            }
        }
        if (g.isEmpty())
        {
            return;
        }
        report.add(new ReportPart("Targets: no starvation (fairness harness)",
            "Issue 12's bounds for `all` and `recommended` against rrwl-nonfair in this run, for each fairness case: " +
            "every reader and writer thread makes progress; the slowest writer completes at least a quarter of " +
            "rrwl's slowest writer's operations; the maximum writer wait is at most twice rrwl's. Each figure is " +
            "the worst over the run's forks, on both sides. " + met + " of " + checks + " checks met." +
            (report.profile().forks < 5 ? " **This run has " + report.profile().forks + " forks: the targets ask " +
            "for at least 5, so read this as indicative only.**" : ""), g.render(), null, "", List.of()));
    }

    private static Check failed()
    {
        return new Check(false, "missed (the cell failed)");
    }

    private static List<FairnessResult> forks(final Results r, final Cell c)
    {
        final List<FairnessResult> out = new ArrayList<>();
        r.samples(c).forEach(s -> out.add(s.fairness()));
        return out;
    }

    private static List<String> targeted(final Matrix m)
    {
        final List<String> out = new ArrayList<>();
        for (final String v : m.headline)
        {
            if (Arrays.stream(m.label(v).split("=")).anyMatch(TARGETED::contains))
            {
                out.add(v);
            }
        }
        return out;
    }
}
