package org.rwsem4j.bench.ablation;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.rwsem4j.bench.LockTestMetrics;
import org.rwsem4j.bench.fairness.FairnessResult;
import org.rwsem4j.bench.report.MachineInfo;
import org.rwsem4j.bench.report.Progress;
import org.rwsem4j.bench.stats.Bootstrap;
import org.rwsem4j.cli.UsageErrors;
import org.rwsem4j.cli.UsageException;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonParseException;

/**
 * A run folder's {@code metadata.json}, beside its {@code jmh.json}: what {@code report --from} needs, with
 * {@code jmh.json}, to rebuild the report, and what a reader needs to judge the run. It holds the ablation's own
 * arguments exactly as given (re-parsed by {@link AblationCommand#parse} to rebuild the profile and the matrix), the
 * patches on the classpath, the machine ({@link MachineInfo}, with the pause calibration), the load average before
 * and after, the wall time, the failed cells, the fairness cells' results per fork and the fairness children's lines,
 * and, for human readers only, a per-cell summary of the seed-000 cells (overlap, event counters per 1,000 ops).
 * Written and read with Gson; the ablation rewrites it at the end of every round and at the end.
 */
final class RunMetadata
{
    /** The file's name in a run folder. */
    static final String FILE = "metadata.json";
    /** The format this build writes and reads. */
    static final int FORMAT_VERSION = 1;

    private static final Gson GSON = new GsonBuilder().setPrettyPrinting().serializeSpecialFloatingPointValues()
        .disableHtmlEscaping().create();

    int formatVersion = FORMAT_VERSION;
    /** The ablation's arguments (after {@code ablation}), exactly as given. */
    List<String> arguments;
    /**
     * {@link Profile#describe()} of the run's profile (null in folders written before it was recorded): what the
     * arguments resolved to in the build that ran.
     */
    String profile;
    /**
     * The load units of the seed-000 cells ({@code --unit}: {@code pause}, {@code tokens} or both), for readers; the
     * arguments decide them on rebuild (null in folders written before it was recorded, which were pause only).
     */
    List<String> loadUnits;
    /**
     * {@link FairnessCase#describeAll()} of the build that ran (null in folders written before the reader-flood case:
     * they measured the standard case only).
     */
    List<String> fairnessCases;
    /**
     * The JMH results' file name the run wrote ({@link RunFolder#JMH_JSON_GZ}); null in folders written before it
     * was recorded, which wrote {@link RunFolder#JMH_JSON}. The report's header names it; {@link RunFolder} reads
     * whichever of the two the folder holds.
     */
    String jmhFile;
    /** {@link PatchInfo#libraryPatchNames()} at run time. */
    List<String> libraryPatches;
    /** The bench-only controls on the classpath at run time. */
    List<String> controls;
    String stamp;
    String title;
    MachineInfo machine;
    String loadAverageBefore;
    String loadAverageAfter;
    double wallSeconds;
    int roundsDone;
    int rounds;
    boolean finished;
    List<Failure> failures = new ArrayList<>();
    List<FairnessCell> fairness = new ArrayList<>();
    List<String> fairnessLines = new ArrayList<>();
    List<CellSummary> seed000Cells = new ArrayList<>();

    /**
     * A cell, as the matrix makes it.
     *
     * @param bench   the {@link Bench} constant's name
     * @param impl    the lock
     * @param params  the other parameters
     * @param threads JMH threads
     */
    record CellKey(String bench, String impl, Map<String, String> params, int threads)
    {
        static CellKey of(final Cell c)
        {
            return new CellKey(c.bench().name(), c.impl(), new TreeMap<>(c.params()), c.threads());
        }

        Cell cell() throws UsageException
        {
            if (bench == null || impl == null || params == null)
            {
                throw new UsageException("a cell lacks its bench, impl or params");
            }
            try
            {
                return new Cell(Bench.valueOf(bench), impl, new TreeMap<>(params), threads);
            }
            catch (final IllegalArgumentException e)
            {
                throw new UsageException("unknown benchmark '" + bench + "'");
            }
        }
    }

    /**
     * A failed cell.
     *
     * @param cell     the cell
     * @param describe its one-line description
     * @param message  why it failed
     */
    record Failure(CellKey cell, String describe, String message)
    {
    }

    /**
     * A fairness cell's results, one per fork in run order (fairness cells are not in {@code jmh.json}).
     *
     * @param cell     the cell
     * @param describe its one-line description
     * @param forks    what each fork's child measured
     */
    record FairnessCell(CellKey cell, String describe, List<FairnessResult> forks)
    {
    }

    /**
     * For human readers: a seed-000 cell's medians over every measured iteration of every fork.
     *
     * @param describe     the cell
     * @param forks        forks measured
     * @param overlapPct   median worker overlap, percent
     * @param eventsPerKop median event counters per 1,000 ops (empty for a JDK peer)
     */
    record CellSummary(String describe, int forks, double overlapPct, Map<String, Double> eventsPerKop)
    {
    }

    private RunMetadata()
    {
    }

    /**
     * The metadata of a run that is starting.
     *
     * @param arguments  the ablation's arguments, as given
     * @param stamp      the run folder's name
     * @param title      the report's title
     * @param machine    the machine
     * @param loadBefore the load average before the run
     * @return the metadata, no round done
     */
    static RunMetadata start(final List<String> arguments, final Profile profile, final String stamp,
        final String title, final MachineInfo machine, final String loadBefore)
    {
        final RunMetadata m = new RunMetadata();
        m.arguments = List.copyOf(arguments);
        m.profile = profile.describe();
        m.loadUnits = profile.units.stream().map(u -> u.cliName).toList();
        m.fairnessCases = FairnessCase.describeAll();
        m.jmhFile = RunFolder.JMH_JSON_GZ;
        m.libraryPatches = new ArrayList<>(PatchInfo.libraryPatchNames());
        m.controls = PatchInfo.available().stream().filter(PatchInfo::isControl).map(PatchInfo::name).toList();
        m.stamp = stamp;
        m.title = title;
        m.machine = machine;
        m.loadAverageBefore = loadBefore;
        m.loadAverageAfter = loadBefore;
        return m;
    }

    /**
     * Records the run as it stands after a round.
     *
     * @param roundsDone    rounds finished
     * @param matrix        the run's matrix
     * @param results       its results so far
     * @param fairnessLines the fairness children's lines so far
     * @param wallSeconds   the wall time so far
     * @param loadAfter     the load average now
     */
    void update(final int roundsDone, final Matrix matrix, final Results results,
        final List<String> fairnessLines, final double wallSeconds, final String loadAfter)
    {
        this.roundsDone = roundsDone;
        this.rounds = matrix.rounds();
        this.finished = roundsDone == rounds;
        this.wallSeconds = wallSeconds;
        this.loadAverageAfter = loadAfter;
        this.fairnessLines = List.copyOf(fairnessLines);
        failures = new ArrayList<>();
        results.failures().forEach((c, why) -> failures.add(new Failure(CellKey.of(c), c.describe(), why)));
        fairness = new ArrayList<>();
        seed000Cells = new ArrayList<>();
        for (final Cell c : matrix.cells)
        {
            if (c.bench() == Bench.FAIRNESS && !results.samples(c).isEmpty())
            {
                fairness.add(new FairnessCell(CellKey.of(c), c.describe(),
                    results.samples(c).stream().map(Sample::fairness).toList()));
            }
            if (c.bench() == Bench.LOCKTEST)
            {
                summary(matrix, results, c);
            }
        }
    }

    private void summary(final Matrix matrix, final Results results, final Cell c)
    {
        final List<Double> overlap = results.iterationSecondary(c, LockTestMetrics.OVERLAP);
        if (overlap.isEmpty())
        {
            return;
        }
        final Map<String, Double> events = new LinkedHashMap<>();
        if (median(results.iterationSecondary(c, LockTestMetrics.EVENTS_KNOWN)) > 0)
        {
            for (final String counter : List.of(LockTestMetrics.SPINS, LockTestMetrics.SPIN_FAILS,
                LockTestMetrics.NULL_SPINS, LockTestMetrics.SLEEPS, LockTestMetrics.WAKEUPS,
                LockTestMetrics.HANDOFFS))
            {
                events.put(counter, median(results.iterationSecondary(c, counter)));
            }
        }
        seed000Cells.add(new CellSummary(c.describe(matrix.label(c.impl())), results.samples(c).size(),
            median(overlap), events));
    }

    private static double median(final List<Double> values)
    {
        return values.isEmpty() ? 0 : Bootstrap.median(values.stream().mapToDouble(Double::doubleValue).toArray());
    }

    /**
     * Writes {@value #FILE} into a run folder (replacing it).
     *
     * @param dir the run folder
     * @throws IOException if it cannot be written
     */
    void write(final Path dir) throws IOException
    {
        final Path tmp = dir.resolve(FILE + ".tmp");
        Files.deleteIfExists(tmp); // a leftover of an interrupted write: a link is removed, never followed
        try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8,
            java.nio.file.StandardOpenOption.CREATE_NEW, java.nio.file.StandardOpenOption.WRITE))
        {
            GSON.toJson(this, w);
            w.write('\n');
        }
        Files.move(tmp, dir.resolve(FILE), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }

    /**
     * Reads a run folder's {@value #FILE}.
     *
     * @param dir the run folder
     * @return the metadata, checked for the fields a report needs
     * @throws UsageException if it is missing, not JSON, not this format, or lacks a field
     */
    static RunMetadata read(final Path dir) throws UsageException
    {
        final Path file = dir.resolve(FILE);
        final RunMetadata m;
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8))
        {
            m = GSON.fromJson(r, RunMetadata.class);
        }
        catch (final NoSuchFileException e)
        {
            throw new UsageException(dir + ": no " + FILE + " (a run made before run folders had one, or not a run " +
                "folder)");
        }
        catch (final IOException e)
        {
            throw new UsageException(file + ": cannot read: " + UsageErrors.oneLine(e.getMessage()));
        }
        catch (final JsonParseException | IllegalStateException | IllegalArgumentException e)
        {
            throw new UsageException(file + ": malformed: " + UsageErrors.oneLine(e.getMessage()));
        }
        if (m == null)
        {
            throw new UsageException(file + ": malformed: empty");
        }
        m.check(file);
        return m;
    }

    private void check(final Path file) throws UsageException
    {
        if (formatVersion != FORMAT_VERSION)
        {
            throw new UsageException(file + ": format version " + formatVersion + ", this build reads " +
                FORMAT_VERSION);
        }
        final Map<String, Object> required = new LinkedHashMap<>();
        required.put("arguments", arguments);
        required.put("libraryPatches", libraryPatches);
        required.put("controls", controls);
        required.put("stamp", stamp);
        required.put("title", title);
        required.put("machine", machine);
        required.put("loadAverageBefore", loadAverageBefore);
        required.put("loadAverageAfter", loadAverageAfter);
        required.put("failures", failures);
        required.put("fairness", fairness);
        required.put("fairnessLines", fairnessLines);
        for (final Map.Entry<String, Object> e : required.entrySet())
        {
            if (e.getValue() == null || e.getValue() instanceof List && ((List<?>)e.getValue()).contains(null))
            {
                throw new UsageException(file + ": malformed: missing or null '" + e.getKey() + "'");
            }
        }
        if (machine.cpu() == null || machine.jvm() == null || machine.os() == null || machine.date() == null ||
            machine.commit() == null)
        {
            throw new UsageException(file + ": malformed: 'machine' lacks a field");
        }
        for (final FairnessCell f : fairness)
        {
            if (f.cell() == null || f.forks() == null || f.forks().stream().anyMatch(r -> r == null ||
                r.readOps == null || r.writeOps == null))
            {
                throw new UsageException(file + ": malformed: a fairness cell lacks its cell or a fork's ops");
            }
        }
        for (final Failure f : failures)
        {
            if (f.cell() == null || f.message() == null)
            {
                throw new UsageException(file + ": malformed: a failure lacks its cell or message");
            }
        }
    }

    /** @return the run's wall time as the report prints it */
    String took()
    {
        return Progress.clock(wallSeconds);
    }
}
