package org.rwsem4j.bench.ablation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;

import org.rwsem4j.bench.LoadUnit;
import org.rwsem4j.bench.LockTestMetrics;
import org.rwsem4j.bench.Locks;
import org.rwsem4j.bench.SlowWakeControlPatch;
import org.rwsem4j.bench.fairness.FairnessResult;
import org.rwsem4j.bench.report.MachineInfo;

import org.junit.jupiter.api.Test;

/**
 * Pins the cells every profile plans and the report text a run renders, so that a change to how benchmarks are
 * specified (planning, sections, seed claims) can be shown to change neither. The plan is the real one (every patch
 * module on the classpath, as the default build has them); the results are synthetic, drawn from a {@link Random}
 * seeded by each cell, so the report is the same on every machine. To regenerate after an intended change, run with
 * {@code -Drwsem4j.golden.write=true} and review the diff of {@code src/test/resources/golden/}.
 */
class GoldenReportTest
{
    private static final String DIR = "golden/";
    private static final Set<String> PATCHES = Set.of("handoff", "handoff-on-readers", "handoff-spin",
        "nonspinnable", "null-control", "phase-fair", "reader-bias", "reader-owned", "reader-spin", "reader-steal",
        "slow-wake-control", "spin-on-readers", "trylock", "wake-all-readers", "wake-once", "wake-skip",
        "writer-respin");
    private static final MachineInfo MACHINE = new MachineInfo(2, "test cpu", "test jvm", "test os",
        "2026-12-01T00:00:00Z", "0000000 (test)", 4.5, 0);
    /** A run that measured the token too (every run since the tokens unit), for the both-units report. */
    private static final MachineInfo MACHINE_WITH_TOKENS = new MachineInfo(2, "test cpu", "test jvm", "test os",
        "2026-12-01T00:00:00Z", "0000000 (test)", 4.5, 1.25);

    private static AblationPlan plan()
    {
        final List<PatchInfo> available = PatchInfo.available();
        final Set<String> names = new TreeSet<>();
        available.forEach(p -> names.add(p.name()));
        assumeTrue(names.equals(PATCHES), "the golden files were made with every patch module built: " + names);
        return AblationPlan.of(available);
    }

    private static Matrix matrix(final Profile profile)
    {
        return new Matrix(profile, plan(), profile.defaultVariants, profile.defaultSections);
    }

    @Test
    void smokeCells() throws IOException
    {
        golden("cells-smoke.txt", cells(matrix(Profile.smoke())));
    }

    @Test
    void quickCells() throws IOException
    {
        golden("cells-quick.txt", cells(matrix(Profile.quick())));
    }

    @Test
    void fullCells() throws IOException
    {
        golden("cells-full.txt", cells(matrix(Profile.full())));
    }

    @Test
    void quickReport() throws IOException
    {
        final Matrix m = matrix(Profile.quick());
        final Results results = results(m);
        final Report report = new Report(m, results, MACHINE);
        golden("report-quick.md", report.markdown("Golden quick", "runs/x/", results.failures(), "- profile: quick\n"));
        golden("report-quick.txt", report.text() + "\n-- control summary: " + report.controlSummary() + "\n");
        golden("report-quick-svg.txt", svgs(report));
    }

    /** {@code --unit both}: the pause cells exactly as {@code quickCells}, then the same cells in tokens. */
    @Test
    void quickCellsInBothUnits() throws IOException
    {
        golden("cells-quick-both-units.txt", cells(matrix(Profile.quick().withUnits(List.of(LoadUnit.values())))));
    }

    /**
     * The seed-000 section of a quick run in both units: every table once per unit, named by its unit, the charts'
     * ids apart, the cell health with a unit column, the targets per unit, both units in ns in the header.
     */
    @Test
    void quickReportInBothUnits() throws IOException
    {
        final Profile profile = Profile.quick().withUnits(List.of(LoadUnit.values()));
        final Matrix m = new Matrix(profile, plan(), profile.defaultVariants, java.util.EnumSet.of(Section.LOCKTEST));
        final Results results = results(m);
        final Report report = new Report(m, results, MACHINE_WITH_TOKENS);
        golden("report-quick-both-units.md", report.markdown("Golden quick, both units", "", results.failures(),
            "- profile: quick\n" + Ablation.unitsLine(profile)) + "\n-- control summary: " + report.controlSummary() +
            "\n-- charts: " + report.svgs().keySet() + "\n");
    }

    @Test
    void smokeReport() throws IOException
    {
        report(Profile.smoke().withForks(3), "smoke");
    }

    /** The full profile over every section, with one fork per cell (no verdicts, so the bootstrap stays small). */
    @Test
    void fullReport() throws IOException
    {
        report(Profile.full().withForks(1), "full");
    }

    private static void report(final Profile profile, final String name) throws IOException
    {
        final Matrix m = matrix(profile);
        final Results results = results(m);
        final Report report = new Report(m, results, MACHINE);
        golden("report-" + name + ".md", report.markdown("Golden " + name, "", results.failures(), ""));
        golden("report-" + name + ".txt", report.text());
    }

    private static String cells(final Matrix m)
    {
        final StringBuilder sb = new StringBuilder();
        m.cells.forEach(c -> sb.append(c).append(" | ").append(c.describe(m.label(c.impl()))).append('\n'));
        return sb.toString();
    }

    private static String svgs(final Report report)
    {
        final StringBuilder sb = new StringBuilder();
        report.svgs().forEach((id, svg) -> sb.append("=== ").append(id).append('\n').append(svg).append('\n'));
        return sb.toString();
    }

    /**
     * Every cell gets the profile's forks of synthetic samples; the first fairness cell and the last seed-000 cell
     * fail. Variants with reader-spin run 3x faster at r:w 1:1 and 10:1, and the positive control 1.5x slower, so
     * some verdicts say "different".
     */
    private static Results results(final Matrix m)
    {
        final Results results = new Results();
        Cell lastLockTest = null;
        Cell firstFairness = null;
        for (final Cell c : m.cells)
        {
            final Random random = new Random(c.toString().hashCode());
            double level = 50 + 100 * random.nextDouble();
            if (c.impl().contains("reader-spin") && !"0:1".equals(c.param("ratio")))
            {
                level /= 3;
            }
            if (c.impl().contains(SlowWakeControlPatch.NAME))
            {
                level *= 1.5;
            }
            for (int f = 0; f < m.profile.forks; f++)
            {
                results.add(c, sample(c, level, random));
            }
            lastLockTest = c.bench() == Bench.LOCKTEST ? c : lastLockTest;
            firstFairness = firstFairness == null && c.bench() == Bench.FAIRNESS ? c : firstFairness;
        }
        if (lastLockTest != null)
        {
            results.fail(lastLockTest, "torn read: 3 of 100000\nat line 2");
        }
        if (firstFairness != null)
        {
            results.fail(firstFairness, "FAILED: 2 torn reads");
        }
        return results;
    }

    private static Sample sample(final Cell c, final double level, final Random random)
    {
        final double[] iterations = new double[2];
        final List<Map<String, Double>> perIteration = new ArrayList<>();
        for (int i = 0; i < iterations.length; i++)
        {
            iterations[i] = level * (1 + 0.05 * random.nextGaussian());
            final Map<String, Double> secondary = new HashMap<>();
            if (c.bench() == Bench.LOCKTEST)
            {
                for (final String name : List.of(LockTestMetrics.OVERLAP, LockTestMetrics.START_SPREAD,
                    LockTestMetrics.END_SPREAD, LockTestMetrics.SPINS, LockTestMetrics.SPIN_FAILS,
                    LockTestMetrics.NULL_SPINS, LockTestMetrics.SLEEPS, LockTestMetrics.WAKEUPS,
                    LockTestMetrics.HANDOFFS, LockTestMetrics.MIN_SHARE))
                {
                    secondary.put(name, Math.floor(100 * random.nextDouble()));
                }
                secondary.put(LockTestMetrics.EVENTS_KNOWN, Locks.isPeer(c.impl()) ? 0.0 : 1.0);
            }
            perIteration.add(secondary);
        }
        final double score = (iterations[0] + iterations[1]) / 2;
        final Map<String, Double> secondary = new HashMap<>();
        if (c.bench() == Bench.TRYLOCK)
        {
            secondary.put("acquired", 900.0 + random.nextInt(100));
            secondary.put("failed", (double)random.nextInt(3));
        }
        FairnessResult fairness = null;
        if (c.bench() == Bench.FAIRNESS)
        {
            final long[] waits = {1_000 + random.nextInt(1000), 5_000 + random.nextInt(1000),
                90_000 + random.nextInt(10_000)};
            final long[] reads = new long[Integer.parseInt(c.param("readers"))];
            for (int i = 0; i < reads.length; i++)
            {
                reads[i] = (long)(level * (100 - 10 * i));
            }
            fairness = new FairnessResult(reads, new long[] {(long)(level * 10), (long)(level * 7)}, waits, 0);
        }
        return new Sample(score, secondary, fairness, iterations, perIteration);
    }

    private static void golden(final String name, final String actual) throws IOException
    {
        if (Boolean.getBoolean("rwsem4j.golden.write"))
        {
            final Path file = Paths.get("src/test/resources/org/rwsem4j/bench", DIR, name);
            Files.createDirectories(file.getParent());
            Files.writeString(file, actual, StandardCharsets.UTF_8);
            return;
        }
        try (InputStream in = GoldenReportTest.class.getResourceAsStream("/org/rwsem4j/bench/" + DIR + name))
        {
            assertEquals(true, in != null, "golden file missing: " + DIR + name);
            assertEquals(new String(in.readAllBytes(), StandardCharsets.UTF_8), actual, name);
        }
    }
}
