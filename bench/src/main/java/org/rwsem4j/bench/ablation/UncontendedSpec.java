package org.rwsem4j.bench.ablation;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import org.rwsem4j.bench.Locks;
import org.rwsem4j.bench.TwoVariantBenchmark;
import org.rwsem4j.bench.UncontendedBenchmark;
import org.rwsem4j.bench.report.Bar;
import org.rwsem4j.bench.report.GridTable;
import org.rwsem4j.bench.report.Numbers;
import org.rwsem4j.bench.report.ReportPart;
import org.rwsem4j.bench.stats.Stats;

/**
 * One thread's lock/unlock cost ({@link UncontendedBenchmark}) for the off-heap and on-heap words beside the peers,
 * and two variants used through the same call sites ({@link TwoVariantBenchmark}). No seed claims.
 */
final class UncontendedSpec extends BenchSpec
{
    /** The patch whose lock the first-of-two cells load beside base's. */
    private static final String READER_BIAS = "reader-bias";
    private static final String BASE = "base";

    UncontendedSpec()
    {
        super(Section.UNCONTENDED, List.of(Bench.UNCONTENDED_READ, Bench.UNCONTENDED_WRITE, Bench.TWO_VARIANT_READ,
            Bench.TWO_VARIANT_WRITE, Bench.FIRST_OF_TWO_READ, Bench.FIRST_OF_TWO_WRITE), Set.of());
    }

    /**
     * The peers and every headline variant, on-heap too (quick: only {@code base} and {@code all} on-heap); and
     * {@link #twoVariantPairs}.
     */
    @Override
    void plan(final Matrix m)
    {
        final List<String> impls = new ArrayList<>(m.peers(Locks.RRWL, Locks.STAMPED, Locks.MUTEX));
        for (final String spec : m.headline)
        {
            impls.add(spec);
            final boolean heapToo = !m.profile.isQuick() || spec.equals("base") || spec.equals(m.plan.all().spec());
            if (heapToo && !spec.endsWith(Locks.ON_HEAP_SUFFIX) && !impls.contains(spec + Locks.ON_HEAP_SUFFIX))
            {
                impls.add(spec + Locks.ON_HEAP_SUFFIX);
            }
        }
        for (final String impl : impls)
        {
            m.add(Cell.of(Bench.UNCONTENDED_READ, impl, 1));
            m.add(Cell.of(Bench.UNCONTENDED_WRITE, impl, 1));
        }
        for (final String[] pair : twoVariantPairs(m.plan))
        {
            m.add(Cell.of(Bench.TWO_VARIANT_READ, pair[0], 1, "second", pair[1]));
            m.add(Cell.of(Bench.TWO_VARIANT_WRITE, pair[0], 1, "second", pair[1]));
        }
        for (final String second : loadedBesideBase())
        {
            m.add(Cell.of(Bench.FIRST_OF_TWO_READ, BASE, 1, "second", second));
            m.add(Cell.of(Bench.FIRST_OF_TWO_WRITE, BASE, 1, "second", second));
        }
    }

    /** @return (first, second) pairs: base with itself, with all, and with its on-heap word; all with itself */
    static List<String[]> twoVariantPairs(final AblationPlan plan)
    {
        final String base = "base";
        final String all = plan.all().spec();
        final List<String[]> pairs = new ArrayList<>();
        pairs.add(new String[] {base, base});
        if (!all.equals(base))
        {
            pairs.add(new String[] {all, all});
            pairs.add(new String[] {base, all});
        }
        pairs.add(new String[] {base, base + Locks.ON_HEAP_SUFFIX});
        return pairs;
    }

    /**
     * @return the second locks beside which {@code base} is measured alone ({@link Bench#FIRST_OF_TWO_READ}): base
     *     itself, and {@code reader-bias} when the patch is on the classpath (a lock whose read paths call the hook
     *     that base's skip: base must not pay for it)
     */
    static List<String> loadedBesideBase()
    {
        return PatchInfo.libraryPatchNames().contains(READER_BIAS) ? List.of(BASE, READER_BIAS) : List.of(BASE);
    }

    @Override
    String describeClaimCell(final SeedClaim claim, final int threads, final Profile profile)
    {
        return claim.bench().name().toLowerCase(Locale.ROOT) + " (ns/op)";
    }

    @Override
    void report(final Report report)
    {
        uncontended(report);
        twoVariants(report);
        firstOfTwo(report);
    }

    private static void firstOfTwo(final Report report)
    {
        final Results r = report.results();
        final GridTable g = new GridTable("base alone, beside", "read ns/op", "write ns/op", "spread",
            "read vs beside base", "write vs beside base");
        final List<Bar> bars = new ArrayList<>();
        for (final String second : loadedBesideBase())
        {
            final Cell readCell = Cell.of(Bench.FIRST_OF_TWO_READ, BASE, 1, "second", second);
            final Cell writeCell = Cell.of(Bench.FIRST_OF_TWO_WRITE, BASE, 1, "second", second);
            final Stats a = r.stats(readCell);
            final Stats b = r.stats(writeCell);
            if (a == null && b == null)
            {
                continue;
            }
            final boolean other = !second.equals(BASE);
            g.row(second, a == null ? "n/a" : Numbers.seed(a.median()), b == null ? "n/a" : Numbers.seed(b.median()),
                spread(a, b), other ? report.change(readCell, Cell.of(Bench.FIRST_OF_TWO_READ, BASE, 1, "second", BASE),
                Sample::score) : "-", other ? report.change(writeCell, Cell.of(Bench.FIRST_OF_TWO_WRITE, BASE, 1,
                "second", BASE), Sample::score) : "-");
            bars.addAll(readWriteBars("base beside " + second, a, b));
        }
        if (g.isEmpty())
        {
            return;
        }
        report.add(new ReportPart("Base alone, with another lock kind loaded",
            "One `base` lock measured alone (JMH `TwoVariantBenchmark.readFirst`, `writeFirst`), ns per lock+unlock, " +
            "in a JVM whose setup used it and a second lock " + TwoVariantBenchmark.SETUP_ROUNDS + " times each, " +
            "so the engine's profile has seen both kinds: beside another `base`, and beside `reader-bias` (whose " +
            "read paths call the hook that base's skip). The last two columns: against beside `base`, change in " +
            "ns with its interval and the run's verdict; `no difference` (`~`) is what loading `reader-bias` " +
            "must give.", g.render(), "first-of-two", "ns per lock/unlock, lower is better", bars));
    }

    private static void uncontended(final Report report)
    {
        final Matrix m = report.matrix();
        final Results r = report.results();
        final List<String> impls = m.implsOf(Bench.UNCONTENDED_READ);
        if (impls.isEmpty())
        {
            return;
        }
        final Stats sr = r.stats(Cell.of(Bench.UNCONTENDED_READ, Locks.STAMPED, 1));
        final Stats sw = r.stats(Cell.of(Bench.UNCONTENDED_WRITE, Locks.STAMPED, 1));
        final GridTable g = new GridTable("lock", "read ns/op", "write ns/op", "read/stamped", "write/stamped",
            "spread");
        final List<Bar> bars = new ArrayList<>();
        for (final String impl : impls)
        {
            final Stats a = r.stats(Cell.of(Bench.UNCONTENDED_READ, impl, 1));
            final Stats b = r.stats(Cell.of(Bench.UNCONTENDED_WRITE, impl, 1));
            g.row(m.label(impl), a == null ? "n/a" : Numbers.seed(a.median()),
                b == null ? "n/a" : Numbers.seed(b.median()), ratio(a, sr), ratio(b, sw), spread(a, b));
            bars.addAll(readWriteBars(m.label(impl), a, b));
        }
        report.add(new ReportPart("Uncontended lock/unlock, one thread",
            "Average ns per lock+unlock pair (JMH avgt), median over " + report.profile().forks + " forks; " +
            "`@heap` = the on-heap VarHandle lock word (`Rwsem.builder().variant(spec).onHeap()`), otherwise the " +
            "default off-heap Agrona word. One variant per fork (monomorphic call sites).", g.render(),
            "uncontended", "ns per lock/unlock, lower is better", bars));
    }

    private static String ratio(final Stats a, final Stats ref)
    {
        return a == null || ref == null ? "n/a" : String.format(Locale.ROOT, "%.2fx", a.median() / ref.median());
    }

    private static String spread(final Stats a, final Stats b)
    {
        return Numbers.percent(Math.max(a == null ? 0 : a.spreadPercent(), b == null ? 0 : b.spreadPercent()));
    }

    private static List<Bar> readWriteBars(final String name, final Stats read, final Stats write)
    {
        final List<Bar> bars = new ArrayList<>();
        if (read != null)
        {
            bars.add(new Bar(name, "read", read));
        }
        if (write != null)
        {
            bars.add(new Bar(name, "write", write));
        }
        return bars;
    }

    private static void twoVariants(final Report report)
    {
        final Results r = report.results();
        final Matrix m = report.matrix();
        final GridTable g = new GridTable("first + second lock", "read ns/op", "write ns/op", "spread",
            "read vs base + base", "write vs base + base");
        final List<Bar> bars = new ArrayList<>();
        final String base = "base";
        for (final String[] pair : twoVariantPairs(m.plan))
        {
            final Cell readCell = Cell.of(Bench.TWO_VARIANT_READ, pair[0], 1, "second", pair[1]);
            final Cell writeCell = Cell.of(Bench.TWO_VARIANT_WRITE, pair[0], 1, "second", pair[1]);
            final Stats a = r.stats(readCell);
            final Stats b = r.stats(writeCell);
            if (a == null && b == null)
            {
                continue;
            }
            final boolean againstBase = pair[0].equals(base) && !pair[1].equals(base);
            final String name = m.label(pair[0]) + " + " + m.label(pair[1]);
            g.row(name, a == null ? "n/a" : Numbers.seed(a.median()), b == null ? "n/a" : Numbers.seed(b.median()),
                spread(a, b), againstBase ? report.change(readCell, Cell.of(Bench.TWO_VARIANT_READ, base, 1, "second",
                base), Sample::score) : "-", againstBase ? report.change(writeCell, Cell.of(Bench.TWO_VARIANT_WRITE,
                base, 1, "second", base), Sample::score) : "-");
            bars.addAll(readWriteBars(name, a, b));
        }
        if (g.isEmpty())
        {
            return;
        }
        report.add(new ReportPart("Two lock kinds in one JVM (call-site polymorphism)",
            "Two locks used alternately through the same call sites, ns per lock+unlock. `x + x` keeps the engine's " +
            "hook and lock-word call sites monomorphic; `base + all` (two variants) and `base + base@heap` (two " +
            "lock-word kinds) make them bimorphic. Compare `base + all` with the mean of `base + base` and " +
            "`all + all`. The last two columns: each `base + x` " +
            "against `base + base`, change in ns per lock+unlock with its interval and the run's verdict.", g.render(),
            "two-variants", "ns per lock/unlock, lower is better", bars));
    }
}
