package org.rwsem4j.bench.ablation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.rwsem4j.bench.LoadUnit;
import org.rwsem4j.bench.LockTestMetrics;

/** The kernel-shape report's overlap rule and target verdicts, on synthetic results. */
class KernelShapeReportTest
{
    private static final LoadUnit P = LoadUnit.PAUSE;

    /** 10 threads; r:w 0:1, 1:1, 10:1; loads 1 and 10; rrwl and recommended; 5 forks. */
    private final KernelShapePlan plan = new KernelShapePlan(List.of(P), List.of("rrwl"), List.of("recommended"),
        List.of(10), List.of("0:1", "1:1", "10:1"), List.of(1, 10), KernelShapePlan.OPS, 2000, 5);
    private final Results results = new Results();

    /** Adds one fork per row: each row is the fork's measured runs, every run with the given overlap. */
    private void add(final String lock, final String ratio, final int load, final double overlap,
        final double[]... forks)
    {
        final Cell c = plan.cell(P, lock, ratio, load, 10);
        for (final double[] runs : forks)
        {
            final List<Map<String, Double>> per = new ArrayList<>();
            double sum = 0;
            for (final double r : runs)
            {
                per.add(Map.of(LockTestMetrics.OVERLAP, overlap));
                sum += r;
            }
            results.add(c, new Sample(sum / runs.length, Map.of(), null, runs, per));
        }
    }

    /** Five forks of five runs each, within 1% of {@code ms}. */
    private static double[][] tight(final double ms)
    {
        final double[][] f = new double[5][];
        for (int i = 0; i < 5; i++)
        {
            f[i] = new double[] {ms * 0.995, ms, ms * 1.005, ms * (1 + i * 0.001), ms * (1 - i * 0.001)};
        }
        return f;
    }

    /** Five forks whose medians are 0.5, 0.75, 1, 1.4 and 1.8 times {@code ms}: pooled median {@code ms}. */
    private static double[][] wide(final double ms)
    {
        final double[] k = {0.5, 0.75, 1, 1.4, 1.8};
        final double[][] f = new double[5][];
        for (int i = 0; i < 5; i++)
        {
            final double m = ms * k[i];
            f[i] = new double[] {m * 0.99, m, m * 1.01, m, m};
        }
        return f;
    }

    @Test
    void verdictNamesEachMissedTarget()
    {
        assertEquals("missed: ratio 1.30x > 1.25x", KernelShapeReport.verdict(1.3, 1.35));
        assertEquals("missed: upper end 1.60x > 1.40x", KernelShapeReport.verdict(1.2, 1.6));
        assertEquals("met", KernelShapeReport.verdict(1.2, 1.3));
        assertEquals("met", KernelShapeReport.verdict(1.25, 1.40));
    }

    @Test
    void aCellCountsOnlyWhenBothLocksOverlappedAtLeast80Percent()
    {
        assertTrue(KernelShapeReport.counts(80, 95));
        assertFalse(KernelShapeReport.counts(95, 79.9));
        assertFalse(KernelShapeReport.counts(79.9, 95));
        assertFalse(KernelShapeReport.counts(Double.NaN, 95));
    }

    @Test
    void syntheticRunGivesEachVerdictAndCountsOnlyOverlappedCells()
    {
        // load 1: 1.3x tight (misses the ratio), 1.2x wide (misses the upper end), 1.2x tight (meets)
        add("rrwl", "0:1", 1, 95, tight(100));
        add("recommended", "0:1", 1, 95, tight(130));
        add("rrwl", "1:1", 1, 95, tight(100));
        add("recommended", "1:1", 1, 95, wide(120));
        add("rrwl", "10:1", 1, 95, tight(100));
        add("recommended", "10:1", 1, 95, tight(120));
        // load 10: a cell that would meet, but rrwl's workers overlapped 70%: not counted
        add("rrwl", "1:1", 10, 70, tight(100));
        add("recommended", "1:1", 10, 95, tight(100));
        final KernelShapeReport report = new KernelShapeReport(plan, results);

        final KernelShapeReport.Outcome ratio = report.outcome(P, "recommended", "0:1", 1, 10);
        assertEquals(1.3, ratio.interval().ratio(), 0.01);
        assertEquals("missed: ratio 1.30x > 1.25x", ratio.text());

        final KernelShapeReport.Outcome upper = report.outcome(P, "recommended", "1:1", 1, 10);
        assertEquals(1.2, upper.interval().ratio(), 0.01);
        assertTrue(upper.interval().high() > KernelShapeReport.UPPER_MAX, upper.toString());
        assertTrue(upper.text().startsWith("missed: upper end "), upper.text());

        final KernelShapeReport.Outcome met = report.outcome(P, "recommended", "10:1", 1, 10);
        assertEquals(1.2, met.interval().ratio(), 0.01);
        assertEquals("met", met.text());

        final KernelShapeReport.Outcome notCounted = report.outcome(P, "recommended", "1:1", 10, 10);
        assertFalse(notCounted.counted());
        assertEquals("not counted (overlap 95% / rrwl 70%)", notCounted.text());

        assertEquals("`recommended`: 1 of 3 cells met (1 not counted: overlap below 80%) (2 without a result); " +
            "the every-cell target is not established",
            report.metLine("recommended"));
        final String md = report.markdown("t", "- header\n", Map.of());
        assertTrue(md.contains("| 10 threads 1:1 load 10 | 100.0 (70%) | 100.0 (95%) | 1.00x ["), md);
        assertTrue(md.contains("(not counted) |"), md);
        assertTrue(md.contains("`recommended`, pause: 1 of 3 cells met"), md);
    }
}
