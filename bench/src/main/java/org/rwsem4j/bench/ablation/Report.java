package org.rwsem4j.bench.ablation;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.ToDoubleFunction;

import org.rwsem4j.bench.LoadUnit;
import org.rwsem4j.bench.LockTestMetrics;
import org.rwsem4j.bench.Locks;
import org.rwsem4j.bench.NullControlPatch;
import org.rwsem4j.bench.SlowWakeControlPatch;
import org.rwsem4j.bench.report.GridTable;
import org.rwsem4j.bench.report.MachineInfo;
import org.rwsem4j.bench.report.Numbers;
import org.rwsem4j.bench.report.ReportPart;
import org.rwsem4j.bench.report.SeedTable;
import org.rwsem4j.bench.report.SvgChart;
import org.rwsem4j.bench.stats.Bootstrap;
import org.rwsem4j.bench.stats.Comparison;
import org.rwsem4j.bench.stats.Holm;
import org.rwsem4j.bench.stats.Stats;
import org.rwsem4j.bench.stats.Verdicts;

/**
 * Turns an ablation run's results into the report's parts. Each benchmark of the run's sections renders its own
 * parts ({@link BenchSpec#report}, in {@link BenchSpecs#ALL}'s order) with the shared machinery here: the verdicts
 * and {@code % Change} blocks, the controls section, the seed-000 cell health. The report then closes with the
 * targets for {@code recommended} and a per-seed summary of directions (the claims are {@link SeedClaims}). Rendered
 * as Markdown (with one SVG per table) and as text for the console.
 */
final class Report
{

    /** The uncontended target: recommended costs at most this many times stamped. */
    private static final double UNCONTENDED_SLACK = 1.25;

    private final Matrix m;
    private final Results r;
    private final MachineInfo machine;
    /** The run's profile, or while {@link #perUnit} runs, its view for one load unit. */
    private Profile p;
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
        controlSummary = "";
        for (final BenchSpec spec : BenchSpecs.ALL)
        {
            if (m.sections.contains(spec.section()))
            {
                spec.report(this);
            }
        }
        targets();
        if (m.sections.contains(Section.FAIRNESS))
        {
            FairnessTargets.report(this);
        }
        claims();
    }

    List<ReportPart> parts()
    {
        return List.copyOf(parts);
    }

    // ------------------------------------------------------------------------------------- for the benchmarks

    /** @return the run's matrix */
    Matrix matrix()
    {
        return m;
    }

    /** @return the run's results */
    Results results()
    {
        return r;
    }

    /** @return the run's profile (inside {@link #perUnit}: its view for the current load unit) */
    Profile profile()
    {
        return p;
    }

    /**
     * Runs a part of the seed-000 report once per load unit of the run, in plan order; meanwhile {@link #profile()}
     * is the view for that unit, so the seed-000 cells it names are that unit's.
     *
     * @param body what to render for each unit
     */
    void perUnit(final Runnable body)
    {
        try
        {
            for (final LoadUnit u : m.profile.units)
            {
                p = m.profile.forUnit(u);
                body.run();
            }
        }
        finally
        {
            p = m.profile;
        }
    }

    /** @return for a seed-000 table's title: its load unit when the run uses any but pause, else empty */
    String unitTitle()
    {
        return p.namesUnits() ? " (load: " + p.unit.title + ")" : "";
    }

    /** @return for a seed-000 chart's id: empty for pause cells, else the unit ({@code -tokens}) */
    String unitChartSuffix()
    {
        return p.unit == LoadUnit.PAUSE ? "" : "-" + p.unit.cliName;
    }

    /** @return where and when the run happened */
    MachineInfo machine()
    {
        return machine;
    }

    /** @param part a part to print, after those added before it */
    void add(final ReportPart part)
    {
        parts.add(part);
    }

    private Cell lt(final String impl, final String ratio, final int load, final int threads)
    {
        return LockTestSpec.cell(p, impl, ratio, load, threads);
    }

    /**
     * Registers the comparison of two cells and returns its text ({@link Verdicts#text}); {@code n/a} if either
     * side has no result.
     */
    String change(final Cell with, final Cell without, final ToDoubleFunction<Sample> metric)
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

    /**
     * The direction of a change {@link #change} registered, against the one a claim expects.
     *
     * @param with    the first cell
     * @param without the second
     * @param sign    the expected direction of with against without: +1 up, -1 down
     * @return {@code same}, {@code opposite}, {@code no difference}, {@code no verdict}, or {@code n/a}
     */
    String direction(final Cell with, final Cell without, final int sign)
    {
        final Comparison cmp = verdicts.get(key(with, without));
        if (cmp == null)
        {
            return "n/a";
        }
        return !cmp.hasVerdict() ? "no verdict" : !verdicts.different(key(with, without)) ? "no difference" :
            Math.signum(cmp.changePct()) == sign ? "same" : "opposite";
    }

    private static String key(final Cell with, final Cell without)
    {
        return with + " vs " + without;
    }

    // ------------------------------------------------------------------------------------- seed 000 machinery

    /**
     * Adds a {@code % Change} block to a seed-000 table: one row per (r:w, threads) cell of the grid, one change
     * per load.
     */
    void changeBlock(final SeedTable t, final String title, final String with, final String without,
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

    /**
     * @param threads the thread counts a table shows
     * @return the oversubscription warning, if any count is above the machine's cores
     */
    String oversubscription(final List<Integer> threads)
    {
        final int cores = machine.cores();
        final boolean over = threads.stream().anyMatch(t -> t > cores);
        return over ? "**All figures come from " + cores + " cores: every row above " + cores +
            " threads measures oversubscription** (it exercises the sleeping paths)." : "";
    }

    /**
     * The controls section: each bench-only control as X+C against X, and the contributions (adding and removing)
     * of the patches that act only on calls the seed-000 cells never make, as null controls. A null control must
     * come out "no difference" in every cell, a positive one "different", slower.
     *
     * @param nullControlSeeds the seeds whose patches act only on calls no seed-000 cell makes
     * @param whatTheyChange   what those patches change, for the note (Markdown)
     */
    void controls(final Set<String> nullControlSeeds, final String whatTheyChange)
    {
        final List<Contribution> cs = new ArrayList<>(m.plan.controlComparisons());
        final Set<String> inert = new LinkedHashSet<>();
        m.plan.contributions().stream().filter(c -> !c.isControl() &&
            m.plan.patches().get(c.patch()).fromSeed(nullControlSeeds) && c.kind() != Contribution.Kind.OPT_IN)
            .forEach(c ->
            {
                cs.add(c);
                inert.add(c.patch());
            });
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
        final String summary = String.format(Locale.ROOT, "null controls: %d of %d cells \"no difference\"; " +
            "positive control: %d of %d cells \"different\", slower", nullMet, nullCells, posMet, posCells);
        controlSummary += (controlSummary.isEmpty() ? "" : "; ") + (p.namesUnits() ? p.unit.cliName + ": " : "") +
            summary;
        parts.add(new ReportPart("Controls: " + summary + unitTitle(),
            "A null control changes nothing a cell exercises: `" + NullControlPatch.NAME + "` installs nothing" +
            (inert.isEmpty() ? "" : ", and `" + String.join("`, `", inert) + "` changes only " + whatTheyChange +
            ", which seed-000 cells never call") + ". It must come out " +
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
    void cellHealth()
    {
        final List<String> header = new ArrayList<>(List.of("lock", "r:w", "threads", "load", "overlap",
            "start/end spread", "min share", "spins", "spin fail", "NULL-owner spins", "sleeps", "wakeups",
            "handoffs"));
        final boolean units = p.namesUnits();
        if (units)
        {
            header.add(4, "unit");
        }
        final GridTable g = new GridTable(header);
        for (final Cell c : m.cells)
        {
            if (c.bench() != Bench.LOCKTEST)
            {
                continue;
            }
            final List<Double> overlap = r.iterationSecondary(c, LockTestMetrics.OVERLAP);
            if (overlap.isEmpty())
            {
                continue;
            }
            final List<String> row = new ArrayList<>(List.of(m.label(c.impl()), c.param("ratio"), c.param("threads"),
                c.param("load"), String.format(Locale.ROOT, "%.0f%% (min %.0f%%)", median(overlap),
                    overlap.stream().mapToDouble(Double::doubleValue).min().orElse(0)),
                String.format(Locale.ROOT, "%.0f%%/%.0f%%", median(r.iterationSecondary(c,
                    LockTestMetrics.START_SPREAD)), median(r.iterationSecondary(c, LockTestMetrics.END_SPREAD))),
                minShare(c)));
            if (units)
            {
                row.add(4, LockTestSpec.unitOf(c.params()));
            }
            final boolean known = median(r.iterationSecondary(c, LockTestMetrics.EVENTS_KNOWN)) > 0;
            for (final String counter : List.of(LockTestMetrics.SPINS, LockTestMetrics.SPIN_FAILS,
                LockTestMetrics.NULL_SPINS, LockTestMetrics.SLEEPS, LockTestMetrics.WAKEUPS,
                LockTestMetrics.HANDOFFS))
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
        final List<Double> v = r.iterationSecondary(c, LockTestMetrics.MIN_SHARE);
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

    /**
     * @param seeds the seeds a benchmark stands in for
     * @return the contributions of those seeds' patches (every contribution in the full profile)
     */
    List<Contribution> contributionsFor(final Set<String> seeds)
    {
        final List<Contribution> out = new ArrayList<>();
        for (final Contribution c : m.plan.contributions())
        {
            if (p.allPeersEverywhere || m.plan.patches().get(c.patch()).fromSeed(seeds))
            {
                out.add(c);
            }
        }
        return out;
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
                uncontendedTarget(g, b, rec);
            }
        }
        if (m.sections.contains(Section.LOCKTEST))
        {
            perUnit(() ->
            {
                final String unit = p.namesUnits() ? ", " + p.unit.title : "";
                lockTestTarget(g, rec, Locks.RRWL, p.ratios, "seed-000 cells no slower than rrwl" + unit);
                lockTestTarget(g, rec, Locks.MUTEX, List.of("1:1", "10:1"), "1:1 and 10:1 cells faster than mutex" +
                    unit);
            });
        }
        if (g.isEmpty())
        {
            return;
        }
        parts.add(new ReportPart("Targets for the recommended preset",
            "Named before measuring; ratios within this run. \"met\" compares medians; \"missed (verdict)\" " +
            "counts the cells where recommended is found different from the peer, on the wrong side, by the " +
            "run's verdicts (bootstrap, Holm; for the uncontended rows the peer's iterations are scaled by " +
            UNCONTENDED_SLACK + " first, so a verdict there says \"more than " + UNCONTENDED_SLACK + "x stamped\"). " +
            (p.forks < 5 ?
            "**This run has " + p.forks + " forks: the targets ask for medians over at least 5, so read this as " +
            "indicative only.**" : ""), g.render(), null, "", List.of()));
    }

    /**
     * One uncontended row: {@code recommended} against {@link #UNCONTENDED_SLACK} times {@code stamped}, a verdict in
     * the run's family like every other comparison.
     */
    private void uncontendedTarget(final GridTable g, final Bench b, final String rec)
    {
        final Cell withCell = Cell.of(b, rec, 1);
        final Cell peerCell = Cell.of(b, Locks.STAMPED, 1);
        final Stats a = r.stats(withCell);
        final Stats s = r.stats(peerCell);
        if (a == null || s == null)
        {
            return;
        }
        final List<double[]> scaled = new ArrayList<>();
        for (final double[] fork : r.forks(peerCell, Sample::score))
        {
            final double[] v = fork.clone();
            for (int i = 0; i < v.length; i++)
            {
                v[i] *= UNCONTENDED_SLACK;
            }
            scaled.add(v);
        }
        final String key = key(withCell, peerCell) + " x" + UNCONTENDED_SLACK;
        verdicts.compare(key, r.forks(withCell, Sample::score), scaled);
        final Comparison cmp = verdicts.get(key);
        final boolean missed = cmp != null && cmp.changePct() > 0 && verdicts.different(key);
        final double ratio = a.median() / s.median();
        g.row("uncontended " + (b == Bench.UNCONTENDED_READ ? "read" : "write") + " <= " + UNCONTENDED_SLACK +
            "x stamped", "1", ratio <= UNCONTENDED_SLACK ? "1" : "0", missed ? "1" : "0",
            String.format(Locale.ROOT, "%.2fx", ratio));
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
        final GridTable g = new GridTable("patch", "seed", "seed's claim", "our stand-in cell", "adding",
            "removing/opt-in", "direction");
        for (final SeedClaim claim : SeedClaims.all())
        {
            final BenchSpec spec = BenchSpecs.of(claim.bench());
            if (!m.plan.patches().containsKey(claim.patch()) || !m.sections.contains(spec.section()) ||
                SeedSeries.claimRows(this, claim, g))
            {
                continue;
            }
            for (final int t : spec.claimThreads(claim, p))
            {
                final String[] deltas = new String[2];
                final List<String> directions = new ArrayList<>();
                for (final Contribution c : m.plan.contributions())
                {
                    if (!c.patch().equals(claim.patch()))
                    {
                        continue;
                    }
                    final ToDoubleFunction<Sample> metric = spec.claimMetric();
                    final Cell with = spec.claimCell(claim, c.with().spec(), t, p);
                    final Cell without = spec.claimCell(claim, c.without().spec(), t, p);
                    final Stats a = r.stats(with, metric);
                    final Stats b = r.stats(without, metric);
                    final int slot = c.kind() == Contribution.Kind.ADDING ? 0 : 1;
                    if (a == null || b == null)
                    {
                        deltas[slot] = "n/a";
                        continue;
                    }
                    final double pct = a.changePercent(b);
                    deltas[slot] = change(with, without, metric);
                    final Comparison cmp = verdicts.get(key(with, without));
                    directions.add(cmp == null || !cmp.hasVerdict() ? "no verdict" :
                        !verdicts.different(key(with, without)) ? "no difference" :
                        Math.signum(pct) == claim.sign() ? "same" : "opposite");
                }
                g.row(claim.patch(), claim.seed(), claim.claim(), spec.describeClaimCell(claim, t, p),
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
            "and counts only changes found different after the family-wise correction. The seeds ran the kernel " +
            "on 4-80 core machines; these " +
            "are JVM stand-ins on " + machine.cores() + " cores, so only directions are comparable, not sizes.",
            g.render(), null, "", List.of()));
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
                sb.append("![").append(part.heading().replace('[', '(').replace(']', ')')).append("](")
                    .append(svgDir).append(part.chartId()).append(".svg)\n\n");
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
