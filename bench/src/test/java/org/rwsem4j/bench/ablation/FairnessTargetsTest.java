package org.rwsem4j.bench.ablation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;

import org.rwsem4j.bench.Locks;
import org.rwsem4j.bench.fairness.FairnessHarness;
import org.rwsem4j.bench.fairness.FairnessResult;

import org.junit.jupiter.api.Test;

/**
 * The reader-flood case (cells, child command line, harness arguments) and the no-starvation bounds, each
 * with a case that meets it and a negative control that misses it.
 */
class FairnessTargetsTest
{
    private static final List<String> ARGS = List.of("--smoke", "--forks", "1", "--only", "fairness", "--variants",
        "base,all,recommended");

    @Test
    void progressIsMetOnlyWhenEveryThreadMadeAnOperation()
    {
        assertEquals(new FairnessTargets.Check(true, "met"),
            FairnessTargets.progress(FairnessTargets.Worst.of(List.of(result(2, 5, 1.0)))));
        final FairnessResult starvedReader = new FairnessResult(new long[] {5, 0, 5}, new long[] {5, 5},
            new long[] {1_000}, 0);
        final FairnessTargets.Check c = FairnessTargets.progress(FairnessTargets.Worst.of(List.of(result(2, 5, 1.0),
            starvedReader)));
        assertFalse(c.met());
        assertEquals("missed (1 of 5 threads made no operation in a run)", c.text());
    }

    @Test
    void theSlowestWriterNeedsAQuarterOfRrwls()
    {
        assertTrue(FairnessTargets.slowestWriter(250, 1000).met());
        assertEquals("met (0.25x: 250 against rrwl's 1000 ops)", FairnessTargets.slowestWriter(250, 1000).text());
        final FairnessTargets.Check below = FairnessTargets.slowestWriter(100, 1000);
        assertFalse(below.met());
        assertEquals("missed by 2.5x (0.10x, needs >= 0.25x: 100 against rrwl's 1000 ops)", below.text());
        final FairnessTargets.Check starved = FairnessTargets.slowestWriter(0, 1000);
        assertFalse(starved.met());
        assertEquals("missed (0 against rrwl's 1000 ops: a writer starved)", starved.text());
    }

    @Test
    void theLongestWriterWaitMayBeTwiceRrwls()
    {
        assertTrue(FairnessTargets.maxWait(2000, 1000).met());
        assertEquals("met (2.00x: 2000 against rrwl's 1000 us)", FairnessTargets.maxWait(2000, 1000).text());
        final FairnessTargets.Check above = FairnessTargets.maxWait(3000, 1000);
        assertFalse(above.met());
        assertEquals("missed by 1.5x (3.00x, needs <= 2x: 3000 against rrwl's 1000 us)", above.text());
    }

    /** Worst over forks: one bad fork decides, on both sides. */
    @Test
    void theFiguresAreTheWorstOverForks()
    {
        final FairnessTargets.Worst w = FairnessTargets.Worst.of(List.of(result(2, 500, 1.0), result(2, 70, 9.0)));
        assertEquals(70, w.slowestWrite());
        assertEquals(9_000.0, w.maxWaitUs());
    }

    /**
     * The report's part: rows for {@code all} and {@code recommended} (not {@code base}) in both cases, against rrwl
     * of the same case; {@code all} starves a writer in the flood, {@code recommended} waits 3x rrwl's in the standard
     * case.
     */
    @Test
    void theReportChecksAllAndRecommendedInBothCases() throws Exception
    {
        final Matrix m = Ablation.matrix(AblationCommand.parse(ARGS));
        final Results results = new Results();
        for (final Cell c : m.cells)
        {
            final int readers = Integer.parseInt(c.param("readers"));
            final boolean flood = c.param(FairnessCase.READ_LOAD) != null;
            final String label = m.label(c.impl());
            final long writerOps = label.equals("all") && flood ? 0 : 1000;
            final double waitMs = label.equals("recommended") && !flood ? 30 : 10;
            results.add(c, FairnessRunner.sample(result(readers, writerOps, waitMs)));
        }
        final Report report = new Report(m, results, SyntheticRun.machine());
        final String text = report.text();
        final List<String> rows = text.lines().filter(l -> l.contains("standard") || l.contains("reader flood"))
            .filter(l -> l.contains("met") || l.contains("missed")).toList();
        assertEquals(4, rows.size(), text);
        assertTrue(rows.stream().noneMatch(l -> l.trim().startsWith("base")), rows.toString());
        final String allFlood = row(rows, "all", "reader flood");
        assertTrue(allFlood.contains("missed (1 of 10 threads made no operation in a run)"), allFlood);
        assertTrue(allFlood.contains("a writer starved"), allFlood);
        final String recStandard = row(rows, "recommended", "standard");
        assertTrue(recStandard.contains("missed by 1.5x (3.00x"), recStandard);
        assertTrue(row(rows, "recommended", "reader flood").matches(".*met.*met.*met.*"), rows.toString());
        final String markdown = report.markdown("t", "", results.failures(), "");
        assertTrue(markdown.contains("the worst over the run's forks, on both sides. 9 of 12 checks met."), markdown);
        assertTrue(text.contains("Fairness: reader flood"), text);
    }

    @Test
    void theFloodCellsCarryTheirReadLoadAndTheChildGetsIt() throws Exception
    {
        final Matrix m = Ablation.matrix(AblationCommand.parse(ARGS));
        final List<Cell> flood = m.cells.stream().filter(c -> c.param(FairnessCase.READ_LOAD) != null).toList();
        assertEquals(List.of("rrwl", "rrwl-fair", "base", "all", "recommended"),
            flood.stream().map(c -> m.label(c.impl())).toList());
        final Cell c = flood.get(0);
        assertEquals(List.of("8", "2", "1", "2000"), List.of(c.param("readers"), c.param("writers"), c.param("load"),
            c.param(FairnessCase.READ_LOAD)));
        final List<String> command = FairnessRunner.command(c);
        assertEquals(List.of("fairness", "rrwl", "8", "2", "1000", "1", "--read-load", "2000"),
            command.subList(command.indexOf("fairness"), command.size()));
        final Cell standard = FairnessCase.STANDARD.cell(m.profile, Locks.RRWL);
        assertTrue(m.cells.contains(standard));
        assertFalse(FairnessRunner.command(standard).contains("--read-load"));
    }

    @Test
    void theHarnessTakesTheReadSectionsLengthSeparately()
    {
        final FairnessHarness flood = FairnessHarness.of(new String[] {"rrwl", "8", "2", "100", "1", "2000"});
        assertEquals(2000, flood.readLoad());
        assertEquals(1, flood.load());
        final FairnessHarness standard = FairnessHarness.of(new String[] {"rrwl", "2", "2", "100", "10"});
        assertEquals(10, standard.readLoad());
        assertEquals(10, standard.load());
    }

    private static String row(final List<String> rows, final String lock, final String fairnessCase)
    {
        return rows.stream().filter(l -> l.trim().startsWith(lock + " ") && l.contains(fairnessCase)).findFirst()
            .orElseThrow(() -> new AssertionError(lock + " " + fairnessCase + " not in " + rows));
    }

    private static FairnessResult result(final int readers, final long writerOps, final double maxWaitMs)
    {
        final long[] reads = new long[readers];
        Arrays.fill(reads, 5000);
        return new FairnessResult(reads, new long[] {writerOps + 10, writerOps}, new long[] {1_000, 2_000,
            (long)(maxWaitMs * 1e6)}, 0);
    }
}
