package org.rwsem4j.bench.ablation;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.Set;

import org.rwsem4j.Variant;
import org.rwsem4j.bench.LoadUnit;
import org.rwsem4j.bench.LockTestRun;
import org.rwsem4j.bench.Locks;
import org.rwsem4j.bench.SlowWakeControlPatch;

/**
 * The sizes and cell sets of a run. Every profile sizes its seed-000 cells for steady state, by time: every worker
 * runs for the whole window ({@link #millis}, many scheduler slices), whatever the lock's speed or fairness, and the
 * figure is the time {@link #ops} operations per worker take at the measured rate ({@link LockTestRun}). The quick and
 * smoke profiles stay short by running fewer cells, not shorter ones. {@code --millis 0} sizes cells by ops instead
 * (the seed's own shape: time until the last worker finishes {@code ops} operations).
 * <ul>
 *   <li>{@link #smoke()}: seed-000 only, 10 threads, r:w 1:1 and 10:1, load 1; base and recommended beside rrwl and
 *       mutex; 5 forks (so its changes get verdicts; about 2 s per run, 70 s in all);</li>
 *   <li>{@link #quick()}: the headline variants and the peers rrwl, stamped and mutex at 10 threads, r:w 0:1, 1:1
 *       and 10:1, loads 1 and 10, and at 2 threads, load 1; the contributions and controls in the 1:1 and 10:1 cells
 *       at 10 threads, load 1 (the controls' cells with twice the forks); 5 forks; seed-004 trylock at 1 and 8
 *       threads, and the uncontended section; seed 000's whole series ({@link SeedSeries}). Macro, fairness and read
 *       scaling ({@link ReadScalingSpec}: 1, 2 and 10 threads on one lock, and 10,000 locks, in short windows) run in
 *       the full profile, or with {@code --only}.
 *       It fits 20 minutes on 2 cores because every seed-000 fork needs 5 warm-up iterations (1 s) before the
 *       variants' slow paths are compiled, and the cells were chosen to pay for that;</li>
 *   <li>{@link #full()}: the whole seed matrix for every configuration, 1,000,000 ops, 5 forks.</li>
 * </ul>
 */
public final class Profile
{
    /** The operations per worker a seed-000 figure is scaled to (by time), or each worker does (by ops). */
    static final int STEADY_OPS = 100_000;
    /** The window of a seed-000 iteration sized by time in the smoke and quick profiles, ms. */
    public static final int STEADY_MILLIS = 200;
    /**
     * A read-scaling iteration's cost beyond its window (starting the workers, their stop, JMH's bookkeeping), ms.
     */
    static final int READ_SCALING_ITERATION_OVERHEAD_MILLIS = 10;
    /**
     * Building the many-locks case's locks, and for a variant with reader-bias reading every lock's counters before
     * and after each run, per fork, seconds.
     */
    static final double MANY_LOCKS_SECONDS = 0.15;

    public final String name;
    public final int forks;
    /**
     * The controls' seed-000 cells (X and X+control, for every control, in the contribution cells) run this many
     * times {@link #forks}: base's 10-thread cells are chaotic, and their verdicts need the forks.
     */
    final int controlForkFactor;
    /** Lock/unlock operations per worker in every seed-000 cell (by time: the figure is scaled to them). */
    public final int ops;
    /** The window of every seed-000 iteration, ms; 0: cells sized by ops. */
    final int millis;
    final List<Integer> lockTestThreads;
    final List<String> ratios;
    final List<Integer> headlineLoads;
    /** The headline loads at a thread count that differs from {@link #headlineLoads} (quick: 2 threads, load 1). */
    final Map<Integer, List<Integer>> headlineLoadsByThreads;
    final List<Integer> contributionLoads;
    /** The JDK peers in the seed-000 headline (mutex always at r:w 0:1: every operation is exclusive). */
    final List<String> headlinePeers;
    /** The (r:w, threads) cells of the contributions and controls; empty: none are planned. */
    final List<String[]> contributionCells;
    final List<String> defaultVariants;
    final Set<Section> defaultSections;
    final List<Integer> trylockThreads;
    final List<Integer> macroThreads;
    final int singleShotWarmups;
    final int singleShotMeasurements;
    final int timedWarmups;
    final int timedMeasurements;
    final int iterationMillis;
    final int fairnessMillis;
    final int fairnessReaders = 2;
    final int fairnessWriters = 2;
    final int load = 10;
    /** The read-scaling section's thread counts on one lock ({@link ReadScalingSpec}). */
    final List<Integer> readScalingThreads;
    /** Its ratios: {@code ro}, then {@code r:w} from the fewest writes to the most. */
    final List<String> readScalingRatios;
    /** The window of one read-scaling iteration, ms. */
    final int readScalingMillis;
    /** The untimed run in the cell's shape before a read-scaling fork's first iteration, ms (ReadScalingBenchmark). */
    final int readScalingPrewarmMillis;
    final int readScalingWarmups;
    final int readScalingMeasurements;
    /** The read-mostly case over many locks: how many locks, at how many threads, at which ratio. */
    final int manyLocks;
    final int manyLocksThreads;
    final String manyLocksRatio;
    /**
     * Whether {@link #describe()} names the read-scaling settings: false only in the view of a run recorded before
     * the section existed ({@link #withoutReadScaling()}).
     */
    final boolean describesReadScaling;
    /** Whether every benchmark covers every configuration (the full profile). */
    final boolean allPeersEverywhere;
    /** Whether the run plans and prints seed 000's whole series in its own table ({@link SeedSeries}). */
    final boolean seriesTable;
    /** The load units every seed-000 cell runs in ({@code --unit}; default pause only), in plan order. */
    public final List<LoadUnit> units;
    /**
     * The unit of the seed-000 cells this profile names ({@link LockTestSpec#cell}): the first of {@link #units},
     * or the one a {@link #forUnit} view chose.
     */
    final LoadUnit unit;

    private Profile(final Builder b)
    {
        this.name = b.name;
        this.forks = b.forks;
        this.controlForkFactor = b.controlForkFactor;
        this.ops = b.ops;
        this.millis = b.millis;
        this.lockTestThreads = b.lockTestThreads;
        this.ratios = b.ratios;
        this.headlineLoads = b.headlineLoads;
        this.headlineLoadsByThreads = b.headlineLoadsByThreads;
        this.contributionLoads = b.contributionLoads;
        this.headlinePeers = b.headlinePeers;
        this.contributionCells = b.contributionCells;
        this.defaultVariants = b.defaultVariants;
        this.defaultSections = b.defaultSections;
        this.macroThreads = b.macroThreads;
        this.trylockThreads = b.trylockThreads;
        this.singleShotWarmups = b.singleShotWarmups;
        this.singleShotMeasurements = b.singleShotMeasurements;
        this.timedWarmups = b.timedWarmups;
        this.timedMeasurements = b.timedMeasurements;
        this.iterationMillis = b.iterationMillis;
        this.fairnessMillis = b.fairnessMillis;
        this.allPeersEverywhere = b.allPeersEverywhere;
        this.seriesTable = b.seriesTable;
        this.readScalingThreads = b.readScalingThreads;
        this.readScalingRatios = b.readScalingRatios;
        this.readScalingMillis = b.readScalingMillis;
        this.readScalingPrewarmMillis = b.readScalingPrewarmMillis;
        this.readScalingWarmups = b.readScalingWarmups;
        this.readScalingMeasurements = b.readScalingMeasurements;
        this.manyLocks = b.manyLocks;
        this.manyLocksThreads = b.manyLocksThreads;
        this.manyLocksRatio = b.manyLocksRatio;
        this.describesReadScaling = b.describesReadScaling;
        this.units = b.units;
        this.unit = b.unit == null ? b.units.get(0) : b.unit;
    }

    /** @return the smoke profile (see this class's description) */
    public static Profile smoke()
    {
        final Builder b = new Builder("smoke", 5, STEADY_OPS);
        b.lockTestThreads = List.of(10);
        b.ratios = List.of("1:1", "10:1");
        b.headlineLoads = List.of(1);
        b.contributionLoads = List.of(1);
        b.headlinePeers = List.of(Locks.MUTEX, Locks.RRWL);
        b.contributionCells = List.of();
        b.defaultVariants = List.of("base", "recommended");
        b.defaultSections = EnumSet.of(Section.LOCKTEST);
        return new Profile(b);
    }

    static Profile quick()
    {
        final Builder b = new Builder("quick", 5, STEADY_OPS);
        b.headlineLoads = List.of(1, 10);
        b.headlineLoadsByThreads = Map.of(2, List.of(1));
        b.contributionLoads = List.of(1);
        b.headlinePeers = List.of(Locks.MUTEX, Locks.RRWL, Locks.STAMPED);
        b.contributionCells = List.of(new String[] {"1:1", "10"}, new String[] {"10:1", "10"});
        b.controlForkFactor = 2;
        // Read scaling's time in quick: bench/README.md, "Read scaling"; --only leaves it out.
        b.defaultSections = EnumSet.of(Section.LOCKTEST, Section.TRYLOCK, Section.UNCONTENDED, Section.READ_SCALING);
        b.trylockThreads = List.of(1, 8);
        b.seriesTable = true;
        return new Profile(b);
    }

    static Profile full()
    {
        final Builder b = new Builder("full", 5, STEADY_OPS);
        b.millis = 1000;
        b.headlineLoads = List.of(1, 5, 10);
        b.contributionLoads = List.of(1, 5, 10);
        b.headlinePeers = Locks.PEERS;
        final List<String[]> grid = new ArrayList<>();
        for (final int t : b.lockTestThreads)
        {
            for (final String r : b.ratios)
            {
                grid.add(new String[] {r, Integer.toString(t)});
            }
        }
        b.contributionCells = grid;
        b.macroThreads = List.of(2, 8);
        b.singleShotWarmups = 3;
        b.singleShotMeasurements = 5;
        b.timedWarmups = 3;
        b.timedMeasurements = 5;
        b.iterationMillis = 1000;
        b.fairnessMillis = 5000;
        b.readScalingPrewarmMillis = 2000;
        b.readScalingWarmups = 3;
        b.readScalingMeasurements = 5;
        b.readScalingMillis = 200;
        b.allPeersEverywhere = true;
        b.seriesTable = true;
        return new Profile(b);
    }

    /**
     * The kernel-shape cross-check's sizes ({@link KernelShapePlan}): seed-000 cells sized by ops, as the seed mail
     * ran them (each worker does {@code ops} operations; the figure is the time until the last one finishes), 2
     * warm-up and 5 measured runs per fork. The cells, locks and forks are the plan's.
     *
     * @param ops operations per worker
     * @return the profile
     */
    static Profile kernelShape(final int ops)
    {
        final Builder b = new Builder("kernel-shape", 5, ops);
        b.millis = 0;
        b.singleShotWarmups = 2;
        b.singleShotMeasurements = 5;
        b.lockTestThreads = List.of(10, 2);
        b.headlinePeers = List.of(Locks.RRWL, Locks.STAMPED, Locks.MUTEX);
        b.defaultVariants = List.of("recommended");
        b.defaultSections = EnumSet.of(Section.LOCKTEST);
        return new Profile(b);
    }

    boolean isQuick()
    {
        return !allPeersEverywhere;
    }

    /**
     * @param threads a thread count of the seed-000 grid
     * @return the loads the headline grid runs at that thread count
     */
    List<Integer> headlineLoads(final int threads)
    {
        return headlineLoadsByThreads.getOrDefault(threads, headlineLoads);
    }

    /** @return the (ratio, threads) cells a contribution or control configuration gets in the seed-000 matrix */
    List<String[]> contributionCells()
    {
        return contributionCells;
    }

    Profile withForks(final int f)
    {
        final Builder b = builder();
        b.forks = f;
        return new Profile(b);
    }

    Profile withOps(final int o)
    {
        final Builder b = builder();
        b.ops = o;
        return new Profile(b);
    }

    /**
     * @param m the window of a seed-000 iteration in ms, or 0 to size the cells by ops
     * @return this profile with that window
     */
    Profile withMillis(final int m)
    {
        final Builder b = builder();
        b.millis = m;
        return new Profile(b);
    }

    /**
     * @param cells the contributions' and controls' seed-000 cells, each {r:w, threads}, all in this profile's grid
     * @return this profile with those cells
     */
    Profile withContributionCells(final List<String[]> cells)
    {
        final Builder b = builder();
        b.contributionCells = List.copyOf(cells);
        return new Profile(b);
    }

    /**
     * @return this profile as a run recorded before the read-scaling section resolved to: without the section among
     *     its default sections, and without its settings in {@link #describe()}
     */
    Profile withoutReadScaling()
    {
        final Builder b = builder();
        final Set<Section> sections = EnumSet.noneOf(Section.class);
        sections.addAll(defaultSections);
        sections.remove(Section.READ_SCALING);
        b.defaultSections = sections;
        b.describesReadScaling = false;
        return new Profile(b);
    }

    /** @return this profile without seed 000's series table (what a run made before the table resolved to) */
    Profile withoutSeriesTable()
    {
        final Builder b = builder();
        b.seriesTable = false;
        return new Profile(b);
    }

    /**
     * @param u the load units every seed-000 cell runs in, in plan order
     * @return this profile with those units
     */
    Profile withUnits(final List<LoadUnit> u)
    {
        if (u.isEmpty())
        {
            throw new IllegalArgumentException("no load unit");
        }
        final Builder b = builder();
        b.units = List.copyOf(u);
        b.unit = null;
        return new Profile(b);
    }

    /**
     * @param u one of {@link #units}
     * @return the view of this profile whose seed-000 cells are in that unit (everything else is the same)
     */
    Profile forUnit(final LoadUnit u)
    {
        final Builder b = builder();
        b.unit = u;
        return new Profile(b);
    }

    /** @return whether the seed-000 cells use any unit but pause, so reports name the unit of each table */
    boolean namesUnits()
    {
        return !units.equals(List.of(LoadUnit.PAUSE));
    }

    /**
     * Everything that decides what this profile measures, in one line: {@code metadata.json} records it, and
     * {@code report --from} refuses to rebuild a run whose recorded line differs from what this build resolves from
     * the same arguments (the report would describe a method the run did not use).
     *
     * @return the resolved profile, with the positive control's delay
     */
    public String describe()
    {
        final String readScaling = describesReadScaling ? String.format(java.util.Locale.ROOT, "; read scaling: " +
            "threads %s, r:w %s, %d ms pre-warm in the cell's shape, %d+%d x %d ms, %d locks at %d threads %s",
            readScalingThreads, readScalingRatios, readScalingPrewarmMillis, readScalingWarmups,
            readScalingMeasurements, readScalingMillis, manyLocks, manyLocksThreads,
            manyLocksRatio) : "";
        return String.format(java.util.Locale.ROOT,
            "%s: forks %d (controls x%d), ops %d, millis %d, threads %s, r:w %s, loads %s%s/%s, " +
            "peers %s, contribution cells %s, variants %s, sections %s, single-shot %d+%d, timed %d+%d x %d ms, " +
            "fairness %d ms %d+%d, macro threads %s, trylock threads %s, load %d, every peer everywhere %b%s; " +
            "slow-wake-control %d ns%s", name, forks, controlForkFactor, ops, millis, lockTestThreads, ratios,
            headlineLoads, headlineLoadsByThreads.isEmpty() ? "" : " " + new TreeMap<>(headlineLoadsByThreads),
            contributionLoads, headlinePeers, contributionCells.stream().map(c -> String.join(" ", c)).toList(),
            defaultVariants, defaultSections, singleShotWarmups, singleShotMeasurements, timedWarmups,
            timedMeasurements, iterationMillis, fairnessMillis, fairnessReaders, fairnessWriters, macroThreads,
            trylockThreads, load, allPeersEverywhere, readScaling, SlowWakeControlPatch.DELAY_NANOS, namesUnits() ?
            "; seed-000 load units " + units.stream().map(u -> u.cliName).toList() : "") +
            (seriesTable ? "; seed-000 series table" : "");
    }

    /** @return what a seed-000 figure is, for plans and report headers */
    String sizing()
    {
        return millis > 0 ? String.format(java.util.Locale.ROOT, "sized by time: %,d ms per iteration, every worker " +
            "busy throughout; figure = ms for %,d ops per worker at the measured rate", millis, ops) :
            String.format(java.util.Locale.ROOT, "sized by ops: %,d ops per worker; figure = ms until the last " +
            "worker finishes", ops);
    }

    private Builder builder()
    {
        final Builder b = new Builder(name, forks, ops);
        b.controlForkFactor = controlForkFactor;
        b.millis = millis;
        b.lockTestThreads = lockTestThreads;
        b.ratios = ratios;
        b.headlineLoads = headlineLoads;
        b.headlineLoadsByThreads = headlineLoadsByThreads;
        b.contributionLoads = contributionLoads;
        b.headlinePeers = headlinePeers;
        b.contributionCells = contributionCells;
        b.defaultVariants = defaultVariants;
        b.defaultSections = defaultSections;
        b.macroThreads = macroThreads;
        b.trylockThreads = trylockThreads;
        b.singleShotWarmups = singleShotWarmups;
        b.singleShotMeasurements = singleShotMeasurements;
        b.timedWarmups = timedWarmups;
        b.timedMeasurements = timedMeasurements;
        b.iterationMillis = iterationMillis;
        b.fairnessMillis = fairnessMillis;
        b.allPeersEverywhere = allPeersEverywhere;
        b.seriesTable = seriesTable;
        b.readScalingThreads = readScalingThreads;
        b.readScalingRatios = readScalingRatios;
        b.readScalingMillis = readScalingMillis;
        b.readScalingPrewarmMillis = readScalingPrewarmMillis;
        b.readScalingWarmups = readScalingWarmups;
        b.readScalingMeasurements = readScalingMeasurements;
        b.manyLocks = manyLocks;
        b.manyLocksThreads = manyLocksThreads;
        b.manyLocksRatio = manyLocksRatio;
        b.describesReadScaling = describesReadScaling;
        b.units = units;
        b.unit = unit;
        return b;
    }

    /**
     * A rough cost of one fork of a cell, for the plan's estimate and the progress line (rescaled as cells finish).
     * The seed-000 costs per operation below are rough figures from a 2-core machine (bench/NOTEBOOK.md keeps them):
     * at 10 threads a variant whose readers sleep (no reader-spin) costs an order of magnitude more than one with
     * reader-spin, which costs several times a JDK peer; at 2 threads all are cheap.
     *
     * @param c the cell
     * @return seconds
     */
    double estimateSeconds(final Cell c)
    {
        final double jvm = 0.35;
        switch (c.bench())
        {
            case LOCKTEST:
                if (millis > 0)
                {
                    return jvm + (singleShotWarmups + singleShotMeasurements) * (millis + 20) / 1000.0;
                }
                final int threads = Integer.parseInt(c.param("threads"));
                final double perOp = threads <= 2 ? 0.3e-6 : perOpAtTen(c.impl(), c.param("ratio"));
                return jvm + (singleShotWarmups + singleShotMeasurements) * (double)ops * threads * perOp;
            case FAIRNESS:
                return jvm + fairnessMillis / 1000.0;
            case READ_SCALING:
                return jvm + readScalingPrewarmMillis / 1000.0 + (readScalingWarmups + readScalingMeasurements) *
                    (readScalingMillis +
                    READ_SCALING_ITERATION_OVERHEAD_MILLIS) / 1000.0 + ("1".equals(c.param("locks")) ? 0 :
                    MANY_LOCKS_SECONDS);
            default:
                return jvm + (timedWarmups + timedMeasurements) * iterationMillis / 1000.0;
        }
    }

    private static double perOpAtTen(final String impl, final String ratio)
    {
        if (Locks.isPeer(impl))
        {
            return impl.equals(Locks.RRWL_FAIR) ? 5e-6 : 0.06e-6;
        }
        final boolean writesOnly = ratio.startsWith("0:");
        boolean readersSpin;
        try
        {
            readersSpin = Variant.parse(impl.split("@", 2)[0]).contains("reader-spin");
        }
        catch (final IllegalArgumentException e)
        {
            readersSpin = false;
        }
        return writesOnly ? 0.3e-6 : readersSpin ? 0.4e-6 : 5e-6;
    }

    /** The mutable form while a profile is made. */
    private static final class Builder
    {
        String name;
        int forks;
        int ops;
        int millis = STEADY_MILLIS;
        int controlForkFactor = 1;
        List<Integer> lockTestThreads = List.of(2, 10);
        List<String> ratios = List.of("0:1", "1:1", "10:1");
        List<Integer> headlineLoads = List.of(1, 10);
        Map<Integer, List<Integer>> headlineLoadsByThreads = Map.of();
        List<Integer> contributionLoads = List.of(1);
        List<String> headlinePeers = List.of(Locks.MUTEX, Locks.RRWL, Locks.STAMPED);
        List<String[]> contributionCells = List.of();
        List<String> defaultVariants = List.of("base", "all", "recommended");
        Set<Section> defaultSections = EnumSet.allOf(Section.class);
        List<Integer> macroThreads = List.of(4);
        List<Integer> trylockThreads = List.of(1, 2, 4, 8);
        /**
         * Seed-000 warm-up iterations of 200 ms: at 10 threads on 2 cores the JIT compiler competes with the workers,
         * and a variant's figure falls for several iterations before it levels off ({@code bench/NOTEBOOK.md},
         * "Warm-up").
         */
        int singleShotWarmups = 5;
        int singleShotMeasurements = 3;
        int timedWarmups = 1;
        int timedMeasurements = 2;
        int iterationMillis = 200;
        int fairnessMillis = 1000;
        boolean allPeersEverywhere;
        boolean seriesTable;
        List<Integer> readScalingThreads = List.of(1, 2, 10);
        List<String> readScalingRatios = List.of("ro", "10000:1", "1000:1", "100:1");
        /**
         * Read-scaling iterations: the section has 65 cells of 5 forks and every fork pays a JVM start, so its
         * windows are short and few. What makes them count is the pre-warm: 1.5 s in the cell's own shape before the
         * first iteration, long enough for the JIT to compile the cell's paths under the cell's profile (without a
         * pre-warm the figures were far below a warm JIT's, and a pre-warm of one worker compiled a biased lock's
         * count path first: bench/README.md, "Read scaling"); then 3 warm-up and 3 measured windows of 120 ms (the
         * section's time: bench/README.md). The full profile pre-warms for 2 s and measures 5 windows of 200 ms
         * after 3. The report shows the JIT's time in each cell's measured windows.
         */
        int readScalingMillis = 120;
        int readScalingPrewarmMillis = 1500;
        int readScalingWarmups = 3;
        int readScalingMeasurements = 3;
        int manyLocks = 10_000;
        int manyLocksThreads = 2;
        String manyLocksRatio = "1000:1";
        boolean describesReadScaling = true;
        List<LoadUnit> units = List.of(LoadUnit.PAUSE);
        LoadUnit unit;

        Builder(final String name, final int forks, final int ops)
        {
            this.name = name;
            this.forks = forks;
            this.ops = ops;
        }
    }
}
