package org.rwsem4j.bench.ablation;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.rwsem4j.bench.LoadUnit;
import org.rwsem4j.bench.LockTestMetrics;
import org.rwsem4j.bench.report.Numbers;
import org.rwsem4j.bench.stats.Bootstrap;
import org.rwsem4j.bench.stats.HolmIntervals;
import org.rwsem4j.bench.stats.HolmIntervals.Interval;

/**
 * The kernel-shape cross-check's report: per cell and lock the median time and the workers' overlap, per variant its
 * ratio of medians to rrwl with the family-wise (Bonferroni-level) interval ({@link HolmIntervals}, over every variant and cell of the
 * run), and the targets' verdicts. A cell counts for a variant only when the workers of both the variant and rrwl
 * overlapped at least {@link #OVERLAP_MIN_PCT} percent (median over every measured run): otherwise the workers ran
 * partly one after another, and the time measured a few of them at once rather than contention between all.
 */
final class KernelShapeReport
{
    /** A cell counts when both locks' workers overlapped at least this much, percent. */
    static final double OVERLAP_MIN_PCT = 80;
    /** The target on the ratio of medians to rrwl. */
    static final double RATIO_MAX = 1.25;
    /** The target on the upper end of the ratio's interval. */
    static final double UPPER_MAX = 1.40;

    private final KernelShapePlan plan;
    private final Results results;
    private final HolmIntervals intervals = new HolmIntervals();

    /**
     * Computes every variant's ratio to rrwl, in every cell both have results for, as one Holm family.
     *
     * @param plan    the run's plan
     * @param results its results
     */
    KernelShapeReport(final KernelShapePlan plan, final Results results)
    {
        this.plan = plan;
        this.results = results;
        forEachCell((u, t, r, l) ->
        {
            final Cell ref = plan.cell(u, KernelShapePlan.REFERENCE, r, l, t);
            for (final String v : plan.variants)
            {
                final Cell c = plan.cell(u, v, r, l, t);
                final List<double[]> a = results.forks(c, Sample::score);
                final List<double[]> b = results.forks(ref, Sample::score);
                if (!a.isEmpty() && !b.isEmpty())
                {
                    intervals.compare(key(c), a, b);
                }
            }
        });
        intervals.close();
    }

    /** One cell's coordinates. */
    @FunctionalInterface
    private interface CellVisitor
    {
        void visit(LoadUnit unit, int threads, String ratio, int load);
    }

    private void forEachCell(final CellVisitor v)
    {
        for (final LoadUnit u : plan.units)
        {
            for (final int t : plan.threads)
            {
                for (final String r : plan.ratios)
                {
                    for (final int l : plan.loads)
                    {
                        v.visit(u, t, r, l);
                    }
                }
            }
        }
    }

    private static String key(final Cell c)
    {
        return c + " vs " + KernelShapePlan.REFERENCE;
    }

    /**
     * @param c a cell
     * @return the median of its measured runs over every fork (ms), or NaN if it has none or failed
     */
    double medianMillis(final Cell c)
    {
        final List<Double> all = new ArrayList<>();
        results.forks(c, Sample::score).forEach(f ->
        {
            for (final double x : f)
            {
                all.add(x);
            }
        });
        return all.isEmpty() ? Double.NaN : Bootstrap.median(all.stream().mapToDouble(Double::doubleValue).toArray());
    }

    /**
     * @param c a cell
     * @return its workers' overlap in percent, the median over every measured run of every fork; NaN if none
     */
    double overlapPct(final Cell c)
    {
        final List<Double> v = results.iterationSecondary(c, LockTestMetrics.OVERLAP);
        return v.isEmpty() ? Double.NaN : Bootstrap.median(v.stream().mapToDouble(Double::doubleValue).toArray());
    }

    /**
     * @param variantOverlap   the variant's overlap, percent
     * @param referenceOverlap rrwl's in the same cell
     * @return whether the cell counts: both at least {@link #OVERLAP_MIN_PCT} (NaN: not measured, does not count)
     */
    static boolean counts(final double variantOverlap, final double referenceOverlap)
    {
        return variantOverlap >= OVERLAP_MIN_PCT && referenceOverlap >= OVERLAP_MIN_PCT;
    }

    /**
     * @param ratio the ratio of medians to rrwl
     * @param upper the upper end of its interval
     * @return whether both targets are met: ratio at most {@link #RATIO_MAX}, upper end at most {@link #UPPER_MAX}
     */
    static boolean meets(final double ratio, final double upper)
    {
        return ratio <= RATIO_MAX && upper <= UPPER_MAX;
    }

    /**
     * @param ratio the ratio of medians to rrwl
     * @param upper the upper end of its interval
     * @return {@code met}, or {@code missed: ...} naming each target missed and by how much
     */
    static String verdict(final double ratio, final double upper)
    {
        if (meets(ratio, upper))
        {
            return "met";
        }
        final List<String> why = new ArrayList<>();
        if (ratio > RATIO_MAX)
        {
            why.add(String.format(Locale.ROOT, "ratio %.2fx > %.2fx", ratio, RATIO_MAX));
        }
        if (upper > UPPER_MAX)
        {
            why.add(String.format(Locale.ROOT, "upper end %.2fx > %.2fx", upper, UPPER_MAX));
        }
        return "missed: " + String.join(", ", why);
    }

    /** One variant's outcome in one cell. */
    record Outcome(Interval interval, double variantOverlap, double referenceOverlap)
    {
        boolean counted()
        {
            return interval != null && counts(variantOverlap, referenceOverlap);
        }

        boolean met()
        {
            return counted() && meets(interval.ratio(), interval.high());
        }

        String text()
        {
            if (interval == null)
            {
                return "n/a (no result)";
            }
            if (!counted())
            {
                return String.format(Locale.ROOT, "not counted (overlap %s / rrwl %s)", pct(variantOverlap),
                    pct(referenceOverlap));
            }
            return verdict(interval.ratio(), interval.high());
        }
    }

    /**
     * @param unit    the load unit
     * @param variant a variant of the plan
     * @param ratio   r:w
     * @param load    the load
     * @param threads workers
     * @return the variant's outcome in that cell
     */
    Outcome outcome(final LoadUnit unit, final String variant, final String ratio, final int load,
        final int threads)
    {
        final Cell c = plan.cell(unit, variant, ratio, load, threads);
        final Cell ref = plan.cell(unit, KernelShapePlan.REFERENCE, ratio, load, threads);
        return new Outcome(intervals.get(key(c)), overlapPct(c), overlapPct(ref));
    }

    /**
     * @param variant a variant of the plan
     * @return {met, counted, not counted, no result} over every cell of the run
     */
    int[] tally(final String variant)
    {
        final int[] n = new int[4];
        forEachCell((u, t, r, l) ->
        {
            final Outcome o = outcome(u, variant, r, l, t);
            n[0] += o.met() ? 1 : 0;
            n[1] += o.counted() ? 1 : 0;
            n[2] += o.interval() != null && !o.counted() ? 1 : 0;
            n[3] += o.interval() == null ? 1 : 0;
        });
        return n;
    }

    /**
     * @param variant a variant of the plan
     * @return e.g. {@code recommended: 3 of 10 cells met (2 not counted: overlap below 80%)}
     */
    String metLine(final String variant)
    {
        final int[] n = tally(variant);
        return String.format(Locale.ROOT, "`%s`: %d of %d cells met%s%s%s", variant, n[0], n[1],
            n[2] == 0 ? "" : String.format(Locale.ROOT, " (%d not counted: overlap below %.0f%%)", n[2],
                OVERLAP_MIN_PCT), n[3] == 0 ? "" : String.format(Locale.ROOT, " (%d without a result)", n[3]),
            n[2] + n[3] == 0 ? "" : "; the every-cell target is not established");
    }

    /**
     * @param header the header's lines (machine, commit, command, times), Markdown
     * @param title  the title
     * @param failures the cells that failed, with why
     * @return the whole report, Markdown
     */
    String markdown(final String title, final String header, final Map<Cell, String> failures)
    {
        final StringBuilder sb = new StringBuilder("# ").append(title).append("\n\n").append(header).append('\n');
        final int forks = plan.forksOverride;
        if (forks > 0 && forks < Bootstrap.MIN_FORKS)
        {
            sb.append("**This run has ").append(forks).append(" fork(s) per cell: the targets ask for at least ")
                .append(Bootstrap.MIN_FORKS).append(" (10 at 2 threads), so read its verdicts as indicative only.**")
                .append("\n\n");
        }
        for (final LoadUnit u : plan.units)
        {
            times(sb, u);
            targets(sb, u);
        }
        sb.append("## Targets met\n\n");
        for (final String v : plan.variants)
        {
            sb.append("- ").append(metLine(v)).append('\n');
        }
        sb.append('\n').append(String.format(Locale.ROOT, "A cell counts when the workers of the variant and of " +
            "rrwl both overlapped at least %.0f%% (overlap = (first worker's end - last worker's start) / (last end " +
            "- first start), median over every measured run): otherwise the workers ran partly one after another " +
            "and the time is not contention. A counted cell meets the targets when the ratio of medians to rrwl is " +
            "at most %.2fx and the upper end of its family-wise 95%% interval at most %.2fx. Ratios and " +
            "intervals: median over every measured run of every fork, two-level bootstrap (forks, then runs), " +
            "every interval at the Bonferroni level over every variant and cell of this run.%n", OVERLAP_MIN_PCT,
            RATIO_MAX, UPPER_MAX));
        if (!failures.isEmpty())
        {
            sb.append("\n## Failed cells\n\n");
            failures.forEach((c, why) -> sb.append("- ").append(c.describe()).append(": ").append(why).append('\n'));
        }
        return sb.toString();
    }

    private void times(final StringBuilder sb, final LoadUnit u)
    {
        final List<String> locks = plan.locks();
        sb.append("## Time until the last worker finishes, ms (load: ").append(u.title).append(")\n\n");
        sb.append("Median over every measured run of every fork; in parentheses the workers' overlap (median).\n\n");
        final List<String> head = new ArrayList<>(List.of("cell"));
        head.addAll(locks);
        plan.variants.forEach(v -> head.add(v + " / rrwl [95%, Bonferroni]"));
        final List<List<String>> rows = new ArrayList<>();
        forEachCell((unit, t, r, l) ->
        {
            if (unit != u)
            {
                return;
            }
            final List<String> row = new ArrayList<>(List.of(cellName(t, r, l)));
            for (final String lock : locks)
            {
                final Cell c = plan.cell(u, lock, r, l, t);
                final double ms = medianMillis(c);
                row.add(Double.isNaN(ms) ? (results.failed(c) ? "failed" : "n/a") :
                    Numbers.seed(ms) + " (" + pct(overlapPct(c)) + ")");
            }
            for (final String v : plan.variants)
            {
                final Outcome o = outcome(u, v, r, l, t);
                final Interval iv = o.interval();
                row.add(iv == null ? "n/a" : String.format(Locale.ROOT, "%.2fx [%.2f, %.2f]%s", iv.ratio(),
                    iv.low(), iv.high(), o.counted() ? "" : " (not counted)"));
            }
            rows.add(row);
        });
        table(sb, head, rows);
    }

    private void targets(final StringBuilder sb, final LoadUnit u)
    {
        sb.append(String.format(Locale.ROOT, "## Targets: ratio to rrwl <= %.2fx, upper end <= %.2fx (load: %s)%n%n",
            RATIO_MAX, UPPER_MAX, u.title));
        final List<String> head = new ArrayList<>(List.of("cell"));
        head.addAll(plan.variants);
        final List<List<String>> rows = new ArrayList<>();
        final Map<String, int[]> met = new LinkedHashMap<>();
        forEachCell((unit, t, r, l) ->
        {
            if (unit != u)
            {
                return;
            }
            final List<String> row = new ArrayList<>(List.of(cellName(t, r, l)));
            for (final String v : plan.variants)
            {
                final Outcome o = outcome(u, v, r, l, t);
                row.add(o.text());
                final int[] n = met.computeIfAbsent(v, k -> new int[2]);
                n[0] += o.met() ? 1 : 0;
                n[1] += o.counted() ? 1 : 0;
            }
            rows.add(row);
        });
        table(sb, head, rows);
        met.forEach((v, n) -> sb.append(String.format(Locale.ROOT, "`%s`, %s: %d of %d cells met%n%n", v,
            u.cliName, n[0], n[1])));
    }

    private static String cellName(final int threads, final String ratio, final int load)
    {
        return threads + " threads " + ratio + " load " + load;
    }

    private static String pct(final double v)
    {
        return Double.isNaN(v) ? "n/a" : String.format(Locale.ROOT, "%.0f%%", v);
    }

    private static void table(final StringBuilder sb, final List<String> head, final List<List<String>> rows)
    {
        sb.append("| ").append(String.join(" | ", head)).append(" |\n|");
        head.forEach(h -> sb.append("---|"));
        sb.append('\n');
        for (final List<String> r : rows)
        {
            sb.append("| ").append(String.join(" | ", r)).append(" |\n");
        }
        sb.append('\n');
    }
}
