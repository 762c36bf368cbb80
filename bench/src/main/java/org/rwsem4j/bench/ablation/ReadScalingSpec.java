package org.rwsem4j.bench.ablation;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

import org.rwsem4j.Variant;
import org.rwsem4j.bench.Locks;
import org.rwsem4j.bench.ReadScalingBenchmark;
import org.rwsem4j.bench.ReadScalingMetrics;
import org.rwsem4j.bench.report.Bar;
import org.rwsem4j.bench.report.GridTable;
import org.rwsem4j.bench.report.Numbers;
import org.rwsem4j.bench.report.ReportPart;
import org.rwsem4j.bench.stats.Stats;

/**
 * Read scaling ({@link ReadScalingBenchmark}): total lock+unlock operations per ms on one lock with an empty
 * critical section at 1, 2 and 10 threads, reads only and 10,000:1 to 100:1, and a read-mostly case over 10,000 locks
 * (2 threads, 1000:1) with {@code reader-bias}'s collision fallback rate. The rows: the peers {@code rrwl} and
 * {@code stamped} (pessimistic, through {@code asReadWriteLock()}), {@code recommended}, {@code recommended} with
 * {@code reader-bias} on top (skipped, with a note, when the patch is not on the classpath), and the reference row
 * {@link Locks#STAMPED_OPTIMISTIC}, which is not a peer: no ratio is ever taken against it.
 *
 * <p>Every cell reports its worst fork beside the median: where a lock's hot data and a biased reader's entry in the
 * shared table of visible readers land is decided once per JVM, so one fork can be slow for the whole of its run. The
 * section computes ratios (worst fork against worst fork, median against median) but registers no verdict, so the
 * run's Holm family, and every other section's verdicts, are what they were without it. The same locks and cells in
 * every profile; the headline variants ({@code --variants}) do not change them.
 */
final class ReadScalingSpec extends BenchSpec
{
    static final String RECOMMENDED = "recommended";
    static final String READER_BIAS = "reader-bias";
    /** The label of {@code recommended} with {@code reader-bias} on top. */
    static final String RECOMMENDED_BIAS = RECOMMENDED + "+" + READER_BIAS;
    /** What the reference row's label says, in every table. */
    static final String REFERENCE_MARK = " (reference, not a peer)";

    ReadScalingSpec()
    {
        super(Section.READ_SCALING, List.of(Bench.READ_SCALING), Set.of());
    }

    /**
     * The section's locks in this build, in table order (peers, variants, the reference), with the notes on the rows
     * it leaves out.
     *
     * @param locks the impl names, canonical specs for the variants
     * @param notes why a row is left out (empty when none is)
     * @param recommended the canonical spec of {@code recommended}, or null if this build cannot resolve it
     * @param bias        the canonical spec of {@code recommended} with {@code reader-bias}, or null
     */
    record Rows(List<String> locks, List<String> notes, String recommended, String bias)
    {
        /**
         * @param available the patches on the classpath ({@link Variant#available()})
         * @return the rows a build with those patches measures
         */
        static Rows of(final Set<String> available)
        {
            final List<String> locks = new ArrayList<>(List.of(Locks.RRWL, Locks.STAMPED));
            final List<String> notes = new ArrayList<>();
            String rec = null;
            String bias = null;
            final String why = Presets.became(RECOMMENDED, available);
            if (why.startsWith("="))
            {
                rec = Variant.parse(RECOMMENDED, available).spec();
                locks.add(rec);
            }
            else
            {
                notes.add("`" + RECOMMENDED + "` and `" + RECOMMENDED_BIAS + "` rows skipped: `" + RECOMMENDED +
                    "` " + why);
            }
            if (rec != null && available.contains(READER_BIAS))
            {
                bias = Variant.parse(rec + "+" + READER_BIAS, available).spec();
                locks.add(bias);
            }
            else if (rec != null)
            {
                notes.add("`" + RECOMMENDED_BIAS + "` rows skipped: the `" + READER_BIAS + "` patch (module " +
                    "rwsem-reader-bias) is not on the classpath; build the bench with it to measure them");
            }
            locks.add(Locks.STAMPED_OPTIMISTIC);
            return new Rows(List.copyOf(locks), List.copyOf(notes), rec, bias);
        }

        /** @return the rows of this JVM's build */
        static Rows ofThisBuild()
        {
            return of(Variant.available());
        }

        /**
         * @param impl one of {@link #locks()}
         * @param m    the run's matrix
         * @return its row label; the reference row says it is not a peer
         */
        String label(final String impl, final Matrix m)
        {
            if (Locks.isReference(impl))
            {
                return impl + REFERENCE_MARK;
            }
            return impl.equals(bias) ? RECOMMENDED_BIAS : impl.equals(recommended) ? RECOMMENDED : m.label(impl);
        }
    }

    /**
     * @param p       the profile
     * @param impl    the lock
     * @param ratio   {@code ro} or {@code r:w}
     * @param threads workers
     * @return the one-lock cell ({@code locks=1} named, so that no many-locks entry of {@code jmh.json} matches it)
     */
    static Cell oneLock(final Profile p, final String impl, final String ratio, final int threads)
    {
        return Cell.of(Bench.READ_SCALING, impl, 1, "ratio", ratio, "threads", Integer.toString(threads), "locks", "1",
            "millis", Integer.toString(p.readScalingMillis), "prewarmMillis",
            Integer.toString(p.readScalingPrewarmMillis));
    }

    /**
     * @param p    the profile
     * @param impl the lock
     * @return the read-mostly cell over {@link Profile#manyLocks} locks
     */
    static Cell manyLocks(final Profile p, final String impl)
    {
        return Cell.of(Bench.READ_SCALING, impl, 1, "ratio", p.manyLocksRatio, "threads",
            Integer.toString(p.manyLocksThreads), "locks", Integer.toString(p.manyLocks), "millis",
            Integer.toString(p.readScalingMillis), "prewarmMillis", Integer.toString(p.readScalingPrewarmMillis));
    }

    @Override
    void plan(final Matrix m)
    {
        final Rows rows = Rows.ofThisBuild();
        if (rows.recommended() != null)
        {
            m.labels.putIfAbsent(rows.recommended(), RECOMMENDED);
        }
        if (rows.bias() != null)
        {
            m.labels.putIfAbsent(rows.bias(), RECOMMENDED_BIAS);
        }
        final Profile p = m.profile;
        for (final String impl : rows.locks())
        {
            for (final String ratio : p.readScalingRatios)
            {
                for (final int threads : p.readScalingThreads)
                {
                    m.add(oneLock(p, impl, ratio, threads));
                }
            }
        }
        for (final String impl : rows.locks())
        {
            m.add(manyLocks(p, impl));
        }
    }

    @Override
    List<String> notes(final Matrix m)
    {
        return Rows.ofThisBuild().notes();
    }

    @Override
    String describeClaimCell(final SeedClaim claim, final int threads, final Profile profile)
    {
        return "read scaling " + threads + "t (ops/ms)";
    }

    // -------------------------------------------------------------------------------------------------- report

    /**
     * @param name a secondary result every measured iteration records
     * @return the fork's mean of it over its measured iterations (NaN if it has none)
     */
    static ToDoubleFunction<Sample> secondary(final String name)
    {
        return x -> x.perIteration().stream().filter(i -> i.containsKey(name)).mapToDouble(i -> i.get(name))
            .average().orElse(Double.NaN);
    }

    /** @return {@code worst / median} ops per ms, or {@code n/a} */
    static String worstAndMedian(final Stats s)
    {
        return s == null ? "n/a" : Numbers.grouped(s.min()) + " / " + Numbers.grouped(s.median());
    }

    /** @return {@code worst-fork ratio (median ratio)}, e.g. {@code 0.92x (1.01x)}, or {@code n/a} */
    static String ratios(final Stats a, final Stats b)
    {
        return a == null || b == null ? "n/a" : String.format(Locale.ROOT, "%.2fx (%.2fx)", a.min() / b.min(),
            a.median() / b.median());
    }

    /** @return the highest fallback rate over forks and the median, e.g. {@code 0.012% / 0.004%}, or {@code -} */
    private static String fallbacks(final Results r, final Cell c)
    {
        if (!biasKnown(r, c))
        {
            return "-";
        }
        final Stats f = r.stats(c, secondary(ReadScalingMetrics.FALLBACK));
        return String.format(Locale.ROOT, "%.3f%% / %.3f%%", f.max(), f.median());
    }

    /** A row per thread count, a column per ratio: the one-lock cells of {@code bias}, each as {@code text}. */
    private static GridTable biasTable(final Profile p, final String bias, final Function<Cell, String> text)
    {
        final List<String> header = new ArrayList<>(List.of("threads"));
        header.addAll(p.readScalingRatios);
        final GridTable g = new GridTable(header);
        for (final int t : p.readScalingThreads)
        {
            final List<String> row = new ArrayList<>(List.of(Integer.toString(t)));
            for (final String ratio : p.readScalingRatios)
            {
                row.add(text.apply(oneLock(p, bias, ratio, t)));
            }
            g.row(row);
        }
        return g;
    }

    /** Whether the cell's forks recorded the bias counters (a variant with reader-bias). */
    private static boolean biasKnown(final Results r, final Cell c)
    {
        final Stats known = r.stats(c, secondary(ReadScalingMetrics.BIAS_KNOWN));
        return known != null && known.min() > 0;
    }

    /**
     * @return the median revocations per 1,000 operations and their median mean wait, e.g. {@code 0.097 / 850}; the
     *         wait {@code n/a} in a run made before the metric existed; {@code -} for a lock without the counters
     */
    private static String revocations(final Results r, final Cell c)
    {
        if (!biasKnown(r, c))
        {
            return "-";
        }
        final Stats revokes = r.stats(c, secondary(ReadScalingMetrics.REVOKES));
        final Stats wait = r.stats(c, secondary(ReadScalingMetrics.REVOKE_WAIT));
        return String.format(Locale.ROOT, "%.3f", revokes.median()) + " / " +
            (Double.isNaN(wait.median()) ? "n/a" : Numbers.grouped(wait.median()));
    }

    @Override
    void report(final Report report)
    {
        final Matrix m = report.matrix();
        final List<String> planned = m.implsOf(Bench.READ_SCALING);
        if (planned.isEmpty())
        {
            return;
        }
        final Rows rows = Rows.ofThisBuild();
        oneLock(report, rows, planned);
        manyLocks(report, rows, planned);
    }

    private static String skipped(final Rows rows)
    {
        return rows.notes().isEmpty() ? "" : " " + String.join(". ", rows.notes()).replace("\n", " ") + ".";
    }

    private static String forks(final Profile p)
    {
        return String.format(Locale.ROOT, "%d forks, each the mean of %d measured windows of %d ms after %d warm-up " +
            "windows and a %d ms untimed run in the cell's shape (its threads and ratio)", p.forks,
            p.readScalingMeasurements, p.readScalingMillis, p.readScalingWarmups, p.readScalingPrewarmMillis);
    }

    private static void oneLock(final Report report, final Rows rows, final List<String> planned)
    {
        final Profile p = report.profile();
        final Matrix m = report.matrix();
        final Results r = report.results();
        final List<String> header = new ArrayList<>(List.of("lock", "threads"));
        header.addAll(p.readScalingRatios);
        final GridTable g = new GridTable(header);
        final List<Bar> bars = new ArrayList<>();
        for (final String impl : rows.locks())
        {
            if (!planned.contains(impl))
            {
                continue;
            }
            for (final int t : p.readScalingThreads)
            {
                final List<String> row = new ArrayList<>(List.of(rows.label(impl, m), Integer.toString(t)));
                for (final String ratio : p.readScalingRatios)
                {
                    final Stats s = r.stats(oneLock(p, impl, ratio, t));
                    row.add(worstAndMedian(s));
                    if (s != null)
                    {
                        bars.add(new Bar(ratio + " " + t + "t", rows.label(impl, m), s));
                    }
                }
                g.row(row);
            }
        }
        final StringBuilder table = new StringBuilder(g.render());
        final GridTable c = comparisons(report, rows, planned);
        if (!c.isEmpty())
        {
            table.append("\nWorst-fork ratio (median ratio), higher = more operations:\n").append(c.render());
        }
        if (rows.bias() != null && planned.contains(rows.bias()))
        {
            table.append("\n").append(RECOMMENDED_BIAS)
                .append(": collision fallbacks per read, worst (highest) fork / median:\n")
                .append(biasTable(p, rows.bias(), cell -> fallbacks(r, cell)).render());
            table.append("\n").append(RECOMMENDED_BIAS).append(": revocations per 1,000 operations / their mean " +
                "wait for biased readers, ns (`BIAS_REVOKE`, `BIAS_REVOKE_NS`; medians over forks; the inhibit " +
                "window after a revocation is 9 times its wait):\n")
                .append(biasTable(p, rows.bias(), cell -> revocations(r, cell)).render());
        }
        final GridTable jit = jitTable(report, rows, planned);
        if (jit != null)
        {
            table.append("\nJIT: the compiler threads' time in one measured window, ms, the most over the cell's " +
                "windows (0: the JIT was quiet while the cell was measured):\n").append(jit.render());
        }
        report.add(new ReportPart("Read scaling: one lock, empty critical section",
            "Total lock+unlock operations per ms over all threads, higher is better; each cell is **worst fork / " +
            "median** over " + forks(p) + ". Each operation is a write with probability 1/(R+1) at R:1 (never at " +
            "`ro`), drawn per operation from the thread's own generator. The worst fork is the figure to quote: " +
            "where the lock's hot words and, for `" + READER_BIAS + "`, each thread's entry in the shared table of " +
            "visible readers land is decided once per JVM, so the two threads' slots may or may not share a line " +
            "(or an entry: the second reader then falls back to the count, a collision fallback), and one fork can " +
            "be slow for all of its run. `" + Locks.STAMPED + "` is StampedLock's pessimistic read and write locks " +
            "through `asReadWriteLock()`; `" + Locks.STAMPED_OPTIMISTIC + "`" + REFERENCE_MARK + " reads with " +
            "`tryOptimisticRead()` and `validate`, falling back to `readLock()`: a reader that writes nothing " +
            "shared, shown as a ceiling for the read side, never compared as a peer. Ratios are not verdicts: " +
            "this section adds none to the run's family." + skipped(rows) + " " +
            report.oversubscription(p.readScalingThreads), table.toString(), "read-scaling",
            "operations per ms over all threads, higher is better (the whisker's low end is the worst fork)",
            bars));
    }

    /**
     * The most JIT compiler time in one measured window of each one-lock cell ({@link ReadScalingMetrics#JIT}), or
     * {@code null} if no cell recorded it (a run before the metric existed).
     */
    private static GridTable jitTable(final Report report, final Rows rows, final List<String> planned)
    {
        final Profile p = report.profile();
        final Results r = report.results();
        final List<String> header = new ArrayList<>(List.of("lock", "threads"));
        header.addAll(p.readScalingRatios);
        final GridTable g = new GridTable(header);
        boolean recorded = false;
        for (final String impl : rows.locks())
        {
            if (!planned.contains(impl))
            {
                continue;
            }
            for (final int t : p.readScalingThreads)
            {
                final List<String> row = new ArrayList<>(List.of(rows.label(impl, report.matrix()),
                    Integer.toString(t)));
                for (final String ratio : p.readScalingRatios)
                {
                    final List<Double> v = r.iterationSecondary(oneLock(p, impl, ratio, t), ReadScalingMetrics.JIT);
                    final double most = v.stream().mapToDouble(Double::doubleValue).max().orElse(-1);
                    recorded |= most >= 0;
                    row.add(most >= 0 ? Numbers.grouped(most) : "n/a");
                }
                g.row(row);
            }
        }
        return recorded ? g : null;
    }

    /** The variants against the peers and {@code reader-bias} against {@code recommended}, per thread count. */
    private static GridTable comparisons(final Report report, final Rows rows, final List<String> planned)
    {
        final Profile p = report.profile();
        final Results r = report.results();
        final List<String[]> pairs = new ArrayList<>();
        for (final String v : new String[] {rows.recommended(), rows.bias()})
        {
            if (v != null && planned.contains(v))
            {
                final String label = v.equals(rows.bias()) ? RECOMMENDED_BIAS : RECOMMENDED;
                pairs.add(new String[] {label + " / " + Locks.RRWL, v, Locks.RRWL});
                pairs.add(new String[] {label + " / " + Locks.STAMPED, v, Locks.STAMPED});
            }
        }
        if (rows.bias() != null && planned.contains(rows.bias()) && planned.contains(rows.recommended()))
        {
            pairs.add(new String[] {RECOMMENDED_BIAS + " / " + RECOMMENDED, rows.bias(), rows.recommended()});
        }
        final List<String> header = new ArrayList<>(List.of("ratio of", "threads"));
        header.addAll(p.readScalingRatios);
        final GridTable g = new GridTable(header);
        for (final String[] pair : pairs)
        {
            for (final int t : p.readScalingThreads)
            {
                final List<String> row = new ArrayList<>(List.of(pair[0], Integer.toString(t)));
                for (final String ratio : p.readScalingRatios)
                {
                    row.add(ratios(r.stats(oneLock(p, pair[1], ratio, t)), r.stats(oneLock(p, pair[2], ratio, t))));
                }
                g.row(row);
            }
        }
        return g;
    }

    private static void manyLocks(final Report report, final Rows rows, final List<String> planned)
    {
        final Profile p = report.profile();
        final Matrix m = report.matrix();
        final Results r = report.results();
        final GridTable g = new GridTable("lock", "ops/ms worst / median", "vs rrwl", "fallbacks per read",
            "revocations per 1,000 ops");
        final List<Bar> bars = new ArrayList<>();
        final Stats rrwl = r.stats(manyLocks(p, Locks.RRWL));
        for (final String impl : rows.locks())
        {
            if (!planned.contains(impl))
            {
                continue;
            }
            final Cell c = manyLocks(p, impl);
            final Stats s = r.stats(c);
            final Stats revokes = r.stats(c, secondary(ReadScalingMetrics.REVOKES));
            final String fallbacks = fallbacks(r, c);
            g.row(rows.label(impl, m), worstAndMedian(s), Locks.isReference(impl) || impl.equals(Locks.RRWL) ? "-" :
                ratios(s, rrwl), fallbacks, fallbacks.equals("-") || revokes == null ? "-" :
                Numbers.seed(revokes.median()));
            if (s != null)
            {
                bars.add(new Bar(p.manyLocksRatio + " " + p.manyLocksThreads + "t", rows.label(impl, m), s));
            }
        }
        if (g.isEmpty())
        {
            return;
        }
        report.add(new ReportPart(String.format(Locale.ROOT, "Read-mostly over %,d locks", p.manyLocks),
            String.format(Locale.ROOT, "%d threads, r:w %s, each operation on a lock drawn at random from %,d, " +
            "empty critical section; total operations per ms over all threads, **worst fork / median** over %s. " +
            "`vs rrwl`: worst-fork ratio (median ratio). For `%s`, fallbacks per read = `BIAS_FALLBACK` events " +
            "(a read found its entry of the table of visible readers taken and used the count) over reads, summed " +
            "over every lock's `Rwsem#events()` from before to after each run, highest fork / median; revocations " +
            "= `BIAS_REVOKE` per 1,000 operations (median). `-`: a lock without `%s`.%s", p.manyLocksThreads,
            p.manyLocksRatio, p.manyLocks, forks(p), RECOMMENDED_BIAS, READER_BIAS, skipped(rows)), g.render(),
            "read-mostly-many-locks", "operations per ms over all threads, higher is better", bars));
    }
}
