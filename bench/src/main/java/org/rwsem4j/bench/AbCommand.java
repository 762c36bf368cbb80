package org.rwsem4j.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;

import org.rwsem4j.bench.ab.AbCell;
import org.rwsem4j.bench.ab.AbCells;
import org.rwsem4j.bench.ab.AbPlan;
import org.rwsem4j.bench.ab.AbReport;
import org.rwsem4j.bench.ab.AbResults;
import org.rwsem4j.bench.ab.AbRun;
import org.rwsem4j.bench.ab.BenchJar;
import org.rwsem4j.bench.report.MachineInfo;
import org.rwsem4j.bench.report.Progress;
import org.rwsem4j.cli.UsageException;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ab <jarA> <jarB>}: measures two builds of the project (say the commit before a change and the one after) by
 * alternating forks of their shaded bench jars in one run, and reports B against A per cell with a verdict whose
 * family-wise false-positive rate is at most 5%. Running the same jar as A and B is the null control: every row must
 * say "no difference".
 */
@Command(name = "ab", sortOptions = false,
    description = {"Measures two builds (shaded bench jars) by alternating forks of the two in one run, and prints " +
        "B against A per cell: each median, B/A - 1 with its 95%% bootstrap interval and a Holm-corrected verdict.",
        "Each fork is a child 'java -jar <jar> jmh ...' with one JMH fork; the jars may come from any commit that " +
        "has the 'jmh' command. bench/ab.sh builds the jars at two git revisions and runs this."})
public final class AbCommand implements Callable<Integer>
{
    private final PrintStream out;
    private final PrintStream err;

    @Parameters(index = "0", paramLabel = "<jarA>", description = "the reference build's rwsem4j-bench.jar")
    private Path jarA;

    @Parameters(index = "1", paramLabel = "<jarB>", description = "the changed build's rwsem4j-bench.jar")
    private Path jarB;

    @Option(names = "--impl", paramLabel = "a,b", description = "lock specs or peers (default: ${DEFAULT-VALUE})")
    private String impl = "recommended";

    @Option(names = "--ratio", paramLabel = "r:w,...", description = "LockTestBenchmark ratios (default: 1:1,10:1)")
    private String ratio;

    @Option(names = "--threads", paramLabel = "n,...", description = "LockTestBenchmark threads (default: 10)")
    private String threads;

    @Option(names = "--load", paramLabel = "n,...", description = "LockTestBenchmark load (default: 1)")
    private String load;

    @Option(names = "--param", paramLabel = "k=v", description = {"an extra JMH parameter, one value, repeatable " +
        "(LockTestBenchmark's default cell has ops=" + AbCells.DEFAULT_OPS + " millis=" + AbCells.DEFAULT_MILLIS +
        ", sized by time as the ablation's; k=" + AbCells.OFF + " leaves a default out, e.g. millis=off for jars " +
        "built before cells were sized by time); a jar whose benchmark lacks a parameter fails its cells"})
    private List<String> params = new ArrayList<>();

    @Option(names = "--forks", paramLabel = "N", description = "forks per cell and jar, one per round; a verdict " +
        "needs 5 (default: ${DEFAULT-VALUE})")
    private int forks = 5;

    @Option(names = "--warmups", paramLabel = "W", description = "warm-up iterations per fork (default: " +
        "${DEFAULT-VALUE})")
    private int warmups = 1;

    @Option(names = "--iterations", paramLabel = "I", description = "measured iterations per fork (default: " +
        "${DEFAULT-VALUE})")
    private int iterations = 2;

    @Option(names = "--benchmark", paramLabel = "Class[.method]", description = "a JMH benchmark class of the bench " +
        "(default: ${DEFAULT-VALUE})")
    private String benchmark = AbCells.LOCK_TEST;

    @Option(names = "--out", paramLabel = "DIR", description = "keep the children's JMH JSON and output there and " +
        "write report.md")
    private Path outDir;

    @Option(names = "--dry-run", description = "print the plan and every child's command line, run nothing")
    private boolean dryRun;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "this help")
    private boolean help;

    /** Prints to the standard streams. */
    public AbCommand()
    {
        this(System.out, System.err);
    }

    /**
     * @param out where the progress and the report go
     * @param err where a usage error's one line goes
     */
    public AbCommand(final PrintStream out, final PrintStream err)
    {
        this.out = out;
        this.err = err;
    }

    /**
     * Runs {@code ab} on its own (before, and besides, its place among the jar's commands).
     *
     * @param args the command line after {@code ab}
     */
    public static void main(final String[] args)
    {
        final int status = execute(System.out, System.err, args);
        System.out.flush();
        System.exit(status);
    }

    /**
     * Parses and runs the command; a usage error prints one line {@code rwsem4j-bench: <what>} and gives 2.
     *
     * @param out  standard output
     * @param err  standard error
     * @param args the command line after {@code ab}
     * @return the exit status: 0, 1 if a cell failed, 2 for bad arguments
     */
    static int execute(final PrintStream out, final PrintStream err, final String... args)
    {
        final CommandLine cl = new CommandLine(new AbCommand(out, err));
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        cl.setParameterExceptionHandler((e, a) ->
        {
            err.println("rwsem4j-bench: " + e.getMessage().lines().findFirst().orElse("bad arguments"));
            return BenchMain.USAGE;
        });
        return cl.execute(args);
    }

    @Override
    public Integer call() throws Exception
    {
        final AbPlan plan;
        try
        {
            plan = plan();
            if (outDir != null && Files.exists(outDir) && !Files.isDirectory(outDir))
            {
                throw new UsageException("--out " + outDir + ": not a directory");
            }
        }
        catch (final UsageException e)
        {
            err.println("rwsem4j-bench: " + e.getMessage());
            return BenchMain.USAGE;
        }
        if (dryRun)
        {
            out.print(plan.describe(java(), outDir == null ? Path.of("<tmp>") : outDir));
            return 0;
        }
        final Path work;
        try
        {
            work = outDir == null ? Files.createTempDirectory("rwsem4j-ab-") : Files.createDirectories(outDir);
        }
        catch (final IOException e)
        {
            err.println("rwsem4j-bench: --out " + outDir + ": cannot create: " + e.getMessage());
            return BenchMain.USAGE;
        }
        return run(plan, work.toAbsolutePath());
    }

    /**
     * @return the plan the arguments describe
     * @throws UsageException for any bad argument or jar
     */
    AbPlan plan() throws UsageException
    {
        final String benchClass = AbCells.benchmarkClass(benchmark);
        if (forks < 1)
        {
            throw new UsageException("--forks must be at least 1, got " + forks);
        }
        if (warmups < 0)
        {
            throw new UsageException("--warmups must be at least 0, got " + warmups);
        }
        if (iterations < 1)
        {
            throw new UsageException("--iterations must be at least 1, got " + iterations);
        }
        final List<AbCell> cells = AbCells.cells(benchClass, impl, ratio, threads, load, params);
        return new AbPlan(BenchJar.open(jarA, benchClass), BenchJar.open(jarB, benchClass), benchmark, cells, forks,
            warmups, iterations);
    }

    private int run(final AbPlan plan, final Path work) throws Exception
    {
        final MachineInfo machine = MachineInfo.probe(Double.NaN, Double.NaN);
        final String loadBefore = MachineInfo.loadAverage();
        final long start = System.nanoTime();
        out.println("A: " + plan.jar(AbPlan.Side.A).describe());
        out.println("B: " + plan.jar(AbPlan.Side.B).describe());
        out.println(plan.summary() + "; load average " + loadBefore);
        final AbResults results = new AbRun(plan, java(), work, out).run();
        final AbReport.Header header = new AbReport.Header(machine.cores() + " cores (" + machine.cpu() + "), " +
            machine.jvm() + ", " + machine.os(), machine.date(), loadBefore, MachineInfo.loadAverage(),
            Progress.clock((System.nanoTime() - start) / 1e9));
        final String report = new AbReport(plan, results).render(header);
        out.println();
        out.print(report);
        if (outDir != null)
        {
            Files.writeString(work.resolve("report.md"), report);
            out.println();
            out.println("report and the children's JMH JSON: " + work);
        }
        else
        {
            deleteTree(work);
        }
        return results.failures().isEmpty() ? 0 : 1;
    }

    private static Path java()
    {
        return Path.of(System.getProperty("java.home"), "bin", "java");
    }

    private static void deleteTree(final Path dir) throws IOException
    {
        try (Stream<Path> files = Files.walk(dir))
        {
            for (final Path p : files.sorted(Comparator.reverseOrder()).toList())
            {
                Files.deleteIfExists(p);
            }
        }
    }
}
