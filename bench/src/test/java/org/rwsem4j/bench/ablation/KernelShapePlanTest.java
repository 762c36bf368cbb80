package org.rwsem4j.bench.ablation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.rwsem4j.bench.LoadUnit;

import picocli.CommandLine;

/** The kernel-shape cross-check's plan: its cells, locks, forks and sizing. */
class KernelShapePlanTest
{
    private static KernelShapePlan parse(final String... args) throws Exception
    {
        final KernelShapeCommand c = new KernelShapeCommand(null, null);
        new CommandLine(c).parseArgs(args);
        return c.plan();
    }

    @Test
    void defaultPlanIsTheSeedGridSizedByOpsWithThePeersAndRecommended() throws Exception
    {
        final KernelShapePlan plan = parse();
        assertEquals(List.of("rrwl", "stamped", "mutex", "recommended"), plan.locks());
        assertEquals(List.of(LoadUnit.PAUSE), plan.units);
        final List<Cell> cells = plan.cells();
        assertEquals(2 * 3 * 2 * 4, cells.size());
        assertEquals(Set.of("2", "10"), values(cells, "threads"));
        assertEquals(Set.of("0:1", "1:1", "10:1"), values(cells, "ratio"));
        assertEquals(Set.of("1", "10"), values(cells, "load"));
        for (final Cell c : cells)
        {
            assertEquals(Bench.LOCKTEST, c.bench());
            assertEquals("1000000", c.param("ops"), c.toString());
            // sized by ops: no window (LockTestBenchmark's millis stays 0), so the figure is the time to the last
            assertNull(c.param("millis"), c.toString());
            assertEquals("2000", c.param("prewarm"), c.toString());
            assertEquals(c.param("threads").equals("2") ? 10 : 5, plan.forks(c), c.toString());
        }
        assertEquals(0, plan.profile.millis);
        assertEquals(2, plan.profile.singleShotWarmups);
        assertEquals(5, plan.profile.singleShotMeasurements);
        assertEquals(24 * 10 + 24 * 5, plan.runs());
        assertEquals(10, plan.rounds());
    }

    /**
     * The estimate against a committed run: results/runs/20261205-051852-kernel-shape (rrwl, recommended and
     * recommended@handoff=0, the default cells) took 36m11s; before the load term the estimate said 21m04s.
     */
    @Test
    void theEstimateIsWithinAQuarterOfTheCommittedRunsTime() throws Exception
    {
        final double measured = 36 * 60 + 11;
        final double estimate = parse("--locks", "recommended@handoff=0", "--peers", "rrwl").estimateSeconds();
        assertTrue(Math.abs(estimate - measured) <= 0.25 * measured, () -> "estimate " + estimate + " s");
        final KernelShapePlan tokens = parse("--units", "tokens", "--peers", "rrwl");
        final KernelShapePlan pause = parse("--units", "pause", "--peers", "rrwl");
        assertTrue(tokens.estimateSeconds() < pause.estimateSeconds(), "a token costs less than a pause");
    }

    @Test
    void optionsAddVariantsAndUnitsAndForksOverrideBothThreadCounts() throws Exception
    {
        final KernelShapePlan plan = parse("--locks", "recommended@handoff=0,reader-owned+reader-steal",
            "--units", "pause,tokens", "--forks", "3");
        assertEquals(List.of("rrwl", "stamped", "mutex", "recommended", "recommended@handoff=0",
            "reader-owned+reader-steal"), plan.locks());
        assertEquals(List.of(LoadUnit.PAUSE, LoadUnit.TOKENS), plan.units);
        assertEquals(2 * 2 * 3 * 2 * 6, plan.cells().size());
        assertTrue(plan.cells().stream().allMatch(c -> plan.forks(c) == 3));
        assertEquals(Set.of("pause", "tokens"), plan.cells().stream().map(c -> LockTestSpec.unitOf(c.params()))
            .collect(Collectors.toSet()));
    }

    private static Set<String> values(final List<Cell> cells, final String param)
    {
        return cells.stream().map(c -> c.param(param)).collect(Collectors.toSet());
    }
}
