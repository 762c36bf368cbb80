package org.rwsem4j.bench.ablation;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.rwsem4j.Variant;
import org.rwsem4j.bench.Locks;
import org.rwsem4j.bench.report.GridTable;
import org.rwsem4j.bench.report.Numbers;
import org.rwsem4j.bench.report.ReportPart;
import org.rwsem4j.bench.stats.Stats;

/**
 * Seed 000's whole series in its own table: {@code base} before, and after it {@code base} plus the patches that carry
 * the mail's seven ({@link #PATCHES}), at every r:w, thread count and load of the mail's table, with the mutex row,
 * beside the mail's own figures ({@link #RESOURCE}). The profiles that ask for it ({@link Profile#seriesTable}) plan
 * its cells here, so the table never depends on which headline variants a run chose; a build without one of the
 * patches plans and prints nothing.
 *
 * <p>The series' 1:1 cells also stand in for the four seed-000 claims ({@link #claimRows}): the mail claims the series
 * as a whole, not per patch.
 */
final class SeedSeries
{
    /** The patches that carry the mail's seven ({@code reader-owned} because {@code spin-on-readers} requires it). */
    static final List<String> PATCHES = List.of("spin-on-readers", "reader-spin", "writer-respin", "wake-skip",
        "reader-owned");
    /** The lock before the series. */
    static final String BEFORE = "base";
    /** The mail's figures, beside this class. */
    static final String RESOURCE = "seed-000-series.txt";

    private static final List<String> RATIOS = List.of("0:1", "1:1", "10:1");
    private static final List<Integer> THREADS = List.of(2, 10);
    private static final List<Integer> LOADS = List.of(1, 5, 10);
    /** The load of a claim's stand-in cell: the mail's headline figure (1:1, 2 threads, -89.3%) is at load 1. */
    private static final int CLAIM_LOAD = 1;

    private SeedSeries()
    {
    }

    /**
     * @return the canonical spec after the series ({@code base} plus its patches: a spec of patch names is that), or
     *     null if a patch of it is not on the classpath
     */
    static String after()
    {
        return Variant.available().containsAll(PATCHES) ? Matrix.canonical(String.join("+", PATCHES)) :
            null;
    }

    /**
     * Plans the table's cells for one load unit (those already planned are not planned twice).
     *
     * @param m       the matrix
     * @param profile the matrix's profile's view for the unit
     */
    static void plan(final Matrix m, final Profile profile)
    {
        final String after = profile.seriesTable ? after() : null;
        if (after == null)
        {
            return;
        }
        for (final int threads : THREADS)
        {
            for (final int load : LOADS)
            {
                m.addOnce(LockTestSpec.cell(profile, Locks.MUTEX, "0:1", load, threads));
                for (final String ratio : RATIOS)
                {
                    m.addOnce(LockTestSpec.cell(profile, BEFORE, ratio, load, threads));
                    m.addOnce(LockTestSpec.cell(profile, after, ratio, load, threads));
                }
            }
        }
    }

    /**
     * Adds the table for the report's current load unit, if the run planned it.
     *
     * @param report the report being built
     */
    static void report(final Report report)
    {
        final Profile p = report.profile();
        final String after = p.seriesTable ? after() : null;
        if (after == null)
        {
            return;
        }
        final Map<String, String> mail = Mail.FIGURES;
        final GridTable g = new GridTable("r:w", "threads", "load", "before: " + BEFORE, "after: series",
            "% change", "mail: before", "mail: after", "mail: % change", "mutex", "after vs mutex", "mail: mutex",
            "mail: after vs mutex");
        for (final int threads : THREADS)
        {
            for (final String ratio : RATIOS)
            {
                for (final int load : LOADS)
                {
                    final Cell a = LockTestSpec.cell(p, after, ratio, load, threads);
                    final Cell b = LockTestSpec.cell(p, BEFORE, ratio, load, threads);
                    final Cell mutex = LockTestSpec.cell(p, Locks.MUTEX, "0:1", load, threads);
                    final String mailAfter = mail.get(Mail.key("after", ratio, threads, load));
                    final String mailMutex = mail.get(Mail.key(Locks.MUTEX, "-", threads, load));
                    g.row(ratio, Integer.toString(threads), Integer.toString(load), median(report, b),
                        median(report, a), report.change(a, b, Sample::score),
                        mail.get(Mail.key("before", ratio, threads, load)), mailAfter,
                        mail.get(Mail.key("change", ratio, threads, load)), median(report, mutex),
                        report.change(a, mutex, Sample::score), mailMutex, String.format(Locale.ROOT, "%+.1f%%",
                            (Double.parseDouble(mailAfter) / Double.parseDouble(mailMutex) - 1) * 100));
                }
            }
        }
        report.add(new ReportPart("Seed 000's whole series: " + BEFORE + " before, " + BEFORE + " plus the series " +
            "after, beside the mail's figures" + report.unitTitle(),
            "before = `" + BEFORE + "`; after = `" + after + "` (the series: the patches that carry the mail's " +
            "seven). Ours: " + p.sizing() + ", median over " + p.forks + " forks; `% change` = after against " +
            "before and `after vs mutex` = after against the mutex row (ReentrantLock, every operation exclusive), " +
            "each with its 95% interval and verdict (`~`: no difference after the family-wise correction). The " +
            "mail's: the kernel on a 40-core machine, ms for 1,000,000 operations per thread, one figure per cell " +
            "(no spread); its `% change` as printed, its `after vs mutex` computed from its figures. Compare " +
            "directions and ratios, never the absolute times. " + report.oversubscription(THREADS),
            g.render(), null, "", List.of()));
    }

    /**
     * The rows of a seed-000 claim on the series, if it is one and the run measured the series: per thread count of
     * the mail's table, its r:w at load {@value #CLAIM_LOAD}, the series against {@code base} ("adding") and against
     * the mutex row ("removing/opt-in" column, which the series has not).
     *
     * @param report the report being built
     * @param claim  a claim
     * @param g      the claims' table
     * @return whether the claim was the series' (its rows were added)
     */
    static boolean claimRows(final Report report, final SeedClaim claim, final GridTable g)
    {
        final Profile p = report.profile();
        final String after = p.seriesTable ? after() : null;
        if (!"000".equals(claim.seed()) || !PATCHES.contains(claim.patch()) || claim.bench() != Bench.LOCKTEST ||
            claim.param("ratio") == null || after == null ||
            !report.matrix().sections.contains(Section.LOCKTEST))
        {
            return false;
        }
        final String ratio = claim.param("ratio");
        for (final int threads : THREADS)
        {
            final Cell a = LockTestSpec.cell(p, after, ratio, CLAIM_LOAD, threads);
            final Cell b = LockTestSpec.cell(p, BEFORE, ratio, CLAIM_LOAD, threads);
            final Cell mutex = LockTestSpec.cell(p, Locks.MUTEX, "0:1", CLAIM_LOAD, threads);
            g.row(claim.patch(), claim.seed(), claim.claim(), "seed-000 series vs " + BEFORE + " / vs mutex, " +
                ratio + " " + threads + "t load " + CLAIM_LOAD + " (time)", report.change(a, b, Sample::score),
                "vs mutex " + report.change(a, mutex, Sample::score), report.direction(a, b, claim.sign()) +
                " / vs mutex: " + report.direction(a, mutex, -1));
        }
        return true;
    }

    private static String median(final Report report, final Cell c)
    {
        final Stats s = report.results().stats(c);
        return s == null ? "n/a" : Numbers.seed(s.median());
    }

    /** The mail's figures, read on first use; a malformed resource is a packaging bug. */
    static final class Mail
    {
        /** {@link #key} to the figure as the mail prints it. */
        static final Map<String, String> FIGURES = load();

        private Mail()
        {
        }

        static String key(final String row, final String ratio, final int threads, final int load)
        {
            return row + " " + ratio + " " + threads + " " + load;
        }

        private static Map<String, String> load()
        {
            try (InputStream in = SeedSeries.class.getResourceAsStream(RESOURCE))
            {
                if (in == null)
                {
                    throw new IllegalStateException(RESOURCE + " is missing from the bench's jar");
                }
                final List<String> lines = new ArrayList<>();
                new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)).lines().forEach(lines::add);
                return parse(lines);
            }
            catch (final IOException e)
            {
                throw new IllegalStateException("cannot read " + RESOURCE + ": " + e.getMessage(), e);
            }
        }

        /**
         * @param lines the resource's lines
         * @return the figures by key
         * @throws IllegalStateException for a malformed line (the message quotes it)
         */
        static Map<String, String> parse(final List<String> lines)
        {
            final Map<String, String> out = new HashMap<>();
            for (final String line : lines)
            {
                if (line.isBlank() || line.startsWith("#"))
                {
                    continue;
                }
                final String[] f = line.trim().split("\\s+", 4);
                try
                {
                    for (final String pair : f[3].split(","))
                    {
                        final String[] kv = pair.trim().split(":", 2);
                        out.put(key(f[0], f[1], Integer.parseInt(f[2]), Integer.parseInt(kv[0])), kv[1].trim());
                    }
                }
                catch (final RuntimeException e)
                {
                    throw new IllegalStateException("malformed " + RESOURCE + " line '" + line + "': " + e, e);
                }
            }
            return out;
        }
    }
}
