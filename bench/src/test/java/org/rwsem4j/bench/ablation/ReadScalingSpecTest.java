package org.rwsem4j.bench.ablation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.rwsem4j.Variant;
import org.rwsem4j.bench.BenchCli;
import org.rwsem4j.bench.Locks;
import org.rwsem4j.bench.ReadScalingMetrics;
import org.rwsem4j.bench.report.MachineInfo;
import org.rwsem4j.cli.UsageException;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The read-scaling section ({@link ReadScalingSpec}): the cells the quick profile plans, the rows a build without
 * {@code reader-bias} (or without {@code recommended}) leaves out and says so, the reference row that is never a peer,
 * the worst fork in every cell of the report, the section alone ({@code --only read-scaling}), its time budget, and
 * a run folder recorded before the section.
 */
class ReadScalingSpecTest
{
    private static final MachineInfo MACHINE = new MachineInfo(2, "test cpu", "test jvm", "test os",
        "2026-12-01T00:00:00Z", "0000000 (test)", 4.5, 1.25);

    @TempDir
    Path tmp;

    private static Matrix quick(final Set<Section> sections)
    {
        final Profile p = Profile.quick();
        return new Matrix(p, AblationPlan.of(List.of()), p.defaultVariants, sections);
    }

    private static List<Cell> readScalingCells(final Matrix m)
    {
        return m.cells.stream().filter(c -> c.bench() == Bench.READ_SCALING).toList();
    }

    /** Quick and full run it by default (the issue asks for it in quick); smoke does not. */
    @Test
    void quickAndFullPlanTheSectionByDefaultAndSmokeDoesNot()
    {
        assertTrue(Profile.quick().defaultSections.contains(Section.READ_SCALING));
        assertTrue(Profile.full().defaultSections.contains(Section.READ_SCALING));
        assertFalse(Profile.smoke().defaultSections.contains(Section.READ_SCALING));
    }

    @Test
    void theQuickPlanHasEveryLockAtEveryRatioAndThreadCountAndTheManyLocksCell()
    {
        final Profile p = Profile.quick();
        final Matrix m = quick(EnumSet.of(Section.READ_SCALING));
        final ReadScalingSpec.Rows rows = ReadScalingSpec.Rows.ofThisBuild();
        final List<Cell> cells = readScalingCells(m);
        assertEquals(m.cells, cells, "--only read-scaling plans nothing else");
        assertEquals(List.of(1, 2, 10), p.readScalingThreads);
        assertEquals(List.of("ro", "10000:1", "1000:1", "100:1"), p.readScalingRatios);
        assertEquals(rows.locks().size() * (4 * 3 + 1), cells.size());
        for (final String impl : rows.locks())
        {
            for (final String ratio : p.readScalingRatios)
            {
                for (final int t : p.readScalingThreads)
                {
                    final Cell c = ReadScalingSpec.oneLock(p, impl, ratio, t);
                    assertTrue(cells.contains(c), c.describe());
                    assertEquals("1", c.param("locks"));
                    assertEquals(5, m.forks(c));
                }
            }
            final Cell many = ReadScalingSpec.manyLocks(p, impl);
            assertTrue(cells.contains(many), many.describe());
            assertEquals("10000", many.param("locks"));
            assertEquals("2", many.param("threads"));
            assertEquals("1000:1", many.param("ratio"));
        }
        assertTrue(rows.locks().containsAll(List.of(Locks.RRWL, Locks.STAMPED, Locks.STAMPED_OPTIMISTIC)));
        assertEquals(Locks.STAMPED_OPTIMISTIC, rows.locks().get(rows.locks().size() - 1), "the reference comes last");
        assertTrue(rows.locks().contains(Variant.parse("recommended").spec()));
        if (Variant.available().contains("reader-bias"))
        {
            assertEquals(Variant.parse("reader-owned+spin-on-readers+reader-spin+reader-steal+wake-once+handoff+" +
                "handoff-spin+handoff-on-readers+reader-bias").spec(), rows.bias());
            assertTrue(rows.locks().contains(rows.bias()));
            assertEquals(65, cells.size());
            assertEquals(List.of(), rows.notes());
            assertEquals("recommended+reader-bias", m.label(rows.bias()), "the progress line's label");
        }
    }

    /** A build without the patch plans no reader-bias row and says why; the other rows stay. */
    @Test
    void withoutReaderBiasItsRowsAreSkippedWithANote()
    {
        final Set<String> without = new TreeSet<>(Variant.available());
        without.remove("reader-bias");
        final ReadScalingSpec.Rows rows = ReadScalingSpec.Rows.of(without);
        assertNull(rows.bias());
        assertEquals(List.of(Locks.RRWL, Locks.STAMPED, Variant.parse("recommended").spec(),
            Locks.STAMPED_OPTIMISTIC), rows.locks());
        assertEquals(List.of("`recommended+reader-bias` rows skipped: the `reader-bias` patch (module " +
            "rwsem-reader-bias) is not on the classpath; build the bench with it to measure them"), rows.notes());

        without.remove("reader-spin");
        final ReadScalingSpec.Rows noRecommended = ReadScalingSpec.Rows.of(without);
        assertNull(noRecommended.recommended());
        assertEquals(List.of(Locks.RRWL, Locks.STAMPED, Locks.STAMPED_OPTIMISTIC), noRecommended.locks());
        assertEquals(1, noRecommended.notes().size());
        assertTrue(noRecommended.notes().get(0).startsWith("`recommended` and `recommended+reader-bias` rows " +
            "skipped: `recommended` unavailable"), noRecommended.notes().get(0));
    }

    /** The plan prints the build's notes, so a dry run says which rows it leaves out before anything runs. */
    @Test
    void theSectionRunsAloneAndItsDryRunSaysWhatItSkips() throws Exception
    {
        final AblationArgs a = AblationCommand.parse(List.of("--quick", "--only", "read-scaling"));
        assertEquals(EnumSet.of(Section.READ_SCALING), a.sections);
        assertEquals(Section.READ_SCALING, Section.parse("read-scaling"));
        final UsageException e = assertThrows(UsageException.class, () -> Section.parse("readscaling"));
        assertTrue(e.getMessage().endsWith("sections: locktest,trylock,uncontended,fairness,macro,read-scaling"),
            e.getMessage());
        final BenchCli cli = new BenchCli();
        assertEquals(0, cli.run("ablation", "--quick", "--only", "read-scaling", "--dry-run"));
        final String plan = cli.out.toString(StandardCharsets.UTF_8);
        assertTrue(plan.contains("estimate by benchmark: read_scaling " + readScalingCells(Ablation.matrix(a)).size() +
            " cells"), plan);
        for (final String note : ReadScalingSpec.Rows.ofThisBuild().notes())
        {
            assertTrue(plan.contains("  read-scaling: " + note), plan);
        }
    }

    /**
     * The quick section's budget: at most 15 minutes by the plan's own estimate (a pre-warm in the cell's shape per
     * fork, so that the JIT has compiled the cell's paths before the measured windows).
     */
    @Test
    void theQuickSectionFitsFifteenMinutes()
    {
        final Matrix m = quick(EnumSet.of(Section.READ_SCALING));
        double seconds = 0;
        for (final Cell c : m.cells)
        {
            seconds += m.profile.estimateSeconds(c) * m.forks(c);
        }
        assertTrue(seconds <= 900, "estimated " + seconds + " s");
        assertTrue(seconds >= 325 * (0.35 + m.profile.readScalingPrewarmMillis / 1000.0),
            "the estimate counts every fork's JVM start and pre-warm: " + seconds + " s");
    }

    /** Forks of one cell whose figures are {@code scores}, two iterations each, with the bias counters if given. */
    private static void forks(final Results r, final Cell c, final double[] scores, final double fallbackPct)
    {
        for (final double s : scores)
        {
            final Map<String, Double> it = new HashMap<>();
            it.put(ReadScalingMetrics.OPS_PER_MS, s);
            it.put(ReadScalingMetrics.BIAS_KNOWN, fallbackPct < 0 ? 0.0 : 1.0);
            it.put(ReadScalingMetrics.FALLBACK, Math.max(0, fallbackPct));
            it.put(ReadScalingMetrics.REVOKES, 1.0);
            it.put(ReadScalingMetrics.REVOKE_WAIT, 420.0);
            r.add(c, Sample.ofJmh("80", 80.5, Map.of(), new double[] {80.2, 80.8}, List.of(it, it)));
        }
    }

    /** Forks of one cell, each with two iterations whose JIT times are {@code jitMs}. */
    private static void forksWithJit(final Results r, final Cell c, final int forks, final double... jitMs)
    {
        for (int f = 0; f < forks; f++)
        {
            final List<Map<String, Double>> its = new ArrayList<>();
            for (final double jit : jitMs)
            {
                its.add(Map.of(ReadScalingMetrics.OPS_PER_MS, 1000.0, ReadScalingMetrics.BIAS_KNOWN, 0.0,
                    ReadScalingMetrics.JIT, jit));
            }
            r.add(c, Sample.ofJmh("80", 80.5, Map.of(), new double[] {80.2, 80.8}, its));
        }
    }

    /**
     * Where the runs recorded the JIT's time, the report shows the most in one measured window per cell (0 where the
     * JIT was quiet); a run recorded before the metric existed shows no such table.
     */
    @Test
    void theReportShowsTheJitTimeInTheMeasuredWindows()
    {
        final Matrix m = quick(EnumSet.of(Section.READ_SCALING));
        final Results r = new Results();
        final Cell busy = ReadScalingSpec.oneLock(m.profile, Locks.RRWL, "100:1", 10);
        for (final Cell c : m.cells)
        {
            if (c.equals(busy))
            {
                forksWithJit(r, c, 5, 0, 7);
            }
            else
            {
                forksWithJit(r, c, 5, 0, 0);
            }
        }
        final String md = report(m, r).markdown("t", "", r.failures(), "");
        final String table = md.substring(md.indexOf("JIT: the compiler threads' time in one measured window"));
        assertEquals(List.of("rrwl", "10", "0", "0", "0", "7"), row(table, "rrwl", "10"));
        assertEquals(List.of("rrwl", "2", "0", "0", "0", "0"), row(table, "rrwl", "2"));
        final Results old = new Results();
        for (final Cell c : m.cells)
        {
            forks(old, c, new double[] {1000, 1000, 1000, 1000, 1000}, -1);
        }
        assertFalse(report(m, old).markdown("t", "", old.failures(), "").contains("JIT: "), "a table without data");
    }

    private static Report report(final Matrix m, final Results r)
    {
        return new Report(m, r, MACHINE);
    }

    /**
     * Each cell prints its worst fork and its median; the reference row says it is not a peer and no ratio is taken
     * against it; the bias row's collision fallbacks print for its cells only; the section registers no verdict.
     */
    @Test
    void theReportShowsTheWorstForkAndTheMedianAndKeepsTheReferenceOutOfTheRatios()
    {
        final Matrix m = quick(EnumSet.of(Section.READ_SCALING));
        final Profile p = m.profile;
        final ReadScalingSpec.Rows rows = ReadScalingSpec.Rows.ofThisBuild();
        final Results r = new Results();
        for (final Cell c : m.cells)
        {
            final double level = c.impl().equals(Locks.RRWL) ? 1000 : c.impl().equals(Locks.STAMPED) ? 2000 :
                Locks.isReference(c.impl()) ? 100_000 : 4000;
            final boolean bias = c.impl().equals(rows.bias());
            forks(r, c, new double[] {level, level * 1.1, level * 0.5, level * 1.2, level * 1.05},
                bias ? 0.25 : -1);
        }
        final Report report = report(m, r);
        final String md = report.markdown("t", "", r.failures(), "");
        assertTrue(md.contains("## Read scaling: one lock, empty critical section"), md);
        assertTrue(md.contains("**worst fork / median**"), md);
        // forks 1000, 1100, 500, 1200, 1050: worst 500, median 1050
        assertEquals(List.of("rrwl", "1", "500 / 1,050", "500 / 1,050", "500 / 1,050", "500 / 1,050"),
            row(md, "rrwl", "1"));
        assertEquals("50,000 / 105,000", row(md, "stamped-optimistic (reference, not a peer)", "10").get(2));
        assertEquals(List.of("recommended / rrwl", "2", "4.00x (4.00x)", "4.00x (4.00x)", "4.00x (4.00x)",
            "4.00x (4.00x)"), row(md, "recommended / rrwl", "2"));
        assertFalse(md.contains("/ stamped-optimistic"), "a ratio against the reference row");
        assertFalse(md.lines().anyMatch(l -> l.startsWith("stamped-optimistic /")), md);
        assertFalse(md.lines().anyMatch(l -> l.startsWith("stamped-optimistic ") && !l.startsWith(
            "stamped-optimistic (reference, not a peer) ")), "a row of the reference without its mark");
        assertEquals(0, report.verdicts().family(), "the section registers no verdict");
        assertTrue(md.contains("## Read-mostly over 10,000 locks"), md);
        assertTrue(md.contains("![Read scaling: one lock, empty critical section](read-scaling.svg)"), md);
        if (rows.bias() != null)
        {
            assertTrue(md.contains("recommended+reader-bias: collision fallbacks per read, worst (highest) fork / " +
                "median:"), md);
            assertTrue(md.contains("0.250% / 0.250%"), md);
            assertTrue(md.contains("recommended+reader-bias: revocations per 1,000 operations / their mean wait"),
                md);
            assertTrue(md.contains("1.000 / 420"), md);
            assertTrue(md.contains("recommended+reader-bias / recommended"), md);
        }
        final String text = report.text();
        assertTrue(text.contains("== Read scaling: one lock, empty critical section =="), text);
    }

    /** A failed cell prints n/a, never a figure; a lock the run did not measure (a skipped row) prints no row. */
    @Test
    void aFailedCellPrintsNotAvailable()
    {
        final Matrix m = quick(EnumSet.of(Section.READ_SCALING));
        final Results r = new Results();
        final Cell failed = ReadScalingSpec.oneLock(m.profile, Locks.RRWL, "ro", 1);
        for (final Cell c : m.cells)
        {
            forks(r, c, new double[] {1000, 1000, 1000, 1000, 1000}, -1);
        }
        r.fail(failed, "boom");
        final String md = report(m, r).markdown("t", "", r.failures(), "");
        assertEquals(List.of("rrwl", "1", "n/a", "1,000 / 1,000", "1,000 / 1,000", "1,000 / 1,000"),
            row(md, "rrwl", "1"));
    }

    /** @return the cells of the first table row whose first two cells are {@code label} and {@code threads} */
    private static List<String> row(final String md, final String label, final String threads)
    {
        for (final String line : md.lines().toList())
        {
            final List<String> cells = List.of(line.trim().split("\\s{2,}"));
            if (cells.size() > 2 && cells.get(0).equals(label) && cells.get(1).equals(threads))
            {
                return cells;
            }
        }
        throw new AssertionError("no row " + label + " " + threads + " in:\n" + md);
    }

    /**
     * A run recorded before the section (its profile line without the read-scaling settings, its jmh.json without
     * read-scaling entries) still rebuilds, without the section; one whose line names other settings is refused.
     */
    @Test
    void aRunRecordedBeforeTheSectionRebuildsWithoutIt() throws Exception
    {
        final List<String> args = List.of("--quick", "--forks", "1", "--only", "trylock");
        final Path dir = SyntheticRun.write(tmp.resolve("old"), args, c -> 100.0);
        final Profile now = AblationCommand.parse(args).profile;
        assertTrue(now.describe().contains("; read scaling: threads [1, 2, 10]"), now.describe());
        final String line = now.describe();
        final int from = line.indexOf("; read scaling");
        assertEquals((line.substring(0, from) + line.substring(line.indexOf("; slow-wake-control")))
            .replace(", READ_SCALING]", "]"), now.withoutReadScaling().describe(),
            "the line before the section, as runs recorded it");
        SyntheticRun.edit(dir.resolve(RunMetadata.FILE), root -> root.getAsJsonObject().addProperty("profile",
            now.withoutReadScaling().describe()));
        final BenchCli cli = new BenchCli();
        assertEquals(0, cli.run("report", "--from", dir.toString()), cli.err.toString(StandardCharsets.UTF_8));
        assertTrue(cli.out.toString(StandardCharsets.UTF_8).contains("Seed 004"));

        // the default sections: the old quick run planned no read-scaling cell, and its report has no such part
        assertFalse(now.withoutReadScaling().defaultSections.contains(Section.READ_SCALING));
        final List<String> quick = List.of("--quick", "--forks", "1");
        final Path q = tmp.resolve("oldquick");
        SyntheticRun.write(q, quick, c -> 100.0);
        final String before = AblationCommand.parse(quick).profile.withoutReadScaling().describe();
        SyntheticRun.edit(q.resolve(RunMetadata.FILE), root -> root.getAsJsonObject().addProperty("profile",
            before));
        SyntheticRun.edit(q.resolve(RunFolder.JMH_JSON), root -> dropReadScaling(root.getAsJsonArray()));
        assertEquals(0, cli.run("report", "--from", q.toString()), cli.err.toString(StandardCharsets.UTF_8));
        assertFalse(cli.out.toString(StandardCharsets.UTF_8).contains("Read scaling"));

        SyntheticRun.edit(dir.resolve(RunMetadata.FILE), root -> root.getAsJsonObject().addProperty("profile",
            now.describe().replace("120 ms", "130 ms")));
        assertEquals(2, cli.run("report", "--from", dir.toString()));
        assertTrue(cli.err.toString(StandardCharsets.UTF_8).contains("this build resolves its arguments to"));
    }

    private static void dropReadScaling(final JsonArray entries)
    {
        final List<JsonElement> keep = new ArrayList<>();
        for (final JsonElement e : entries)
        {
            if (!((JsonObject)e).get("benchmark").getAsString().contains("ReadScaling"))
            {
                keep.add(e);
            }
        }
        while (entries.size() > 0)
        {
            entries.remove(0);
        }
        keep.forEach(entries::add);
    }

    /**
     * A committed quick run, recorded before the section: what this build resolves its arguments to is its line with
     * the read-scaling settings added, so {@code report --from} takes it as a run made before the section.
     */
    @Test
    void aCommittedQuickRunCountsAsMadeBeforeTheSection() throws Exception
    {
        final Path dir = Path.of("results", "runs", "20261206-031718-quick");
        assumeTrue(java.nio.file.Files.isDirectory(dir), "the committed run is not here");
        final RunMetadata meta = RunMetadata.read(dir);
        final Profile p = AblationCommand.parse(meta.arguments).profile;
        assertFalse(meta.profile.equals(p.describe()));
        assertTrue(RunFolder.madeBeforeReadScaling(meta, p), meta.profile + "\n" + p.withoutReadScaling().describe());
        assertFalse(RunFolder.madeBeforeReadScaling(RunMetadata.start(meta.arguments, p, "s", "t", SyntheticRun
            .machine(), "0"), p), "a run recorded now");
    }

    /** One real fork of two cells through the ablation's runner: its figure is the ops/ms secondary result. */
    @Test
    void aRealForkReportsOperationsPerMillisecond() throws Exception
    {
        final Profile p = Profile.quick();
        final JmhCellRunner runner = new JmhCellRunner(p);
        final Sample s = JmhCellRunner.sample(runner.run(ReadScalingSpec.oneLock(p, Locks.STAMPED_OPTIMISTIC, "ro",
            2)));
        assertEquals(p.readScalingMeasurements, s.iterations().length);
        assertTrue(s.score() > 1000, "ops/ms: " + s.score());
        assertEquals(s.perIteration().get(0).get(ReadScalingMetrics.OPS_PER_MS), s.iterations()[0], 1e-9);
        assertEquals(0.0, s.perIteration().get(0).get(ReadScalingMetrics.BIAS_KNOWN), 0.0);
        final ReadScalingSpec.Rows rows = ReadScalingSpec.Rows.ofThisBuild();
        assumeTrue(rows.bias() != null, "reader-bias is not on the classpath");
        final Sample bias = JmhCellRunner.sample(runner.run(ReadScalingSpec.oneLock(p, rows.bias(), "1000:1", 2)));
        assertEquals(1.0, bias.perIteration().get(0).get(ReadScalingMetrics.BIAS_KNOWN), 0.0);
        assertTrue(bias.perIteration().get(0).get(ReadScalingMetrics.REVOKES) > 0, bias.perIteration().toString());
        assertTrue(bias.perIteration().get(0).get(ReadScalingMetrics.REVOKE_WAIT) >= 0,
            bias.perIteration().toString());
    }
}
