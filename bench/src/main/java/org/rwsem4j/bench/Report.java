package org.rwsem4j.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * Turns an ablation run's results into the report's parts: seed-style tables with {@code % Change} blocks, the
 * contributions, the seed-004, uncontended, two-variant, macro and fairness tables, the targets for
 * {@code recommended}, and a per-seed summary of directions. Rendered as Markdown (with one SVG per table) and as
 * text for the console.
 */
final class Report
{

    private final Matrix m;
    private final Results r;
    private final MachineInfo machine;
    private final Profile p;
    private final List<ReportPart> parts = new ArrayList<>();
    private final List<String> warnings = new ArrayList<>();
    private final Verdicts verdicts = new Verdicts();
    private String controlSummary = "";

    /**
     * Builds the parts twice: the first pass registers every comparison the tables print, then {@link Verdicts}
     * computes them and applies Holm over the whole family, and the second pass prints the verdicts.
     */
    Report(final Matrix matrix, final Results results, final MachineInfo machine)
    {
        this.m = matrix;
        this.r = results;
        this.machine = machine;
        this.p = matrix.profile;
        build();
        verdicts.close();
        parts.clear();
        warnings.clear();
        build();
    }

    /** @return the run's verdicts (closed) */
    Verdicts verdicts()
    {
        return verdicts;
    }

    private void build()
    {
        if (m.sections.contains(Section.LOCKTEST))
        {
            lockTestHeadline();
            controls();
            contributionsAtAGlance();
            contributions();
            cellHealth();
        }
        if (m.sections.contains(Section.TRYLOCK))
        {
            trylock();
        }
        if (m.sections.contains(Section.UNCONTENDED))
        {
            uncontended();
            twoVariants();
        }
        if (m.sections.contains(Section.MACRO))
        {
            macro();
        }
        if (m.sections.contains(Section.FAIRNESS))
        {
            fairness();
        }
        targets();
        claims();
    }

    List<ReportPart> parts()
    {
        return List.copyOf(parts);
    }

    // ---------------------------------------------------------------------------------------------------- cells

    private Cell lt(final String impl, final String ratio, final int load, final int threads)
    {
        return m.lockTestCell(impl, ratio, load, threads);
    }

    /**
     * Registers the comparison of two cells and returns its text ({@link Verdicts#text}); {@code n/a} if either
     * side has no result.
     */
    private String change(final Cell with, final Cell without, final ToDoubleFunction<Sample> metric)
    {
        final List<double[]> a = r.forks(with, metric);
        final List<double[]> b = r.forks(without, metric);
        if (a.isEmpty() || b.isEmpty())
        {
            return "n/a";
        }
        final String key = key(with, without);
        verdicts.compare(key, a, b);
        return verdicts.text(key);
    }

    private static String key(final Cell with, final Cell without)
    {
        return with + " vs " + without;
    }

    private List<String[]> fullGrid()
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

    private Map<String, Stats> ltRow(final String impl, final String ratio, final int threads, final List<Integer> loads)
    {
        final Map<String, Stats> row = new LinkedHashMap<>();
        for (final int load : loads)
        {
            final Stats s = r.stats(lt(impl, ratio, load, threads));
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

    private String loadNote()
    {
        final StringBuilder sb = new StringBuilder("Load is pause units inside the critical section (");
        for (final int l : p.headlineLoads)
        {
            sb.append(String.format(Locale.ROOT, "%d = %.0f ns, ", l, l * machine.pauseNanos()));
        }
        sb.setLength(sb.length() - 2);
        return sb.append(")").toString();
    }

    // ----------------------------------------------------------------------------------------- seed 000 tables

    private void lockTestHeadline()
    {
        final SeedTable t = new SeedTable("lock/r:w ratio", "Load:Execution Time (ms)", keys(p.headlineLoads));
        for (final int threads : p.lockTestThreads)
        {
            t.rowIfAny(Locks.MUTEX, Integer.toString(threads), ltRow(Locks.MUTEX, "0:1", threads, p.headlineLoads));
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
                        ltRow(impl, ratio, threads, p.headlineLoads));
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
            changeBlock(t, m.label(v) + " vs " + m.label(base), v, base, p.headlineLoads, m.label(v), fullGrid());
        }
        if (t.isEmpty())
        {
            return;
        }
        parts.add(new ReportPart("Seed 000 microbenchmark: peers and headline variants",
            "N worker threads do lock/unlock operations (per-op seeded choice at r:w), " + p.sizing() +
            "; median over " + p.forks + " forks. The mutex row is ReentrantLock (every op exclusive, as in the " +
            "seed). " + loadNote() +
            ". " + oversubscription(p.lockTestThreads),
            t.render(), "seed000-headline", timeUnit(), t.bars("load ")));
    }

    /** @return the seed-000 figure's unit, for chart captions */
    private String timeUnit()
    {
        return p.millis > 0 ? String.format(Locale.ROOT, "ms for %,d ops per worker at the rate measured, lower " +
            "is better", p.ops) : "execution time until the last thread finishes, ms, lower is better";
    }

    private void changeBlock(final SeedTable t, final String title, final String with, final String without,
        final List<Integer> loads, final String rowLabel, final List<String[]> grid)
    {
        t.changeBlock("% Change (" + title + "):");
        for (final String[] rt : grid)
        {
            final int threads = Integer.parseInt(rt[1]);
            final Map<String, String> texts = new LinkedHashMap<>();
            for (final int load : loads)
            {
                texts.put(Integer.toString(load), change(lt(with, rt[0], load, threads), lt(without, rt[0], load,
                    threads), Sample::score));
            }
            t.change(rowLabel + "/" + rt[0], rt[1], texts);
        }
    }

    private String oversubscription(final List<Integer> threads)
    {
        final int cores = machine.cores();
        final boolean over = threads.stream().anyMatch(t -> t > cores);
        return over ? "**All figures come from " + cores + " cores: every row above " + cores +
            " threads measures oversubscription** (it exercises the sleeping paths)." : "";
    }

    private void contributionsAtAGlance()
    {
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
        for (final Contribution c : m.plan.contributions())
        {
            final List<String> row = new ArrayList<>(List.of(c.title()));
            for (final String[] rt : p.contributionCells())
            {
                final int threads = Integer.parseInt(rt[1]);
                final Stats a = r.stats(lt(c.with().spec(), rt[0], load, threads));
                final Stats b = r.stats(lt(c.without().spec(), rt[0], load, threads));
                if (a == null || b == null)
                {
                    row.add("n/a");
                    continue;
                }
                final double pct = a.changePercent(b);
                row.add(change(lt(c.with().spec(), rt[0], load, threads), lt(c.without().spec(), rt[0], load,
                    threads), Sample::score));
                bars.add(new Bar(c.kind().name().toLowerCase(Locale.ROOT) + " " + c.patch(),
                    rt[0] + " " + threads + "t", new Stats(pct, pct, pct, 1)));
            }
            g.row(row);
        }
        if (g.isEmpty())
        {
            parts.add(new ReportPart("Contributions", "No patches on the classpath: only the base engine was " +
                "measured. Build the patch modules (drop -P '!<module>') to get per-patch contributions.", "", null,
                "", List.of()));
            return;
        }
        parts.add(new ReportPart("Contributions at a glance (seed-000 cells, load " + load + ")",
            "% change of the median execution time, with the patch against without it (negative = faster), and " +
            "its 95% bootstrap interval; `~` = no difference after the family-wise correction, `?` = under " +
            Bootstrap.MIN_FORKS + " forks, no verdict. Controls are listed too (X+control vs X). " +
            "Adding P: base+P+requires(P) vs " +
            "base+requires(P); removing P: all vs all minus P and what requires P; opt-in P: on top of all minus " +
            "its conflicts. " + oversubscription(p.lockTestThreads),
            g.render(), "contributions-overview", "% change of execution time (negative = faster)", bars));
    }

    /**
     * The controls: each bench-only control as X+C against X, and {@code trylock} (adding and removing), which
     * changes only {@code readLock().tryLock()}, as a null control in these lock()-only cells. A null control must
     * come out "no difference" in every cell, a positive one "different", slower.
     */
    private void controls()
    {
        final List<Contribution> cs = new ArrayList<>(m.plan.controlComparisons());
        m.plan.contributions().stream().filter(c -> !c.isControl() && Matrix.TRYLOCK_PATCHES.contains(c.patch()) &&
            c.kind() != Contribution.Kind.OPT_IN).forEach(cs::add);
        if (cs.isEmpty() || p.contributionCells().isEmpty())
        {
            return;
        }
        final List<String> header = new ArrayList<>(List.of("control", "expected"));
        final List<String[]> cells = new ArrayList<>();
        for (final String[] rt : p.contributionCells())
        {
            for (final int load : p.contributionLoads)
            {
                cells.add(new String[] {rt[0], rt[1], Integer.toString(load)});
                header.add(rt[0] + " " + rt[1] + "t load " + load);
            }
        }
        header.add("met");
        final GridTable g = new GridTable(header);
        int nullMet = 0;
        int nullCells = 0;
        int posMet = 0;
        int posCells = 0;
        for (final Contribution c : cs)
        {
            final boolean positive = c.kind() == Contribution.Kind.POSITIVE_CONTROL;
            final List<String> row = new ArrayList<>(List.of(c.title(), positive ? "slower" : "no difference"));
            int met = 0;
            for (final String[] cell : cells)
            {
                final Cell with = lt(c.with().spec(), cell[0], Integer.parseInt(cell[2]), Integer.parseInt(cell[1]));
                final Cell without = lt(c.without().spec(), cell[0], Integer.parseInt(cell[2]),
                    Integer.parseInt(cell[1]));
                row.add(change(with, without, Sample::score));
                final Comparison cmp = verdicts.get(key(with, without));
                final boolean different = verdicts.different(key(with, without));
                final boolean ok = cmp != null && cmp.hasVerdict() &&
                    (positive ? different && cmp.changePct() > 0 : !different);
                met += ok ? 1 : 0;
            }
            row.add(met + "/" + cells.size());
            g.row(row);
            if (positive)
            {
                posMet += met;
                posCells += cells.size();
            }
            else
            {
                nullMet += met;
                nullCells += cells.size();
            }
        }
        controlSummary = String.format(Locale.ROOT, "null controls: %d of %d cells \"no difference\"; positive " +
            "control: %d of %d cells \"different\", slower", nullMet, nullCells, posMet, posCells);
        parts.add(new ReportPart("Controls: " + controlSummary,
            "A null control changes nothing a cell exercises: `" + NullControlPatch.NAME + "` installs nothing, and " +
            "`trylock` changes only `readLock().tryLock()`, which seed-000 cells never call. It must come out " +
            "\"no difference\" (`~`) in every cell. The positive control `" + SlowWakeControlPatch.NAME + "` " +
            "busy-waits " + SlowWakeControlPatch.DELAY_NANOS / 1000 + " us in every wake of a waiter after an " +
            "unlock, " +
            "a slow path every contended cell takes; it must come out \"different\", slower, in every cell. A cell " +
            "with no verdict (`?`, under " + Bootstrap.MIN_FORKS + " forks) does not count as met. Both controls are " +
            "bench-only patches, never in `all` or `recommended`.", g.render(), null, "", List.of()));
    }

    /** @return the controls' one-line outcome, or empty if this run had none */
    String controlSummary()
    {
        return controlSummary;
    }

    /**
     * Per seed-000 cell: how much its workers overlapped (median and lowest over every measured iteration) and the
     * lock's event counters per 1,000 operations (medians; JDK peers have none).
     */
    private void cellHealth()
    {
        final GridTable g = new GridTable("lock", "r:w", "threads", "load", "overlap", "start/end spread",
            "min share", "spins", "spin fail", "NULL-owner spins", "sleeps", "wakeups", "handoffs");
        for (final Cell c : m.cells)
        {
            if (c.bench() != Bench.LOCKTEST)
            {
                continue;
            }
            final List<Double> overlap = r.iterationSecondary(c, LockTestCounters.OVERLAP);
            if (overlap.isEmpty())
            {
                continue;
            }
            final List<String> row = new ArrayList<>(List.of(m.label(c.impl()), c.param("ratio"), c.param("threads"),
                c.param("load"), String.format(Locale.ROOT, "%.0f%% (min %.0f%%)", median(overlap),
                    overlap.stream().mapToDouble(Double::doubleValue).min().orElse(0)),
                String.format(Locale.ROOT, "%.0f%%/%.0f%%", median(r.iterationSecondary(c,
                    LockTestCounters.START_SPREAD)), median(r.iterationSecondary(c, LockTestCounters.END_SPREAD))),
                minShare(c)));
            final boolean known = median(r.iterationSecondary(c, LockTestCounters.EVENTS_KNOWN)) > 0;
            for (final String counter : List.of(LockTestCounters.SPINS, LockTestCounters.SPIN_FAILS,
                LockTestCounters.NULL_SPINS, LockTestCounters.SLEEPS, LockTestCounters.WAKEUPS,
                LockTestCounters.HANDOFFS))
            {
                row.add(known ? Numbers.seed(median(r.iterationSecondary(c, counter))) : "-");
            }
            g.row(row);
        }
        if (g.isEmpty())
        {
            return;
        }
        parts.add(new ReportPart("Seed-000 cells: worker overlap and lock events per 1,000 ops",
            "overlap = (first worker's end - last worker's start) / (last end - first start), median over every " +
            "measured iteration (and the lowest): near 100% means every worker ran through the whole run, so the " +
            "cell measured contention; low or negative means workers ran one after another. start/end spread = " +
            "range of the workers' start (end) times over the run's span. min share = the fewest operations one " +
            "worker did over the mean per worker (median over iterations; a run sized by ops: 100%): low means " +
            "the lock starved some workers while others ran. Event counters from `Rwsem#events()` per " +
            "1,000 lock/unlock operations (median over iterations): optimistic spins started and failed, spins " +
            "that went on through a NULL owner, sleeps, wakeups (waiters queued for wakeup), handoff bits set; `-` " +
            "for JDK peers.", g.render(), null, "", List.of()));
    }

    /** @return the median min share over iterations, or {@code -} for runs made before it was recorded */
    private String minShare(final Cell c)
    {
        final List<Double> v = r.iterationSecondary(c, LockTestCounters.MIN_SHARE);
        return v.isEmpty() ? "-" : String.format(Locale.ROOT, "%.0f%%", median(v));
    }

    private static double median(final List<Double> values)
    {
        if (values.isEmpty())
        {
            return 0;
        }
        final double[] v = values.stream().mapToDouble(Double::doubleValue).toArray();
        return Bootstrap.median(v);
    }

    private void contributions()
    {
        for (final Contribution c : m.plan.contributions())
        {
            final SeedTable t = new SeedTable("lock/r:w ratio", "Load:Execution Time (ms)", keys(p.contributionLoads));
            for (final Config cfg : List.of(c.without(), c.with()))
            {
                for (final String[] rt : p.contributionCells())
                {
                    t.row(cfg.label() + "/" + rt[0], rt[1],
                        ltRow(cfg.spec(), rt[0], Integer.parseInt(rt[1]), p.contributionLoads));
                }
            }
            changeBlock(t, c.with().label() + " vs " + c.without().label(), c.with().spec(), c.without().spec(),
                p.contributionLoads, c.patch(), p.contributionCells());
            final PatchInfo info = m.plan.patches().get(c.patch());
            parts.add(new ReportPart(cap(c.title()) + " [seed: " + info.seed() + "]", "", t.render(),
                "contribution-" + c.kind().name().toLowerCase(Locale.ROOT) + "-" + c.patch(), timeUnit(),
                t.bars("load ")));
        }
    }

    private static String cap(final String s)
    {
        return Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    // ------------------------------------------------------------------------------------------------ seed 004

    private List<String> implsOf(final Bench bench)
    {
        final List<String> out = new ArrayList<>();
        for (final Cell c : m.cells)
        {
            if (c.bench() == bench && !out.contains(c.impl()))
            {
                out.add(c.impl());
            }
        }
        return out;
    }

    private List<Contribution> contributionsFor(final java.util.Set<String> patches)
    {
        final List<Contribution> out = new ArrayList<>();
        for (final Contribution c : m.plan.contributions())
        {
            if (p.allPeersEverywhere || patches.contains(c.patch()))
            {
                out.add(c);
            }
        }
        return out;
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

    private void trylock()
    {
        final List<String> impls = implsOf(Bench.TRYLOCK);
        if (impls.isEmpty())
        {
            return;
        }
        final List<String> header = new ArrayList<>(List.of("# of Threads"));
        impls.forEach(i -> header.add(m.label(i)));
        final List<Contribution> cs = contributionsFor(Matrix.TRYLOCK_PATCHES);
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
                final Cell cell = Cell.of(Bench.TRYLOCK, impl, t, "load", Integer.toString(p.load));
                final Stats s = r.stats(cell, x -> acquiredPerSecond(x) / 1000);
                final Stats f = r.stats(cell, x -> Math.max(0, x.score() - acquiredPerSecond(x)));
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
                row.add(change(Cell.of(Bench.TRYLOCK, c.with().spec(), t, "load", "" + p.load),
                    Cell.of(Bench.TRYLOCK, c.without().spec(), t, "load", "" + p.load), Report::acquiredPerSecond));
            }
            g.row(row);
            failed.row(frow);
        }
        final String over = p.trylockThreads.stream().anyMatch(t -> t > machine.cores()) ?
            " **On " + machine.cores() + " cores the rows above " + machine.cores() + " threads measure " +
            "oversubscription, so seed 004's 8-thread claim (x86: +27%) cannot be checked here.**" : "";
        parts.add(new ReportPart("Seed 004: read-trylock rate, load " + p.load,
            "Successful `readLock().tryLock()` + unlock per ms (= kops/s) over all threads, " + p.load +
            " pause units inside, median over " + p.forks + " forks; Δ columns are % change of that rate " +
            "(positive = faster; 95% interval; `~` = no difference)." + over, g.render() + (anyFailed ?
            "\nFailed trylocks per second (counted apart):\n" + failed.render() : "\nNo trylock failed.\n"),
            "seed004-trylock", "successful read trylocks per ms, higher is better", bars));
    }

    // ------------------------------------------------------------------------------------------- uncontended

    private void uncontended()
    {
        final List<String> impls = implsOf(Bench.UNCONTENDED_READ);
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
                b == null ? "n/a" : Numbers.seed(b.median()), ratio(a, sr), ratio(b, sw),
                Numbers.percent(Math.max(a == null ? 0 : a.spreadPercent(), b == null ? 0 : b.spreadPercent())));
            if (a != null)
            {
                bars.add(new Bar(m.label(impl), "read", a));
            }
            if (b != null)
            {
                bars.add(new Bar(m.label(impl), "write", b));
            }
        }
        parts.add(new ReportPart("Uncontended lock/unlock, one thread",
            "Average ns per lock+unlock pair (JMH avgt), median over " + p.forks + " forks; `@heap` = the on-heap " +
            "VarHandle lock word (`Rwsem.builder().variant(spec).onHeap()`), otherwise the default off-heap Agrona " +
            "word. One variant per fork (monomorphic call sites).", g.render(), "uncontended",
            "ns per lock/unlock, lower is better", bars));
    }

    private static String ratio(final Stats a, final Stats ref)
    {
        return a == null || ref == null ? "n/a" : String.format(Locale.ROOT, "%.2fx", a.median() / ref.median());
    }

    private void twoVariants()
    {
        final GridTable g = new GridTable("first + second lock", "read ns/op", "write ns/op", "spread");
        final List<Bar> bars = new ArrayList<>();
        for (final String[] pair : m.twoVariantPairs())
        {
            final Stats a = r.stats(Cell.of(Bench.TWO_VARIANT_READ, pair[0], 1, "second", pair[1]));
            final Stats b = r.stats(Cell.of(Bench.TWO_VARIANT_WRITE, pair[0], 1, "second", pair[1]));
            if (a == null && b == null)
            {
                continue;
            }
            final String name = m.label(pair[0]) + " + " + m.label(pair[1]);
            g.row(name, a == null ? "n/a" : Numbers.seed(a.median()), b == null ? "n/a" : Numbers.seed(b.median()),
                Numbers.percent(Math.max(a == null ? 0 : a.spreadPercent(), b == null ? 0 : b.spreadPercent())));
            if (a != null)
            {
                bars.add(new Bar(name, "read", a));
            }
            if (b != null)
            {
                bars.add(new Bar(name, "write", b));
            }
        }
        if (g.isEmpty())
        {
            return;
        }
        parts.add(new ReportPart("Two lock kinds in one JVM (call-site polymorphism)",
            "Two locks used alternately through the same call sites, ns per lock+unlock. `x + x` keeps the engine's " +
            "hook and lock-word call sites monomorphic; `base + all` (two variants) and `base + base@heap` (two " +
            "lock-word kinds) make them bimorphic. Compare `base + all` with the mean of `base + base` and " +
            "`all + all`.", g.render(), "two-variants", "ns per lock/unlock, lower is better", bars));
    }

    // ------------------------------------------------------------------------------------------------- macro

    private static List<Cell> macroCells(final String impl, final int t)
    {
        return Matrix.macroCells(impl, t);
    }

    private void macro()
    {
        final List<String> impls = implsOf(Bench.REGION_TREE);
        if (impls.isEmpty())
        {
            return;
        }
        final List<String> names = List.of("regiontree", "randrw", "randwrite");
        final GridTable g = new GridTable("lock", "threads", "regiontree ops/ms", "randrw ops/ms",
            "randwrite ops/ms", "spread");
        final List<Bar> bars = new ArrayList<>();
        for (final String impl : impls)
        {
            for (final int t : p.macroThreads)
            {
                final List<String> row = new ArrayList<>(List.of(m.label(impl), Integer.toString(t)));
                double spread = 0;
                final List<Cell> cells = macroCells(impl, t);
                for (int i = 0; i < cells.size(); i++)
                {
                    final Stats s = r.stats(cells.get(i));
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
        for (final Contribution c : contributionsFor(Matrix.MACRO_PATCHES))
        {
            pairs.add(new String[] {c.title(), c.with().spec(), c.without().spec()});
        }
        for (final String[] pair : pairs)
        {
            for (final int t : p.macroThreads)
            {
                final List<String> row = new ArrayList<>(List.of(pair[0], Integer.toString(t)));
                final List<Cell> with = macroCells(pair[1], t);
                final List<Cell> without = macroCells(pair[2], t);
                for (int i = 0; i < with.size(); i++)
                {
                    row.add(change(with.get(i), without.get(i), Sample::score));
                }
                d.row(row);
            }
        }
        parts.add(new ReportPart("Macro workloads: region tree (mmap_sem-like) and block map (page-cache-like)",
            "Throughput over all threads, ops per ms, median over " + p.forks + " forks. regiontree: TreeMap " +
            "interval lookups under the read lock, 2% map/unmap under the write lock (stand-in for AIM7 shared, " +
            "seed 001). randrw: 50% cached block reads (a miss refills under the write lock), 50% writes; " +
            "randwrite: writes only (stand-in for seed 002's fio). " + oversubscription(p.macroThreads),
            g.render() + "\n" + d.render() + "(positive = more throughput; 95% interval; `~` = no difference)\n",
            "macro", "ops per ms, higher is better", bars));
    }

    // ---------------------------------------------------------------------------------------------- fairness

    private void fairness()
    {
        final List<String> impls = implsOf(Bench.FAIRNESS);
        if (impls.isEmpty())
        {
            return;
        }
        final GridTable g = new GridTable("lock", "Writes Total", "Max/Min", "Mean", "Reads Total", "Max/Min",
            "Mean", "Fail", "wait p50 us", "p99 us", "max us", "worst writer");
        final List<Bar> bars = new ArrayList<>();
        for (final String impl : impls)
        {
            final Cell c = Cell.of(Bench.FAIRNESS, impl, 1, "readers", "" + p.fairnessReaders, "writers",
                "" + p.fairnessWriters, "load", "" + p.load, "millis", "" + p.fairnessMillis);
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
        parts.add(new ReportPart("Fairness: dedicated readers and writers",
            p.fairnessReaders + " reader and " + p.fairnessWriters + " writer threads for " + p.fairnessMillis +
            " ms, " + p.load + " pause units inside the critical section and as many outside; locktorture-style " +
            "per-thread ops (total, max/min, mean per side) and the writers' wait for the lock (us), medians over " +
            p.forks + " runs in child JVMs, except `max us` and `worst writer` (the fewest ops any writer thread " +
            "made), which are the worst over all runs: starvation must not be averaged away. Fail counts torn " +
            "reads (must be 0). A large Max/Min gap means some threads starved.", g.render(), "fairness", "writer wait for the lock, us, lower is better", bars));
    }

    private static String n(final Stats s)
    {
        return String.format(Locale.ROOT, "%.0f", s.median());
    }

    // ---------------------------------------------------------------------------------------------- targets

    private void targets()
    {
        final String rec = recommendedSpec();
        if (rec == null)
        {
            return;
        }
        final GridTable g = new GridTable("target for recommended (" + m.label(rec) + ")", "cells", "met",
            "missed (verdict)", "worst");
        if (m.sections.contains(Section.UNCONTENDED))
        {
            for (final Bench b : List.of(Bench.UNCONTENDED_READ, Bench.UNCONTENDED_WRITE))
            {
                final Stats a = r.stats(Cell.of(b, rec, 1));
                final Stats s = r.stats(Cell.of(b, Locks.STAMPED, 1));
                if (a == null || s == null)
                {
                    continue;
                }
                final double ratio = a.median() / s.median();
                final boolean missed = a.min() > 1.25 * s.max();
                g.row("uncontended " + (b == Bench.UNCONTENDED_READ ? "read" : "write") + " <= 1.25x stamped", "1",
                    ratio <= 1.25 ? "1" : "0", missed ? "1" : "0", String.format(Locale.ROOT, "%.2fx", ratio));
            }
        }
        if (m.sections.contains(Section.LOCKTEST))
        {
            lockTestTarget(g, rec, Locks.RRWL, p.ratios, "seed-000 cells no slower than rrwl");
            lockTestTarget(g, rec, Locks.MUTEX, List.of("1:1", "10:1"), "1:1 and 10:1 cells faster than mutex");
        }
        if (g.isEmpty())
        {
            return;
        }
        parts.add(new ReportPart("Targets for the recommended preset",
            "Named before measuring; ratios within this run. \"met\" compares medians; \"missed (verdict)\" " +
            "counts the seed-000 cells where recommended is found different from the peer, on the wrong side, " +
            "by the run's verdicts (bootstrap, Holm); for the uncontended rows it still counts a whole min-max " +
            "range on the wrong side of 1.25x. " + (p.forks < 5 ?
            "**This run has " + p.forks + " forks: the targets ask for medians over at least 5, so read this as " +
            "indicative only.**" : ""), g.render(), null, "", List.of()));
    }

    private void lockTestTarget(final GridTable g, final String rec, final String peer, final List<String> ratios,
        final String name)
    {
        int cells = 0;
        int met = 0;
        int missed = 0;
        double worst = Double.NEGATIVE_INFINITY;
        String worstCell = "";
        for (final String ratio : ratios)
        {
            for (final int threads : p.lockTestThreads)
            {
                for (final int load : p.headlineLoads)
                {
                    final Cell withCell = lt(rec, ratio, load, threads);
                    final Cell peerCell = lt(peer, peer.equals(Locks.MUTEX) ? "0:1" : ratio, load, threads);
                    final Stats a = r.stats(withCell);
                    final Stats b = r.stats(peerCell);
                    if (a == null || b == null)
                    {
                        continue;
                    }
                    cells++;
                    final boolean strict = peer.equals(Locks.MUTEX);
                    final boolean ok = strict ? a.median() < b.median() : a.median() <= b.median();
                    met += ok ? 1 : 0;
                    change(withCell, peerCell, Sample::score);
                    final Comparison cmp = verdicts.get(key(withCell, peerCell));
                    final boolean wrongSide = cmp != null && (strict ? cmp.changePct() >= 0 : cmp.changePct() > 0);
                    missed += wrongSide && verdicts.different(key(withCell, peerCell)) ? 1 : 0;
                    final double pct = a.changePercent(b);
                    if (pct > worst)
                    {
                        worst = pct;
                        worstCell = ratio + " " + threads + "t load " + load;
                    }
                }
            }
        }
        if (cells > 0)
        {
            g.row(name, Integer.toString(cells), Integer.toString(met), Integer.toString(missed),
                String.format(Locale.ROOT, "%+.1f%% (%s)", worst, worstCell));
        }
    }

    private String recommendedSpec()
    {
        for (final String v : m.headline)
        {
            if (m.label(v).contains("recommended"))
            {
                return v;
            }
        }
        return null;
    }

    // ----------------------------------------------------------------------------------------------- claims

    private void claims()
    {
        final GridTable g = new GridTable("patch", "seed", "seed's claim", "our stand-in cell", "adding", "removing/opt-in",
            "direction");
        for (final SeedClaim claim : SeedClaim.ALL)
        {
            if (!m.plan.patches().containsKey(claim.patch()) || !m.sections.contains(sectionOf(claim.bench())))
            {
                continue;
            }
            final List<Integer> threads = claim.threads().isEmpty() ?
                List.of(p.macroThreads.get(p.macroThreads.size() - 1)) : claim.threads();
            for (final int t : threads)
            {
                final String[] deltas = new String[2];
                final List<String> directions = new ArrayList<>();
                for (final Contribution c : m.plan.contributions())
                {
                    if (!c.patch().equals(claim.patch()))
                    {
                        continue;
                    }
                    final ToDoubleFunction<Sample> metric = claim.bench() == Bench.TRYLOCK ?
                        Report::acquiredPerSecond : Sample::score;
                    final Stats a = r.stats(claimCell(claim, c.with().spec(), t), metric);
                    final Stats b = r.stats(claimCell(claim, c.without().spec(), t), metric);
                    final int slot = c.kind() == Contribution.Kind.ADDING ? 0 : 1;
                    if (a == null || b == null)
                    {
                        deltas[slot] = "n/a";
                        continue;
                    }
                    final double pct = a.changePercent(b);
                    final Cell with = claimCell(claim, c.with().spec(), t);
                    final Cell without = claimCell(claim, c.without().spec(), t);
                    deltas[slot] = change(with, without, metric);
                    final Comparison cmp = verdicts.get(key(with, without));
                    directions.add(cmp == null || !cmp.hasVerdict() ? "no verdict" :
                        !verdicts.different(key(with, without)) ? "no difference" :
                        Math.signum(pct) == claim.sign() ? "same" : "opposite");
                }
                g.row(claim.patch(), claim.seed(), claim.claim(), describeClaimCell(claim, t),
                    deltas[0] == null ? "-" : deltas[0], deltas[1] == null ? "-" : deltas[1],
                    directions.isEmpty() ? "n/a" : String.join(" / ", directions));
            }
        }
        if (g.isEmpty())
        {
            return;
        }
        parts.add(new ReportPart("Seed claims against our stand-in cells",
            "For each patch, the seed's claim and the % change we measured in the closest cell of this run " +
            "(adding, and removing or opt-in, as defined above). Direction compares the sign with the claim's " +
            "and counts only changes found different after the family-wise correction. The seeds ran the kernel on 4-80 core machines; these " +
            "are JVM stand-ins on " + machine.cores() + " cores, so only directions are comparable, not sizes.",
            g.render(), null, "", List.of()));
    }

    private static Section sectionOf(final Bench b)
    {
        switch (b)
        {
            case LOCKTEST:
                return Section.LOCKTEST;
            case TRYLOCK:
                return Section.TRYLOCK;
            case FAIRNESS:
                return Section.FAIRNESS;
            case REGION_TREE:
            case BLOCK_MAP:
                return Section.MACRO;
            default:
                return Section.UNCONTENDED;
        }
    }

    private Cell claimCell(final SeedClaim claim, final String impl, final int t)
    {
        final Map<String, String> kv = new LinkedHashMap<>();
        for (int i = 0; i < claim.params().size(); i += 2)
        {
            kv.put(claim.params().get(i), claim.params().get(i + 1));
        }
        switch (claim.bench())
        {
            case LOCKTEST:
                return lt(impl, kv.get("ratio"), p.contributionLoads.get(p.contributionLoads.size() - 1), t);
            case TRYLOCK:
                return Cell.of(Bench.TRYLOCK, impl, t, "load", Integer.toString(p.load));
            case REGION_TREE:
                return Cell.of(Bench.REGION_TREE, impl, t, "writePercent", kv.get("writePercent"));
            default:
                return Cell.of(claim.bench(), impl, t, "mix", kv.get("mix"));
        }
    }

    private String describeClaimCell(final SeedClaim claim, final int t)
    {
        switch (claim.bench())
        {
            case LOCKTEST:
                return "seed-000 " + claim.params().get(1) + " " + t + "t load " +
                    p.contributionLoads.get(p.contributionLoads.size() - 1) + " (time)";
            case TRYLOCK:
                return "seed-004 " + t + "t (rate)";
            case REGION_TREE:
                return "regiontree " + t + "t (throughput)";
            default:
                return claim.params().get(1) + " " + t + "t (throughput)";
        }
    }

    // ------------------------------------------------------------------------------------------------ output

    /**
     * @param title    the report title
     * @param svgDir   the relative path from the Markdown file to the SVG files (empty for the same folder)
     * @param failures the failed cells
     * @param header   extra Markdown lines for the header (profile, run time)
     * @return the Markdown report
     */
    String markdown(final String title, final String svgDir, final Map<Cell, String> failures, final String header)
    {
        final StringBuilder sb = new StringBuilder("# ").append(title).append("\n\n");
        sb.append("Generated by `java -jar bench/target/rwsem4j-bench.jar ablation`; do not edit by hand.\n\n");
        sb.append(machine.markdown()).append(header).append('\n');
        sb.append("**All figures come from ").append(machine.cores()).append(" cores; every row above ")
            .append(machine.cores()).append(" threads measures oversubscription.** Quote ratios within this run, ")
            .append("never absolute times across runs.\n\n");
        sb.append("How to read: values are medians over forks (one fork per round; rounds interleave all cells, so ")
            .append("machine drift spreads evenly). `spread` = (max - min) / median over forks, the worst in the ")
            .append("row. `% Change` = median(with) / median(without) - 1 over every measurement iteration of every ")
            .append("fork, then its 95% interval from a two-level bootstrap (forks, then iterations within them). ")
            .append("A change is a difference only if its bootstrap p-value, Holm-corrected over all ")
            .append(verdicts.family()).append(" verdicts of this run, is at most ").append(Holm.ALPHA)
            .append(" (family-wise false-positive rate <= 5%); a trailing `~` means no difference, `?` means no ")
            .append("verdict (under ").append(Bootstrap.MIN_FORKS).append(" forks on a side).\n\n");
        for (final ReportPart part : parts)
        {
            sb.append("## ").append(part.heading()).append("\n\n");
            if (!part.note().isEmpty())
            {
                sb.append(part.note()).append("\n\n");
            }
            if (!part.table().isEmpty())
            {
                sb.append("```text\n").append(part.table()).append("```\n\n");
            }
            if (part.chartId() != null && !part.bars().isEmpty())
            {
                sb.append("![").append(part.heading().replace('[', '(').replace(']', ')')).append("](").append(svgDir).append(part.chartId())
                    .append(".svg)\n\n");
            }
        }
        if (!failures.isEmpty())
        {
            sb.append("## Failed cells\n\nThese posted no number (a torn read means the lock did not exclude):\n\n");
            failures.forEach((c, why) -> sb.append("- `").append(c.describe()).append("`: ")
                .append(why.lines().findFirst().orElse("")).append('\n'));
            sb.append('\n');
        }
        warnings.forEach(w -> sb.append("> ").append(w).append("\n"));
        return sb.toString();
    }

    /** @return the tables as console text */
    String text()
    {
        final StringBuilder sb = new StringBuilder();
        for (final ReportPart part : parts)
        {
            sb.append("\n== ").append(part.heading()).append(" ==\n");
            if (!part.table().isEmpty())
            {
                sb.append(part.table());
            }
            else
            {
                sb.append(part.note()).append('\n');
            }
        }
        return sb.toString();
    }

    /** @return chart id to SVG document */
    Map<String, String> svgs()
    {
        final Map<String, String> out = new LinkedHashMap<>();
        for (final ReportPart part : parts)
        {
            if (part.chartId() != null && !part.bars().isEmpty())
            {
                out.put(part.chartId(), SvgChart.render(part.heading(), part.unit(), part.bars()));
            }
        }
        return out;
    }
}
