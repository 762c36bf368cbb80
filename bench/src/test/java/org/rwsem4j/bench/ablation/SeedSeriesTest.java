package org.rwsem4j.bench.ablation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rwsem4j.bench.Locks;

/**
 * Seed 000's whole series ({@link SeedSeries}): the quick and full plans hold every cell its table needs, the smoke
 * plan none; on synthetic data where the series takes a tenth of {@code base}'s time, the table prints -90% with a
 * verdict beside the mail's figures, and the seed-000 claims' rows are filled.
 */
class SeedSeriesTest
{
    private static final String AFTER = SeedSeries.after();

    @Test
    void theQuickAndFullPlansHoldEveryCellOfTheTableAndSmokeNone()
    {
        assumeTrue(AFTER != null, "the series' patches are not all on the classpath");
        for (final Profile p : List.of(Profile.quick(), Profile.full()))
        {
            final Matrix m = matrix(p);
            for (final int threads : List.of(2, 10))
            {
                for (final int load : List.of(1, 5, 10))
                {
                    assertTrue(m.cells.contains(LockTestSpec.cell(p, Locks.MUTEX, "0:1", load, threads)));
                    for (final String ratio : List.of("0:1", "1:1", "10:1"))
                    {
                        final String where = p.name + " " + ratio + " " + threads + "t load " + load;
                        assertTrue(m.cells.contains(LockTestSpec.cell(p, "base", ratio, load, threads)), where);
                        assertTrue(m.cells.contains(LockTestSpec.cell(p, AFTER, ratio, load, threads)), where);
                    }
                }
            }
        }
        final Profile smoke = Profile.smoke();
        assertFalse(matrix(smoke).cells.stream().anyMatch(c -> c.impl().equals(AFTER)));
    }

    @Test
    void theTableSetsOursBesideTheMailsAndFillsTheClaims()
    {
        assumeTrue(AFTER != null, "the series' patches are not all on the classpath");
        final Profile p = Profile.quick();
        final Matrix m = new Matrix(p, AblationPlan.of(PatchInfo.available()), p.defaultVariants,
            EnumSet.of(Section.LOCKTEST));
        final Results results = new Results();
        for (final Cell c : m.cells)
        {
            final double level = c.impl().equals(AFTER) ? 10 : c.impl().equals(Locks.MUTEX) ? 200 : 100;
            final Random random = new Random(c.toString().hashCode());
            for (int f = 0; f < p.forks; f++)
            {
                final double[] it = {level * (1 + 0.01 * random.nextGaussian()),
                    level * (1 + 0.01 * random.nextGaussian())};
                results.add(c, new Sample((it[0] + it[1]) / 2, Map.of(), null, it,
                    List.of(Map.of(), Map.of())));
            }
        }
        final Report report = new Report(m, results, SyntheticRun.machine());
        final String table = part(report, "Seed 000's whole series");
        final List<String> rows = table.lines().skip(2).toList();
        assertEquals(18, rows.size(), table);
        final String first = rows.get(0);
        assertTrue(first.matches("\\s*0:1\\s+2\\s+1\\s+\\d+\\.\\d+\\s+\\d+\\.\\d+\\s+-90\\.0% \\[-90,-90\\]\\s+" +
            "339\\.4\\s+334\\.6\\s+-1\\.4%\\s+\\d+\\.\\d+\\s+-95\\.0% \\[-95,-95\\]\\s+530\\.7\\s+-37\\.0%"), first);
        final String headline = rows.get(3);
        assertTrue(headline.contains("2915") && headline.contains("311.0") && headline.contains("-89.3%") &&
            headline.contains("-41.4%"), headline);
        assertTrue(rows.get(12).contains("14562") && rows.get(12).contains("-9.7%"), rows.get(12));
        final String claims = part(report, "Seed claims");
        final List<String> series = claims.lines().filter(l -> l.contains("seed-000 series vs base")).toList();
        assertEquals(8, series.size(), claims);
        for (final String l : series)
        {
            assertTrue(l.matches(".*  -(89\\.9|90\\.[01])% \\[-90,-90\\]  vs mutex -(94\\.9|95\\.[01])% " +
                "\\[-95,-95\\]  same / vs mutex: same"), l);
            assertFalse(l.contains("n/a"), l);
        }
    }

    /** A quick run made before the series table resolved to a profile without it: it still rebuilds, without it. */
    @Test
    void aQuickRunFromBeforeTheSeriesTableRebuilds(@TempDir final Path tmp) throws Exception
    {
        final List<String> args = List.of("--quick", "--forks", "1", "--only", "locktest");
        final AblationArgs a = AblationCommand.parse(args);
        final Profile before = a.profile.withoutSeriesTable();
        final Matrix m = Ablation.matrix(new AblationArgs(before, a.variants, a.patches, a.sections, a.out, null,
            false));
        final Path dir = tmp.resolve("old-quick");
        SyntheticRun.writeJmh(dir, m, c -> 10.0);
        final RunMetadata meta = SyntheticRun.metadata(dir, args);
        meta.profile = before.describe();
        meta.update(1, m, new Results(), List.of(), 1.0, "1.00 1.00 1.00");
        meta.write(dir);
        final RunFolder run = RunFolder.read(dir);
        assertEquals(m.cells, run.matrix.cells);
        assertFalse(run.reportMarkdown("").contains("## Seed 000's whole series"));
    }

    @Test
    void aMalformedMailLineIsRefused()
    {
        final IllegalStateException e = assertThrows(IllegalStateException.class, () -> SeedSeries.Mail.parse(
            List.of("# comment", "after 1:1 2 1:311.0, 5")));
        assertTrue(e.getMessage().contains("malformed seed-000-series.txt line 'after 1:1 2 1:311.0, 5'"),
            e.getMessage());
        assertEquals("311.0", SeedSeries.Mail.parse(List.of("after 1:1 2 1:311.0")).get(
            SeedSeries.Mail.key("after", "1:1", 2, 1)));
    }

    private static Matrix matrix(final Profile p)
    {
        return new Matrix(p, AblationPlan.of(PatchInfo.available()), p.defaultVariants, p.defaultSections);
    }

    private static String part(final Report report, final String heading)
    {
        final List<String> found = new ArrayList<>();
        report.parts().stream().filter(x -> x.heading().startsWith(heading)).forEach(x -> found.add(x.table()));
        assertEquals(1, found.size(), heading);
        return found.get(0);
    }
}
