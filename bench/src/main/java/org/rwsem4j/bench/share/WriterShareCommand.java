package org.rwsem4j.bench.share;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

import org.rwsem4j.Variant;
import org.rwsem4j.bench.Locks;
import org.rwsem4j.bench.PositiveInt;
import org.rwsem4j.bench.ablation.PatchInfo;
import org.rwsem4j.bench.ablation.RunPlace;
import org.rwsem4j.cli.PresetStatus;
import org.rwsem4j.cli.UsageErrors;
import org.rwsem4j.cli.UsageException;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code writer-share}: the writer-share case's command line. Every argument is checked before the first fork starts;
 * with the hidden {@value #FORK_CHILD} it is also the child's entry (one lock, one shape, in this JVM).
 */
@Command(name = WriterShareCommand.NAME, sortOptions = false, usageHelpAutoWidth = true,
    description = {"The writer-share case: one lock, dedicated reader threads {read lock; spin --read-us; unlock} " +
        "and writer threads {write lock; spin --write-us; unlock; spin --gap-us}, in shapes one-reader (1 reader, 1 " +
        "writer), two-readers (2, 1) and writer-flood (1 reader, 4 writers). Each fork is a child JVM: a warm-up, " +
        "then --windows windows, each thread's acquisitions and lock wait p99/max per window. Writes report.md " +
        "(the worst window over all forks against the targets) and windows.csv.gz into a new folder " +
        "DIR/runs/<stamp>-writer-share/ (DIR: --out, by default the git-ignored bench/target)."},
    footer = {"", "Exit status: 0; 1 if a fork failed (the run goes on and reports it); 2 for bad arguments."})
public final class WriterShareCommand implements Callable<Integer>
{
    /** The command's name. */
    static final String NAME = "writer-share";
    /** The hidden option that makes this JVM one fork's child. */
    static final String FORK_CHILD = "--fork-child";
    /** The patch whose variant joins the default locks when the catalogue has it. */
    static final String PHASE_FAIR = "phase-fair";
    /** The default locks, before {@link #PHASE_FAIR}. */
    static final List<String> DEFAULT_LOCKS = List.of(Locks.RRWL, Locks.STAMPED, PresetStatus.RECOMMENDED,
        "base+reader-owned+reader-steal");
    /** The prefix of a lock name for patches on the bare engine, as the ablation labels them. */
    static final String BASE_PLUS = "base+";
    /** The most windows a fork may measure (each thread preallocates its histograms per window). */
    static final int MAX_WINDOWS = 1000;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Print this help and exit.")
    boolean help;

    @Option(names = "--forks", paramLabel = "N", converter = PositiveInt.class,
        description = "Forks (child JVMs) per lock and shape (default 10).")
    int forks = 10;

    @Option(names = "--shapes", paramLabel = "a,b", description = "Shapes (default one-reader,two-readers," +
        "writer-flood).")
    String shapes;

    @Option(names = "--locks", paramLabel = "a,b", description = "Locks: peers (rrwl, stamped, mutex, rrwl-fair) or " +
        "variant specs with options, e.g. recommended@handoff=0; base+P is the spec P (default rrwl,stamped," +
        "recommended," +
        "base+reader-owned+reader-steal, and base+phase-fair when the catalogue has phase-fair).")
    String locks;

    @Option(names = "--read-us", paramLabel = "US", converter = PositiveInt.class,
        description = "Each read section, µs (default 200).")
    int readMicros = 200;

    @Option(names = "--write-us", paramLabel = "US", description = "Each write section, µs (default 1).")
    int writeMicros = 1;

    @Option(names = "--gap-us", paramLabel = "US", description = "A writer's spin after each unlock, µs (default 20).")
    int gapMicros = 20;

    @Option(names = "--warmup-ms", paramLabel = "MS", description = "Unmeasured warm-up per fork (default 300).")
    int warmupMillis = 300;

    @Option(names = "--windows", paramLabel = "N", converter = PositiveInt.class,
        description = "Measured windows per fork (default 10, at most " + MAX_WINDOWS + ").")
    int windows = 10;

    @Option(names = "--window-ms", paramLabel = "MS", converter = PositiveInt.class,
        description = "Each window's length (default 1000).")
    int windowMillis = 1000;

    @Option(names = "--out", paramLabel = "DIR", description = "Where the run folder goes, as DIR/runs/<stamp>-" +
        "writer-share, created fresh (default bench/target, or target outside the project root: git-ignored).")
    Path out;

    @Option(names = "--dry-run", description = "Print the plan and the estimated time; run nothing.")
    boolean dryRun;

    @Option(names = FORK_CHILD, hidden = true, description = "Run one fork in this JVM (one lock, one shape) and " +
        "print its window lines.")
    boolean forkChild;

    @Spec
    CommandSpec spec;

    private final PrintStream stdout;

    /** @param stdout console output */
    public WriterShareCommand(final PrintStream stdout)
    {
        this.stdout = stdout;
    }

    @Override
    public Integer call() throws UsageException, InterruptedException
    {
        final ShareArgs a = settings();
        if (forkChild)
        {
            if (a.locks.size() != 1 || a.shapes.size() != 1)
            {
                throw new UsageException(FORK_CHILD + " runs one lock and one shape");
            }
            return ShareRun.child(a, stdout);
        }
        return ShareRun.run(a, arguments(), stdout);
    }

    /**
     * @return the options, checked
     * @throws UsageException for a bad number, shape or lock (the message names the option)
     */
    ShareArgs settings() throws UsageException
    {
        atLeast("--write-us", writeMicros, 0);
        atLeast("--gap-us", gapMicros, 0);
        atLeast("--warmup-ms", warmupMillis, 0);
        if (windows > MAX_WINDOWS)
        {
            throw new UsageException("--windows must be at most " + MAX_WINDOWS + ", got " + windows);
        }
        if ((long)readMicros + writeMicros > TimeUnit.MILLISECONDS.toMicros(windowMillis))
        {
            throw new UsageException("--window-ms " + windowMillis + " is shorter than one read section plus one " +
                "write section (" + readMicros + " + " + writeMicros + " µs)");
        }
        final List<Shape> shapeList = new ArrayList<>();
        for (final String s : list(shapes == null ? Shape.names() : shapes, "--shapes"))
        {
            try
            {
                shapeList.add(Shape.parse(s));
            }
            catch (final IllegalArgumentException e)
            {
                throw new UsageException("--shapes: " + e.getMessage());
            }
        }
        final List<String> leftOut = new ArrayList<>();
        final List<String> lockList = locks == null ? defaultLocks(PatchInfo.libraryPatchNames(), leftOut) :
            chosenLocks(list(locks, "--locks"));
        return new ShareArgs(forks, shapeList, lockList, new int[] {readMicros, writeMicros, gapMicros},
            new int[] {warmupMillis, windows, windowMillis}, out == null ? RunPlace.defaultOut() : out, dryRun,
            leftOut);
    }

    private static void atLeast(final String option, final int value, final int least) throws UsageException
    {
        if (value < least)
        {
            throw new UsageException(option + " must be at least " + least + ", got " + value);
        }
    }

    private static List<String> list(final String text, final String option) throws UsageException
    {
        final Set<String> items = new LinkedHashSet<>();
        for (final String s : text.split(",", -1))
        {
            if (s.isBlank())
            {
                throw new UsageException(option + ": empty item in '" + text + "'");
            }
            if (!items.add(s.trim()))
            {
                throw new UsageException(option + ": '" + s.trim() + "' is given twice");
            }
        }
        return new ArrayList<>(items);
    }

    /**
     * The spec {@link Locks} builds for a lock name: the name itself, or without its {@code base+} prefix, the
     * ablation's label for patches on the bare engine ({@code base+reader-steal} is the spec {@code reader-steal}).
     *
     * @param lock a lock name as given
     * @return its spec
     */
    static String spec(final String lock)
    {
        return lock.startsWith(BASE_PLUS) && lock.length() > BASE_PLUS.length() ? lock.substring(BASE_PLUS.length()) :
            lock;
    }

    private static List<String> chosenLocks(final List<String> names) throws UsageException
    {
        for (final String lock : names)
        {
            try
            {
                Locks.validate(spec(lock));
            }
            catch (final IllegalArgumentException | IllegalStateException e)
            {
                throw new UsageException("--locks: bad lock '" + lock + "': " + UsageErrors.oneLine(e.getMessage()));
            }
        }
        return names;
    }

    /**
     * The default locks this build can run: {@link #DEFAULT_LOCKS}, and {@code base+phase-fair} (or phase-fair with
     * the patches it requires, when that spec alone does not resolve) when the catalogue has {@value #PHASE_FAIR}.
     *
     * @param available the library patch names of the build
     * @param leftOut   receives one line per default lock left out, with the reason
     * @return the locks, in order
     */
    static List<String> defaultLocks(final Set<String> available, final List<String> leftOut)
    {
        final List<String> out = new ArrayList<>();
        for (final String lock : DEFAULT_LOCKS)
        {
            final String why = Locks.isPeer(lock) ? null : PresetStatus.of(spec(lock), available).reason();
            if (why == null)
            {
                out.add(lock);
            }
            else
            {
                leftOut.add(lock + " left out: " + UsageErrors.oneLine(why));
            }
        }
        final String phaseFair = BASE_PLUS + PHASE_FAIR;
        if (!available.contains(PHASE_FAIR))
        {
            leftOut.add(phaseFair + " left out: the catalogue has no patch named '" + PHASE_FAIR + "' (its module, " +
                "rwsem-phase-fair, is not in this build)");
            return out;
        }
        if (PresetStatus.of(PHASE_FAIR, available).available())
        {
            out.add(phaseFair);
            return out;
        }
        try
        {
            out.add(BASE_PLUS + Variant.withRequirements(List.of(Variant.patch(PHASE_FAIR))).spec());
        }
        catch (final IllegalArgumentException | IllegalStateException e)
        {
            leftOut.add(phaseFair + " left out: " + UsageErrors.oneLine(e.getMessage()));
        }
        return out;
    }

    /** @return the arguments after {@code writer-share}, as given (the report's header repeats them) */
    private List<String> arguments()
    {
        final List<String> all = spec.commandLine().getParseResult().originalArgs();
        final int at = spec.parent() == null ? -1 : all.indexOf(spec.name());
        return List.copyOf(all.subList(at + 1, all.size()));
    }
}
