package org.rwsem4j.bench.ab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.rwsem4j.bench.ablation.JmhJson;
import org.rwsem4j.bench.ablation.Sample;
import org.rwsem4j.bench.stats.Comparison;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The result-collection path (JMH JSON files written here, read back through {@link JmhJson}) and the comparison
 * on synthetic forks: a clear difference is found, the same figures on both sides are not, fewer than 5 forks give
 * no verdict, and a child that ran without one of its cell's parameters fails the cell.
 */
class AbResultsTest
{
    @TempDir
    Path dir;

    private static Map<String, String> params(final String impl, final String millis)
    {
        final Map<String, String> p = new LinkedHashMap<>();
        p.put("impl", impl);
        p.put("ratio", "1:1");
        p.put("threads", "10");
        p.put("load", "1");
        p.put("ops", "100000");
        if (millis != null)
        {
            p.put("millis", millis);
        }
        return p;
    }

    private AbPlan plan(final int forks, final AbCell... cells)
    {
        final BenchJar a = new BenchJar(dir.resolve("a.jar"), "1111 (built from a clean tree)", "aaaaaaaaaaaa");
        final BenchJar b = new BenchJar(dir.resolve("b.jar"), "2222 (built from a clean tree)", "bbbbbbbbbbbb");
        return new AbPlan(a, b, AbCells.LOCK_TEST, List.of(cells), forks, 1, 2);
    }

    /** Writes each fork's JSON as a child would and collects it; B's figures are A's times {@code bScale}. */
    private AbResults collect(final AbPlan plan, final double bScale, final long seed) throws IOException
    {
        final AbResults results = new AbResults(plan.cells());
        final Random random = new Random(seed);
        for (final AbPlan.Step step : plan.steps())
        {
            final double fork = 100 * (1 + 0.03 * random.nextGaussian());
            final double scale = step.side() == AbPlan.Side.B ? bScale : 1;
            final double[] iterations = {fork * scale * (1 + 0.02 * random.nextGaussian()),
                fork * scale * (1 + 0.02 * random.nextGaussian())};
            final Path json = AbTestFiles.jmhJson(dir.resolve(AbPlan.fileName(step, ".json")),
                plan.cells().get(step.cell()).params(), iterations, new double[] {90, 92});
            final String figure = results.collect(step, json);
            assertTrue(figure.endsWith(" ms/op"), figure);
        }
        return results;
    }

    @Test
    void aClearSlowdownOfBIsDifferentAndItsIntervalHoldsIt() throws IOException
    {
        final AbPlan plan = plan(5, new AbCell(params("recommended", null)));
        final AbResults results = collect(plan, 1.30, 1);
        final AbReport report = new AbReport(plan, results);
        final AbResults.Row row = results.rows(0).get(0);
        assertEquals(5, row.side(AbPlan.Side.A).size());
        assertEquals(5, row.side(AbPlan.Side.B).size());
        final Comparison c = report.comparison(0, row);
        assertTrue(c.lowPct() > 15 && c.lowPct() < 30 && c.highPct() > 30, c.interval());
        assertEquals("different", report.verdict(0, row));
        final String text = report.render(header());
        assertTrue(text.matches("(?s).*\\| impl=recommended ratio=1:1 threads=10 load=1 ops=100000 \\| " +
            "[0-9.]+ ms/op \\(5 forks\\) \\| [0-9.]+ ms/op \\(5 forks\\) \\| \\+[0-9.]+% \\[.*"), text);
        assertTrue(text.contains("| different | 91.0% | 91.0% |"), text);
        assertTrue(text.contains("Holm over the 1 rows with at least 5 forks a side"), text);
    }

    @Test
    void theSameFiguresOnBothSidesAreNoDifference() throws IOException
    {
        final AbPlan plan = plan(5, new AbCell(params("recommended", null)), new AbCell(params("rrwl", null)));
        final AbResults results = new AbResults(plan.cells());
        final Random random = new Random(2);
        for (int c = 0; c < 2; c++)
        {
            for (int f = 0; f < 5; f++)
            {
                final double fork = 100 * (1 + 0.05 * random.nextGaussian());
                final double[] it = {fork * (1 + 0.02 * random.nextGaussian()),
                    fork * (1 + 0.02 * random.nextGaussian())};
                for (final AbPlan.Side side : AbPlan.Side.values())
                {
                    results.add(c, "lockTest", "ms/op", side, Sample.ofJmh(null, fork, Map.of(), it, List.of(Map.of(),
                        Map.of())));
                }
            }
        }
        final AbReport report = new AbReport(plan, results);
        assertEquals(2, report.family());
        for (int c = 0; c < 2; c++)
        {
            final AbResults.Row row = results.rows(c).get(0);
            assertEquals(0, report.comparison(c, row).changePct(), 1e-9);
            assertEquals("no difference", report.verdict(c, row));
        }
    }

    @Test
    void twoDrawsOfOneDistributionAreNoDifference() throws IOException
    {
        final AbPlan plan = plan(5, new AbCell(params("recommended", null)));
        final AbResults results = collect(plan, 1.0, 3);
        final AbReport report = new AbReport(plan, results);
        assertEquals("no difference", report.verdict(0, results.rows(0).get(0)));
    }

    @Test
    void fewerThanFiveForksGiveAnIntervalAndNoVerdict() throws IOException
    {
        final AbPlan plan = plan(3, new AbCell(params("recommended", null)));
        final AbResults results = collect(plan, 1.30, 4);
        final AbReport report = new AbReport(plan, results);
        assertEquals("?", report.verdict(0, results.rows(0).get(0)));
        assertEquals(0, report.family());
        assertTrue(report.render(header()).contains("| ? |"));
    }

    @Test
    void aChildThatRanWithoutACellParameterFailsTheCellAndNamesIt() throws IOException
    {
        final AbPlan plan = plan(5, new AbCell(params("recommended", "300")));
        final AbResults results = new AbResults(plan.cells());
        final AbPlan.Step step = new AbPlan.Step(1, 0, AbPlan.Side.A);
        // an older jar's LockTestBenchmark has no 'millis': JMH ignores the -p and its entry has no such param
        final Path json = AbTestFiles.jmhJson(dir.resolve("old.json"), params("recommended", null),
            new double[] {100, 101}, null);
        final String figure = results.collect(step, json);
        assertTrue(figure.startsWith("failed: jar A's ") && figure.contains("no parameter 'millis'"), figure);
        assertTrue(results.failed(0));
        assertTrue(results.rows(0).isEmpty(), "nothing from a failed child is kept");
        final AbReport report = new AbReport(plan, results);
        assertEquals(0, report.family());
        final String text = report.render(header());
        assertTrue(text.contains("| impl=recommended ratio=1:1 threads=10 load=1 ops=100000 millis=300 | failed |"),
            text);
        assertTrue(text.contains("round 1, jar A: jar A's "), text);
    }

    @Test
    void aChildThatRanAnotherValueOrWroteNoResultFailsTheCell() throws IOException
    {
        final AbPlan plan = plan(5, new AbCell(params("recommended", null)), new AbCell(params("rrwl", null)));
        final AbResults results = new AbResults(plan.cells());
        final Path other = AbTestFiles.jmhJson(dir.resolve("other.json"), params("base", null),
            new double[] {100, 101}, null);
        assertEquals("failed: jar B ran impl=base, not recommended",
            results.collect(new AbPlan.Step(2, 0, AbPlan.Side.B), other));
        final Path empty = Files.writeString(dir.resolve("empty.json"), "[]");
        assertTrue(results.collect(new AbPlan.Step(1, 1, AbPlan.Side.A), empty).contains("no benchmark result"));
        final Path broken = Files.writeString(dir.resolve("broken.json"), "{\"not\": \"jmh\"}");
        assertTrue(results.collect(new AbPlan.Step(1, 1, AbPlan.Side.B), broken).contains("not a JMH result file"));
        assertEquals(2, results.failures().size());
        assertTrue(results.failures().get(1).contains("no benchmark result"), "the first reason is kept");
        final AbReport report = new AbReport(plan, results);
        assertNull(report.comparison(0, new AbResults.Row("lockTest", "ms/op", Map.of())));
        assertFalse(report.render(header()).contains("different"));
    }

    private static AbReport.Header header()
    {
        return new AbReport.Header("2 cores (test)", "2026-12-01", "0.00 0.00 0.00", "0.00 0.00 0.00", "0m00s");
    }
}
