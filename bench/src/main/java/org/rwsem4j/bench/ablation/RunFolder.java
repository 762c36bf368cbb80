package org.rwsem4j.bench.ablation;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.rwsem4j.bench.fairness.FairnessResult;
import org.rwsem4j.cli.UsageException;

/**
 * A finished (or stopped) ablation's run folder read back: its {@code metadata.json} ({@link RunMetadata}) and its
 * JMH results ({@link JmhJson}): {@code jmh.json.gz} (what runs write), or the plain {@code jmh.json} of older runs.
 * The ablation's recorded arguments rebuild the profile and the {@link Matrix};
 * each {@code jmh.json} entry is matched to its cell and its forks are added in file order, which is the order the
 * run measured them (so the bootstrap, seeded by the comparison, resamples the same lists); the fairness results and
 * the failures come from the metadata, in the run's order.
 */
final class RunFolder
{
    /** The JMH results' file name in a run folder, plain (older runs). */
    static final String JMH_JSON = "jmh.json";
    /** The JMH results' file name in a run folder, gzipped (what runs write). */
    static final String JMH_JSON_GZ = "jmh.json.gz";

    final Path dir;
    final RunMetadata metadata;
    final Matrix matrix;
    final Results results;

    private RunFolder(final Path dir, final RunMetadata metadata, final Matrix matrix, final Results results)
    {
        this.dir = dir;
        this.metadata = metadata;
        this.matrix = matrix;
        this.results = results;
    }

    /**
     * @param dir a run folder ({@code bench/results/runs/<stamp>})
     * @return the run, rebuilt
     * @throws UsageException if the folder or a file is missing or malformed, the run's patches differ from this
     *     jar's, or the files do not agree with each other
     */
    static RunFolder read(final Path dir) throws UsageException
    {
        if (!Files.isDirectory(dir))
        {
            throw new UsageException(dir + ": no such run folder");
        }
        final RunMetadata meta = RunMetadata.read(dir);
        checkPatches(dir, meta);
        AblationArgs args;
        try
        {
            args = AblationCommand.parse(meta.arguments);
        }
        catch (final UsageException e)
        {
            throw new UsageException(dir.resolve(RunMetadata.FILE) + ": its ablation arguments " + meta.arguments +
                " no longer parse: " + e.getMessage());
        }
        if (madeBeforeReadScaling(meta, args.profile))
        {
            // made before the read-scaling section: the run planned and measured none of its cells
            final Set<Section> sections = EnumSet.noneOf(Section.class);
            sections.addAll(args.sections);
            sections.remove(Section.READ_SCALING);
            args = new AblationArgs(args.profile.withoutReadScaling(), args.variants, args.patches, sections,
                args.out, args.publish, args.dryRun);
        }
        if (args.profile.seriesTable && args.profile.withoutSeriesTable().describe().equals(meta.profile))
        {
            // made before the series table: the run planned and measured no series cells
            args = new AblationArgs(args.profile.withoutSeriesTable(), args.variants, args.patches, args.sections,
                args.out, args.publish, args.dryRun);
        }
        if (meta.profile != null && !meta.profile.equals(args.profile.describe()))
        {
            throw new UsageException(dir.resolve(RunMetadata.FILE) + ": the run measured '" + meta.profile +
                "', but this build resolves its arguments to '" + args.profile.describe() + "'; rebuild the " +
                "report with the bench jar of the run's commit (" + meta.machine.commit() + ")");
        }
        if (meta.fairnessCases != null && !meta.fairnessCases.equals(FairnessCase.describeAll()))
        {
            throw new UsageException(dir.resolve(RunMetadata.FILE) + ": the run's fairness cases were " +
                meta.fairnessCases + ", but this build's are " + FairnessCase.describeAll() + "; rebuild the report " +
                "with the bench jar of the run's commit (" + meta.machine.commit() + ")");
        }
        final Matrix matrix = Ablation.matrix(args);
        if (meta.fairnessCases == null)
        {
            // made before the reader-flood case: the run planned and measured the standard case only
            matrix.cells.removeIf(c -> c.bench() == Bench.FAIRNESS && c.param(FairnessCase.READ_LOAD) != null);
        }
        final Results results = new Results();
        addJmh(jmhFile(dir), matrix, results);
        for (final RunMetadata.FairnessCell f : meta.fairness)
        {
            final Cell c = cellOf(dir, matrix, f.cell());
            for (final FairnessResult r : f.forks())
            {
                results.add(c, FairnessRunner.sample(r));
            }
        }
        for (final RunMetadata.Failure f : meta.failures)
        {
            results.fail(cellOf(dir, matrix, f.cell()), f.message());
        }
        return new RunFolder(dir, meta, matrix, results);
    }

    /**
     * @param meta    a run's metadata
     * @param profile what this build resolves the run's arguments to
     * @return whether the run was recorded before the read-scaling section existed: its profile line is this
     *     profile's without the section (and maybe without the series table, older still), or it has none
     */
    static boolean madeBeforeReadScaling(final RunMetadata meta, final Profile profile)
    {
        if (meta.profile == null)
        {
            return true;
        }
        if (meta.profile.equals(profile.describe()))
        {
            return false;
        }
        final Profile before = profile.withoutReadScaling();
        return before.describe().equals(meta.profile) ||
            before.seriesTable && before.withoutSeriesTable().describe().equals(meta.profile);
    }

    /**
     * @param svgDir the charts' folder relative to the Markdown file: empty for the run's {@code report.md},
     *               {@code runs/<stamp>/} for {@code latest.md}
     * @return the report as the run wrote it
     */
    String reportMarkdown(final String svgDir)
    {
        final Report report = new Report(matrix, results, metadata.machine);
        return report.markdown(metadata.title, svgDir, results.failures(), Ablation.header(matrix, report, metadata));
    }

    /** The rebuild needs the run's patch set: the plan, {@code all} and {@code recommended} depend on it. */
    private static void checkPatches(final Path dir, final RunMetadata meta) throws UsageException
    {
        final Set<String> here = new TreeSet<>();
        final Set<String> controlsHere = new TreeSet<>();
        PatchInfo.available().forEach(p -> (p.isControl() ? controlsHere : here).add(p.name()));
        final Set<String> missing = new TreeSet<>(meta.libraryPatches);
        missing.removeAll(here);
        final Set<String> missingControls = new TreeSet<>(meta.controls);
        missingControls.removeAll(controlsHere);
        missing.addAll(missingControls);
        if (!missing.isEmpty())
        {
            throw new UsageException(dir + ": the run used patches this jar does not have: " +
                String.join(", ", missing) + " (build the bench with them)");
        }
        final Set<String> extra = new TreeSet<>(here);
        extra.removeAll(meta.libraryPatches);
        controlsHere.removeAll(meta.controls);
        extra.addAll(controlsHere);
        if (!extra.isEmpty())
        {
            throw new UsageException(dir + ": this jar has patches the run did not: " + String.join(", ", extra) +
                " (build the bench without them, e.g. -P '!<module>')");
        }
    }

    /**
     * @param dir a run folder
     * @return its {@link #JMH_JSON_GZ} if it holds one, else its {@link #JMH_JSON}
     * @throws UsageException if it holds neither
     */
    static Path jmhFile(final Path dir) throws UsageException
    {
        final Path gz = dir.resolve(JMH_JSON_GZ);
        final Path plain = dir.resolve(JMH_JSON);
        if (!Files.exists(gz) && !Files.exists(plain))
        {
            throw new UsageException(gz + ": no such file (nor " + JMH_JSON + ")");
        }
        return Files.exists(gz) ? gz : plain;
    }

    private static void addJmh(final Path file, final Matrix matrix, final Results results) throws UsageException
    {
        final Map<String, List<Cell>> byKey = new HashMap<>();
        for (final Cell c : matrix.cells)
        {
            if (c.bench().isJmh())
            {
                byKey.computeIfAbsent(key(c.bench(), c.impl(), c.threads()), k -> new ArrayList<>()).add(c);
            }
        }
        int index = 0;
        for (final JmhJson.Entry e : JmhJson.read(file))
        {
            final Cell c = match(e, byKey);
            if (c == null)
            {
                throw new UsageException(file + ": entry " + index + " (" + e.benchmark() + " " + e.params() +
                    " threads=" + e.threads() + ") matches no cell of the run's plan in " + RunMetadata.FILE);
            }
            e.forks().forEach(s -> results.add(c, s));
            index++;
        }
    }

    /**
     * A cell matches an entry when the benchmark method, the lock, the thread count and every parameter of the cell
     * are equal; the entry may carry more parameters (JMH's defaults). A seed-000 cell's load unit must be the
     * entry's too: a pause cell names no unit (JMH's default), so a tokens entry would otherwise match it.
     */
    private static Cell match(final JmhJson.Entry e, final Map<String, List<Cell>> byKey)
    {
        for (final Bench b : Bench.values())
        {
            if (!b.isJmh() || !(b.benchmarkClass.getName() + "." + b.method).equals(e.benchmark()))
            {
                continue;
            }
            for (final Cell c : byKey.getOrDefault(key(b, e.params().get(b.implParam()), e.threads()), List.of()))
            {
                if (c.params().entrySet().stream().allMatch(p -> p.getValue().equals(e.params().get(p.getKey()))) &&
                    (b != Bench.LOCKTEST || LockTestSpec.unitOf(c.params()).equals(LockTestSpec.unitOf(e.params()))))
                {
                    return c;
                }
            }
        }
        return null;
    }

    private static String key(final Bench b, final String impl, final int threads)
    {
        return b.name() + '\u0000' + impl + '\u0000' + threads;
    }

    private static Cell cellOf(final Path dir, final Matrix matrix, final RunMetadata.CellKey key)
        throws UsageException
    {
        final Cell c;
        try
        {
            c = key.cell();
        }
        catch (final UsageException e)
        {
            throw new UsageException(dir.resolve(RunMetadata.FILE) + ": malformed: " + e.getMessage());
        }
        if (!matrix.cells.contains(c))
        {
            throw new UsageException(dir.resolve(RunMetadata.FILE) + ": cell '" + c.describe() +
                "' is not in the run's plan");
        }
        return c;
    }
}
