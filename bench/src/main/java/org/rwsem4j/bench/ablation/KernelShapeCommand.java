package org.rwsem4j.bench.ablation;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.LocalDateTime;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.Callable;

import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.RunnerException;
import org.rwsem4j.bench.LoadCalibration;
import org.rwsem4j.bench.LoadUnit;
import org.rwsem4j.bench.LockTestMetrics;
import org.rwsem4j.bench.Locks;
import org.rwsem4j.bench.PositiveInt;
import org.rwsem4j.bench.Ratio;
import org.rwsem4j.bench.report.MachineInfo;
import org.rwsem4j.bench.report.Numbers;
import org.rwsem4j.bench.report.Progress;
import org.rwsem4j.bench.stats.Bootstrap;
import org.rwsem4j.cli.UsageException;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code kernel-shape}: seed 000's cells in the seed mail's own shape ({@link KernelShapePlan}), the peers and the
 * variants in the same run, judged against the targets ({@link KernelShapeReport}). It runs every cell once per round
 * (one fork per run, the cells shuffled per round, as the ablation does) with the ablation's JMH runner, and writes
 * {@code report.md} and {@code jmh.json.gz} into a fresh {@code DIR/runs/<stamp>-kernel-shape/}.
 */
@Command(name = "kernel-shape", sortOptions = false, usageHelpAutoWidth = true,
    description = {
        "Seed 000's cells in the kernel test's own shape: each worker does 1,000,000 lock/unlock operations and the " +
        "figure is the time until the last one finishes; per fork a 2 s untimed pre-warm, 2 warm-up and 5 measured " +
        "runs, median. 10 and 2 threads, r:w 0:1, 1:1 and 10:1, loads 1 and 10; rrwl, stamped, mutex and " +
        "recommended (and --locks) in the same run; 5 forks per cell at 10 threads, 10 at 2 threads. Reports each " +
        "cell's median time and worker overlap per lock, each variant's ratio to rrwl with its family-wise " +
        "(Bonferroni) 95%% interval, and the targets (ratio <= 1.25x, upper end <= 1.40x, in every cell where " +
        "both locks' workers " +
        "overlapped at least 80%%). Writes DIR/runs/<stamp>-kernel-shape/ (DIR: --out, by default the git-ignored " +
        "bench/target)."},
    footer = {"", "Exit status: 0; 1 if a cell failed (the run goes on and reports it); 2 for bad arguments."})
public final class KernelShapeCommand implements Callable<Integer>
{
    /** The file {@code --publish} replaces with the run's report. */
    static final String LATEST = "kernel-shape-latest.md";

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Print this help and exit.")
    boolean help;

    @Option(names = "--units", paramLabel = "U[,U]", description = "The load units: pause (Thread.onSpinWait, the " +
        "default), tokens (Blackhole.consumeCPU), or pause,tokens (each cell in both; twice the time).")
    String units;

    @Option(names = "--locks", paramLabel = "a,b,...", description = "Variant specs measured beside recommended " +
        "(e.g. base+reader-owned+reader-steal, recommended@handoff=0, phase-fair).")
    String locks;

    @Option(names = "--peers", paramLabel = "p,q,...", description = "The JDK peers (default rrwl,stamped,mutex; " +
        "rrwl is required: every ratio is to it).")
    String peers;

    @Option(names = "--threads", paramLabel = "N,M", description = "Thread counts (default 10,2).")
    String threads;

    @Option(names = "--ratios", paramLabel = "R,S", description = "r:w ratios (default 0:1,1:1,10:1).")
    String ratios;

    @Option(names = "--loads", paramLabel = "L,M", description = "Loads (default 1,10).")
    String loads;

    @Option(names = "--forks", paramLabel = "N", converter = PositiveInt.class,
        description = "Forks of every cell (default: 5 at 10 threads, 10 at 2 threads; a verdict needs 5).")
    Integer forks;

    @Option(names = "--ops", paramLabel = "N", converter = PositiveInt.class,
        description = "Operations per worker (default 1,000,000, the seed's count; smaller only to try the command).")
    Integer ops;

    @Option(names = "--prewarm", paramLabel = "MS", description = "The untimed pre-warm of each fork, ms " +
        "(default 2000; 0: none).")
    Integer prewarm;

    @Option(names = "--out", paramLabel = "DIR", description = "Where the run folder goes, as DIR/runs/<stamp>-" +
        "kernel-shape (default bench/target, or target outside the project root: git-ignored).")
    Path out;

    @Option(names = "--publish", paramLabel = "PUB", arity = "0..1", fallbackValue = "",
        description = "Once the run finished, copy its folder to PUB/runs/ and replace PUB/" + LATEST + " (PUB: " +
        "default bench/results).")
    String publish;

    @Option(names = "--dry-run", description = "Print the plan and the estimate; run nothing.")
    boolean dryRun;

    @Spec
    CommandSpec spec;

    private final PrintStream stdout;
    private final PrintStream stderr;

    /**
     * @param stdout console output
     * @param stderr console errors
     */
    public KernelShapeCommand(final PrintStream stdout, final PrintStream stderr)
    {
        this.stdout = stdout;
        this.stderr = stderr;
    }

    @Override
    public Integer call() throws UsageException
    {
        final KernelShapePlan plan = plan();
        final double estimate = plan.estimateSeconds();
        stdout.print("rwsem4j kernel-shape cross-check\n" + plan.describe());
        stdout.println("rough estimate: " + Progress.clock(estimate));
        if (dryRun)
        {
            return 0;
        }
        final Path outDir = out == null ? RunPlace.defaultOut() : out;
        final Path pubDir = publish == null ? null : publish.isEmpty() ? RunPlace.defaultPublish() :
            Paths.get(publish);
        RunPlace.prepare(outDir, "--out");
        if (pubDir != null)
        {
            RunPlace.prepare(pubDir, "--publish");
            if (RunPlace.sameFolder(outDir, pubDir))
            {
                throw new UsageException("--out and --publish name the same folder (" + outDir + "); leave out --out");
            }
        }
        return run(plan, outDir, pubDir, estimate);
    }

    /**
     * @return the checked plan
     * @throws UsageException for a bad unit, lock spec, peer, thread count, ratio or load
     */
    KernelShapePlan plan() throws UsageException
    {
        final List<String> p = peers == null ? KernelShapePlan.DEFAULT_PEERS : peers(peers);
        final List<String> v = new ArrayList<>(KernelShapePlan.DEFAULT_VARIANTS);
        if (locks != null)
        {
            CliItems.variantSpecs(locks, "--locks", "--peers chooses the peers").stream()
                .filter(s -> !v.contains(s)).forEach(v::add);
        }
        if (prewarm != null && prewarm < 0)
        {
            throw new UsageException("--prewarm must be at least 0, got " + prewarm);
        }
        return new KernelShapePlan(units == null ? List.of(LoadUnit.PAUSE) : units(units), p, v,
            threads == null ? KernelShapePlan.DEFAULT_THREADS : positives(threads, "--threads"),
            ratios == null ? KernelShapePlan.DEFAULT_RATIOS : ratios(ratios),
            loads == null ? KernelShapePlan.DEFAULT_LOADS : positives(loads, "--loads"),
            ops == null ? KernelShapePlan.OPS : ops, prewarm == null ? KernelShapePlan.PREWARM_MILLIS : prewarm,
            forks == null ? 0 : forks);
    }

    private int run(final KernelShapePlan plan, final Path outDir, final Path pubDir, final double estimate)
    {
        final ZonedDateTime started = ZonedDateTime.now();
        final double pause = LoadCalibration.nanosPerPause();
        final double token = LoadCalibration.nanosPerUnit(LoadUnit.TOKENS);
        final MachineInfo machine = MachineInfo.probe(pause, token);
        final String loadBefore = MachineInfo.loadAverage();
        final String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) +
            "-kernel-shape";
        final Path runDir;
        try
        {
            runDir = RunPlace.createRun(outDir, stamp);
        }
        catch (final IOException e)
        {
            stderr.println("rwsem4j-bench: cannot create the run folder: " + e.getMessage());
            return 1;
        }
        final Results results = new Results();
        final List<RunResult> jmh = new ArrayList<>();
        final JmhCellRunner runner = new JmhCellRunner(plan.profile);
        final List<Cell> cells = plan.cells();
        final Progress progress = new Progress(stdout, plan.runs(), estimate);
        final int rounds = plan.rounds();
        for (int round = 1; round <= rounds; round++)
        {
            final int r = round;
            final List<Cell> order = new ArrayList<>(cells);
            order.removeIf(c -> plan.forks(c) < r);
            Collections.shuffle(order, new Random(round));
            for (final Cell c : order)
            {
                final String outcome = runOnce(c, runner, results, jmh);
                if (outcome == null)
                {
                    stderr.println("rwsem4j-bench: interrupted");
                    return 1;
                }
                progress.finished(round, rounds, c.describe(), plan.estimateSeconds(c), outcome);
            }
            Ablation.writeJson(runDir.resolve(RunFolder.JMH_JSON_GZ), jmh, stderr);
        }
        final String title = "rwsem4j kernel-shape cross-check, " + stamp;
        final String header = header(plan, machine, started, progress.elapsedSeconds(), loadBefore);
        final KernelShapeReport report = new KernelShapeReport(plan, results);
        final String text = report.markdown(title, header, results.failures());
        stdout.print(text);
        try
        {
            Files.writeString(runDir.resolve("report.md"), text, StandardCharsets.UTF_8);
        }
        catch (final IOException e)
        {
            stderr.println("rwsem4j-bench: cannot write the report: " + e.getMessage());
            return 1;
        }
        stdout.printf(Locale.ROOT, "%nrun folder: %s, took %s%n", runDir, Progress.clock(progress.elapsedSeconds()));
        if (pubDir != null && results.failures().isEmpty())
        {
            try
            {
                final Path copy = RunPlace.publish(runDir, pubDir, stamp, LATEST, text);
                stdout.println("published: " + copy + " and " + pubDir.resolve(LATEST));
            }
            catch (final UsageException e)
            {
                stderr.println("rwsem4j-bench: " + e.getMessage());
                return 1;
            }
        }
        else if (pubDir != null)
        {
            stdout.println("not published: a cell failed");
        }
        if (!results.failures().isEmpty())
        {
            stderr.println("rwsem4j-bench: " + results.failures().size() + " cell(s) failed; see the report");
            return 1;
        }
        return 0;
    }

    private String header(final KernelShapePlan plan, final MachineInfo machine, final ZonedDateTime started,
        final double seconds, final String loadBefore)
    {
        return machine.markdown() + String.format(Locale.ROOT, "- command: `rwsem4j-bench kernel-shape %s`%n" +
            "- started: %s; took %s%n- load average (1/5/15 min) before: %s, after: %s%n%s" +
            "- JMH JSON: `%s`%n", String.join(" ", arguments()), started.format(DateTimeFormatter
            .ISO_OFFSET_DATE_TIME), Progress.clock(seconds), loadBefore, MachineInfo.loadAverage(),
            plan.describe().lines().map(l -> "- " + l + System.lineSeparator()).reduce("", String::concat),
            RunFolder.JMH_JSON_GZ);
    }

    private static String runOnce(final Cell c, final JmhCellRunner runner, final Results results,
        final List<RunResult> jmh)
    {
        if (results.failed(c))
        {
            return "skipped (failed before)";
        }
        try
        {
            final RunResult rr = runner.run(c);
            jmh.add(rr);
            final Sample s = JmhCellRunner.sample(rr);
            results.add(c, s);
            final double[] overlap = s.perIteration().stream().filter(m -> m.containsKey(LockTestMetrics.OVERLAP))
                .mapToDouble(m -> m.get(LockTestMetrics.OVERLAP)).toArray();
            return Numbers.seed(Bootstrap.median(s.iterations())) + " ms" + (overlap.length == 0 ? "" :
                String.format(Locale.ROOT, ", overlap %.0f%%", Bootstrap.median(overlap)));
        }
        catch (final RunnerException | RuntimeException e)
        {
            final String why = String.valueOf(e.getCause() != null ? e.getCause().getMessage() : e.getMessage());
            results.fail(c, why);
            return "FAILED: " + why.lines().findFirst().orElse("");
        }
    }

    /** @return the arguments after {@code kernel-shape}, as given */
    private List<String> arguments()
    {
        final List<String> all = spec.commandLine().getParseResult().originalArgs();
        final int at = spec.parent() == null ? -1 : all.indexOf(spec.name());
        return List.copyOf(all.subList(at + 1, all.size()));
    }

    /**
     * @param text a {@code --units} value
     * @return the units it names, in order
     * @throws UsageException if an item names no unit (the message lists the valid names)
     */
    static List<LoadUnit> units(final String text) throws UsageException
    {
        if (AblationCommand.BOTH_UNITS.equals(text.trim()))
        {
            return List.of(LoadUnit.values());
        }
        final List<LoadUnit> out = new ArrayList<>();
        for (final String s : CliItems.list(text, "--units"))
        {
            try
            {
                final LoadUnit u = LoadUnit.parse(s);
                if (!out.contains(u))
                {
                    out.add(u);
                }
            }
            catch (final IllegalArgumentException e)
            {
                throw new UsageException("--units: unknown load unit '" + s + "'; valid: " + LoadUnit.names() +
                    " (or both, comma-separated)");
            }
        }
        return out;
    }

    private static List<String> peers(final String text) throws UsageException
    {
        final List<String> out = new ArrayList<>();
        for (final String p : CliItems.list(text, "--peers"))
        {
            if (!Locks.isPeer(p))
            {
                throw new UsageException("--peers: '" + p + "' is not a peer; peers: " + String.join(",",
                    Locks.PEERS) + " (variants go to --locks)");
            }
            out.add(p);
        }
        if (!out.contains(KernelShapePlan.REFERENCE))
        {
            throw new UsageException("--peers must include " + KernelShapePlan.REFERENCE + ": every ratio is to it");
        }
        return out;
    }

    private static List<Integer> positives(final String text, final String option) throws UsageException
    {
        final List<Integer> out = new ArrayList<>();
        for (final String s : CliItems.list(text, option))
        {
            try
            {
                final int n = Integer.parseInt(s);
                if (n < 1)
                {
                    throw new NumberFormatException();
                }
                out.add(n);
            }
            catch (final NumberFormatException e)
            {
                throw new UsageException(option + ": '" + s + "' is not a positive integer");
            }
        }
        return out;
    }

    private static List<String> ratios(final String text) throws UsageException
    {
        final List<String> out = new ArrayList<>();
        for (final String s : CliItems.list(text, "--ratios"))
        {
            try
            {
                Ratio.parse(s);
            }
            catch (final IllegalArgumentException e)
            {
                throw new UsageException("--ratios: bad ratio '" + s + "': " + e.getMessage());
            }
            out.add(s);
        }
        return out;
    }
}
