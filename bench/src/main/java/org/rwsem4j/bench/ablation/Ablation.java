package org.rwsem4j.bench.ablation;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.zip.GZIPOutputStream;

import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.RunnerException;
import org.rwsem4j.bench.LoadCalibration;
import org.rwsem4j.bench.LoadUnit;
import org.rwsem4j.bench.LockTestMetrics;
import org.rwsem4j.bench.report.MachineInfo;
import org.rwsem4j.bench.report.Numbers;
import org.rwsem4j.bench.report.Progress;
import org.rwsem4j.bench.stats.Bootstrap;
import org.rwsem4j.cli.UsageException;

/**
 * The per-patch ablation: plans the configurations for every available patch ({@link AblationPlan}), builds the
 * matrix ({@link Matrix}), runs every cell once per round with one fork per run (so rounds interleave and machine
 * drift spreads over all cells), then prints the seed-style tables and writes the JMH JSON, a Markdown report and
 * one SVG per table.
 *
 * <p>Output layout under {@code --out} (default the git-ignored {@code bench/target}, {@link RunPlace}):
 * {@code runs/<stamp>/}, created fresh, holds the dated report ({@code report.md}), {@code jmh.json.gz} (JMH's JSON,
 * gzipped), {@code metadata.json} ({@link RunMetadata}: both rewritten after every round; {@code report --from}
 * rebuilds the report from them), {@code fairness.txt} and the SVGs. Only {@code --publish} writes elsewhere: it
 * copies the finished folder to {@code <publish>/runs/<stamp>/} and replaces {@code <publish>/latest.md}, a copy of
 * the report whose chart links point into that folder.
 */
public final class Ablation
{
    private Ablation()
    {
    }

    /**
     * What could fail only after hours of measuring is checked first: the report folder can be made, and the seed
     * claims (a resource, read on first use) load.
     */
    private static void checkBeforeMeasuring(final AblationArgs a) throws UsageException
    {
        RunPlace.prepare(a.out, "--out");
        if (a.publish != null)
        {
            RunPlace.prepare(a.publish, "--publish");
            if (RunPlace.sameFolder(a.out, a.publish))
            {
                throw new UsageException("--out and --publish name the same folder (" + a.out + "): the run would " +
                    "find its own published copy in place; leave out --out");
            }
        }
        try
        {
            SeedClaims.all();
        }
        catch (final IllegalStateException | ExceptionInInitializerError e)
        {
            final Throwable why = e instanceof ExceptionInInitializerError && e.getCause() != null ? e.getCause() : e;
            throw new UsageException("this bench jar is broken, its seed claims do not load: " + why.getMessage());
        }
    }

    /**
     * @param a         the checked settings ({@link AblationCommand})
     * @param arguments the arguments after {@code ablation}, as given (recorded in metadata.json)
     * @param out       console output
     * @param err       console errors
     * @return 0, or 1 if any cell failed
     * @throws UsageException for bad arguments
     */
    static int run(final AblationArgs a, final List<String> arguments, final PrintStream out, final PrintStream err)
        throws UsageException
    {
        final Matrix matrix = matrix(a);
        final AblationPlan plan = matrix.plan;
        final Profile p = a.profile;
        final double estimate = printPlan(a, plan, matrix, out);
        if (a.dryRun)
        {
            return 0;
        }
        checkBeforeMeasuring(a);
        final double pause = LoadCalibration.nanosPerPause();
        final double token = LoadCalibration.nanosPerUnit(LoadUnit.TOKENS);
        out.printf(Locale.ROOT, "1 pause unit (Thread.onSpinWait) = %.1f ns; 1 token (Blackhole.consumeCPU) = " +
            "%.2f ns; %d cores%n", pause, token, Runtime.getRuntime().availableProcessors());
        final MachineInfo machine = MachineInfo.probe(pause, token);
        final String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + "-" + p.name;
        final String title = "rwsem4j ablation, " + p.name + " profile, " + stamp;
        final Path runDir;
        try
        {
            runDir = RunPlace.createRun(a.out, stamp);
        }
        catch (final IOException e)
        {
            err.println("rwsem4j-bench: cannot create the run folder: " +
                (e.getClass() == IOException.class ? e.getMessage() : e.toString()));
            return 1;
        }
        final RunMetadata meta = RunMetadata.start(arguments, p, stamp, title, machine, MachineInfo.loadAverage());
        final Results results = new Results();
        final List<RunResult> jmh = new ArrayList<>();
        final JmhCellRunner jmhRunner = new JmhCellRunner(p);
        final FairnessRunner fairnessRunner = new FairnessRunner();
        final Progress progress = new Progress(out, matrix.runs(), estimate);
        final int rounds = matrix.rounds();
        for (int round = 1; round <= rounds; round++)
        {
            final int r = round;
            final List<Cell> order = new ArrayList<>(matrix.cells);
            order.removeIf(c -> matrix.forks(c) < r);
            Collections.shuffle(order, new Random(round));
            for (final Cell c : order)
            {
                final String outcome = runOnce(c, results, jmh, jmhRunner, fairnessRunner);
                if (outcome == null)
                {
                    err.println("rwsem4j-bench: interrupted");
                    return 1;
                }
                progress.finished(round, rounds, c.describe(matrix.label(c.impl())), p.estimateSeconds(c), outcome);
            }
            writeJson(runDir.resolve(RunFolder.JMH_JSON_GZ), jmh, err);
            meta.update(round, matrix, results, fairnessRunner.kernelLines(), progress.elapsedSeconds(),
                MachineInfo.loadAverage());
            writeMetadata(runDir, meta, err);
        }
        final Report report = new Report(matrix, results, machine);
        out.print(report.text());
        final String header = header(matrix, report, meta);
        try
        {
            for (final Map.Entry<String, String> svg : report.svgs().entrySet())
            {
                Files.writeString(runDir.resolve(svg.getKey() + ".svg"), svg.getValue(), StandardCharsets.UTF_8);
            }
            Files.writeString(runDir.resolve("report.md"), report.markdown(title, "", results.failures(), header),
                StandardCharsets.UTF_8);
            Files.write(runDir.resolve("fairness.txt"), fairnessRunner.kernelLines(), StandardCharsets.UTF_8);
        }
        catch (final IOException e)
        {
            err.println("rwsem4j-bench: cannot write the report: " + e.getMessage());
            return 1;
        }
        out.printf(Locale.ROOT, "%nrun folder: %s (report: %s), took %s%n", runDir, runDir.resolve("report.md"),
            Progress.clock(progress.elapsedSeconds()));
        if (a.publish == null || !results.failures().isEmpty())
        {
            out.println((a.publish == null ? "not published" : "not published: a cell failed") +
                " (to publish it: java -jar bench/target/rwsem4j-bench.jar publish --from " + runDir + ")");
        }
        else
        {
            final Path copy = RunPlace.publish(runDir, a.publish, stamp,
                report.markdown(title, RunPlace.RUNS + "/" + stamp + "/", results.failures(), header));
            out.println("published: " + copy + " and " + a.publish.resolve(RunPlace.LATEST));
        }
        if (!results.failures().isEmpty())
        {
            err.println("rwsem4j-bench: " + results.failures().size() + " cell(s) failed; see the report");
            return 1;
        }
        return 0;
    }

    /**
     * @param a the checked settings
     * @return the run's matrix (its plan: {@link Matrix#plan})
     * @throws UsageException if the settings make no valid matrix
     */
    public static Matrix matrix(final AblationArgs a) throws UsageException
    {
        final AblationPlan plan = AblationPlan.of(a.profile.contributionCells().isEmpty() ? List.of() :
            PatchInfo.available(), a.patches);
        try
        {
            return new Matrix(a.profile, plan, a.variants, a.sections);
        }
        catch (final IllegalArgumentException e)
        {
            throw new UsageException(e.getMessage());
        }
    }

    /**
     * The report header's run lines: profile, verdicts and controls, patches, load average, files. Everything comes
     * from the run's metadata, so {@code report --from} prints the same lines.
     */
    static String header(final Matrix matrix, final Report report, final RunMetadata run)
    {
        final Profile p = matrix.profile;
        final List<String> library = run.libraryPatches;
        final String took = run.took();
        return String.format(Locale.ROOT,
            "- profile: %s (%d forks%s; seed-000 cells %s); %d cells, %d runs, " +
            "took %s%n%s" +
            "- verdicts: %d, Holm-corrected together (family-wise false-positive rate <= 5%%)%s%n" +
            "- patches available: %s%n%s" +
            "- load average (1/5/15 min) before: %s, after: %s (other work on the machine " +
            "widens the spread)%n- JMH JSON: `%s`; fairness child output: `fairness.txt`%n",
            p.name, p.forks, controlForks(matrix), p.sizing(), matrix.cells.size(), matrix.runs(), took,
            unitsLine(p),
            report.verdicts().family(), report.controlSummary().isEmpty() ? "" : "; " + report.controlSummary(),
            library.isEmpty() ? "none (base engine only)" : String.join(", ", library),
            // runs recorded before the presets line (no jmhFile field either) rebuild their report byte for byte
            run.jmhFile == null ? "" : "- presets in this build: " + Presets.line(library) + System.lineSeparator(),
            run.loadAverageBefore, run.loadAverageAfter, run.jmhFile == null ? RunFolder.JMH_JSON : run.jmhFile);
    }

    /**
     * @param p the run's profile
     * @return the header's line on the seed-000 load unit, or empty for pause only (the default, as before units)
     */
    static String unitsLine(final Profile p)
    {
        if (!p.namesUnits())
        {
            return "";
        }
        return "- seed-000 load unit: " + (p.units.size() == 1 ? p.units.get(0).description + "; every seed-000 " +
            "table names its unit" : String.join(" and ", p.units.stream().map(u -> u.description).toList()) +
            ": every seed-000 cell in each, in the same rounds; every seed-000 table names its unit") +
            System.lineSeparator();
    }

    /** @return e.g. {@code , 15 for the controls' 12 cells}, or empty when every cell runs the profile's forks */
    private static String controlForks(final Matrix matrix)
    {
        final long more = matrix.cells.stream().filter(c -> matrix.forks(c) > matrix.profile.forks).count();
        return more == 0 ? "" : String.format(Locale.ROOT, ", %d for the controls' %d cells", matrix.rounds(), more);
    }

    /**
     * Runs one fork of a cell and records its sample or its failure.
     *
     * @return the progress line's outcome, or null if the thread was interrupted
     */
    private static String runOnce(final Cell c, final Results results, final List<RunResult> jmh,
        final JmhCellRunner jmhRunner, final FairnessRunner fairnessRunner)
    {
        if (results.failed(c))
        {
            return "skipped (failed before)";
        }
        try
        {
            final Sample s;
            if (c.bench().isJmh())
            {
                final RunResult rr = jmhRunner.run(c);
                jmh.add(rr);
                s = JmhCellRunner.sample(rr);
            }
            else
            {
                s = fairnessRunner.run(c);
            }
            results.add(c, s);
            return Numbers.seed(s.score()) + " " + c.bench().unit + overlapNote(s);
        }
        catch (final RunnerException | IOException | RuntimeException e)
        {
            results.fail(c, rootMessage(e));
            return "FAILED: " + rootMessage(e).lines().findFirst().orElse("");
        }
        catch (final InterruptedException e)
        {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /** Prints the plan (cells, runs, estimate, contributions and controls); returns the estimate in seconds. */
    private static double printPlan(final AblationArgs a, final AblationPlan plan, final Matrix matrix,
        final PrintStream out)
    {
        final Profile p = a.profile;
        double estimate = 0;
        for (final Cell c : matrix.cells)
        {
            estimate += p.estimateSeconds(c) * matrix.forks(c);
        }
        final Set<String> library = PatchInfo.libraryPatchNames();
        out.printf(Locale.ROOT, "rwsem4j ablation (%s): %d patches available (%s); %d contributions, %d controls; " +
            "%d cells x %d forks%s = %d runs; seed-000 cells %s; rough estimate %s%n", p.name,
            library.size(), library.isEmpty() ? "base only" : String.join(",", library),
            plan.contributions().size() - plan.controlComparisons().size(), plan.controlComparisons().size(),
            matrix.cells.size(), p.forks, controlForks(matrix), matrix.runs(), p.sizing(), Progress.clock(estimate));
        out.println("  seed-000: threads " + p.lockTestThreads + ", r:w " + p.ratios + ", loads " + p.headlineLoads +
            "; headline " + matrix.headline.stream().map(matrix::label).toList() + " and peers " + p.headlinePeers +
            (p.namesUnits() ? "; load units " + p.units.stream().map(u -> u.cliName).toList() : "") +
            "; sections " + a.sections);
        out.println("  presets in this build: " + Presets.line(library));
        out.println("  estimate by benchmark: " + estimateByBench(matrix, p));
        for (final BenchSpec spec : BenchSpecs.ALL)
        {
            if (a.sections.contains(spec.section()))
            {
                spec.notes(matrix).forEach(n -> out.println("  " + spec.section().cliName() + ": " + n));
            }
        }
        if (p.forks < Bootstrap.MIN_FORKS)
        {
            out.println("  " + p.forks + " forks: changes get an interval but no verdict (a verdict needs at least " +
                Bootstrap.MIN_FORKS + ")");
        }
        for (final Contribution c : plan.contributions())
        {
            out.println("  " + c.title() + "   [" + c.with().spec() + " vs " + c.without().spec() + "]");
        }
        return estimate;
    }

    /** @return e.g. {@code , overlap 97%} for a seed-000 fork (median over its iterations), else empty */
    private static String overlapNote(final Sample s)
    {
        final double[] v = s.perIteration().stream().filter(m -> m.containsKey(LockTestMetrics.OVERLAP))
            .mapToDouble(m -> m.get(LockTestMetrics.OVERLAP)).toArray();
        return v.length == 0 ? "" : String.format(Locale.ROOT, ", overlap %.0f%%", Bootstrap.median(v));
    }

    private static String estimateByBench(final Matrix matrix, final Profile p)
    {
        final Map<Bench, double[]> by = new java.util.EnumMap<>(Bench.class);
        for (final Cell c : matrix.cells)
        {
            final double[] v = by.computeIfAbsent(c.bench(), b -> new double[2]);
            v[0]++;
            v[1] += p.estimateSeconds(c) * matrix.forks(c);
        }
        final StringBuilder sb = new StringBuilder();
        by.forEach((b, v) -> sb.append(sb.length() == 0 ? "" : ", ").append(b.name().toLowerCase(Locale.ROOT))
            .append(' ').append((int)v[0]).append(" cells ").append(Progress.clock(v[1])));
        return sb.toString();
    }

    private static void writeMetadata(final Path runDir, final RunMetadata meta, final PrintStream err)
    {
        try
        {
            meta.write(runDir);
        }
        catch (final IOException e)
        {
            err.println("rwsem4j-bench: cannot write " + runDir.resolve(RunMetadata.FILE) + ": " + e.getMessage());
        }
    }

    /**
     * Rewrites the results after every round: into a temporary file first (created new, so never through a link),
     * moved over the old one only when complete, so an interrupted write never leaves a truncated file in place of the
     * rounds already finished.
     */
    static void writeJson(final Path file, final List<RunResult> results, final PrintStream err)
    {
        final Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        boolean complete = false;
        try
        {
            Files.deleteIfExists(tmp); // a leftover of an interrupted round (a link is removed, never followed)
        }
        catch (final IOException e)
        {
            err.println("rwsem4j-bench: cannot write " + file + ": " + e.getMessage());
            return;
        }
        try (PrintStream ps = new PrintStream(new GZIPOutputStream(Files.newOutputStream(tmp,
            StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)), false,
            StandardCharsets.UTF_8))
        {
            ResultFormatFactory.getInstance(ResultFormatType.JSON, ps).writeOut(results);
            ps.close();
            complete = !ps.checkError();
            if (!complete)
            {
                err.println("rwsem4j-bench: cannot write " + file + " (a write error; the previous file stays)");
            }
        }
        catch (final IOException e)
        {
            err.println("rwsem4j-bench: cannot write " + file + ": " + e.getMessage());
        }
        try
        {
            if (complete)
            {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            }
            else
            {
                Files.deleteIfExists(tmp);
            }
        }
        catch (final IOException e)
        {
            err.println("rwsem4j-bench: cannot write " + file + ": " + e.getMessage());
        }
    }

    private static String rootMessage(final Throwable e)
    {
        Throwable t = e;
        final StringBuilder sb = new StringBuilder();
        while (t != null)
        {
            if (t.getMessage() != null && !t.getMessage().isBlank())
            {
                sb.setLength(0);
                sb.append(t.getClass().getSimpleName()).append(": ").append(t.getMessage().trim());
            }
            t = t.getCause();
        }
        return sb.length() == 0 ? e.toString() : sb.toString();
    }
}
