package org.rwsem4j;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import org.rwsem4j.slot.SlotSource;
import org.rwsem4j.spi.Patch;
import org.rwsem4j.stats.StatsFile;

/**
 * Builds an {@link Rwsem}. The variant comes from a spec ({@link #variant(String)}), plus any explicit
 * {@link #patch(Patch)} instances (for experiments and test-only controls that must not be reachable by name);
 * tunables are set here and nowhere else.
 */
public final class RwsemBuilder
{
    private String spec = "base";
    /** Extra patches; the shared empty list until the first {@link #patch}, so a plain build allocates none. */
    private List<Patch> extra = List.of();
    private SlotSource slots;
    private Tunables tunables = Tunables.defaults();
    private String name;
    private StatsFile stats;
    private boolean statsChosen;
    private boolean publishWord;

    RwsemBuilder()
    {
    }

    /**
     * Sets the variant spec.
     *
     * @param spec a preset or patch names joined by {@code +}
     * @return this
     */
    public RwsemBuilder variant(final String spec)
    {
        this.spec = spec;
        return this;
    }

    /**
     * Adds a patch instance that is not looked up by name (an experiment, or a test-only negative control).
     *
     * @param patch the patch
     * @return this
     */
    public RwsemBuilder patch(final Patch patch)
    {
        Objects.requireNonNull(patch, "patch");
        if (extra.isEmpty())
        {
            extra = new ArrayList<>();
        }
        extra.add(patch);
        return this;
    }

    /**
     * Keeps the lock word on the heap: no JVM flag needed, visible to model checkers.
     *
     * @return this
     */
    public RwsemBuilder onHeap()
    {
        this.slots = SlotSource.onHeap();
        return this;
    }

    /**
     * Keeps the lock word off-heap in an Agrona slot (the default).
     *
     * @return this
     */
    public RwsemBuilder offHeap()
    {
        this.slots = null;
        return this;
    }

    /**
     * Sets where the lock word lives.
     *
     * @param source where the lock word lives
     * @return this
     */
    public RwsemBuilder slotSource(final SlotSource source)
    {
        this.slots = Objects.requireNonNull(source, "source");
        return this;
    }

    /**
     * Sets the optimistic spin budget.
     *
     * @param budget how long one optimistic spin may last
     * @return this
     */
    public RwsemBuilder spinBudget(final Duration budget)
    {
        this.tunables = tunables.withSpinBudgetNanos(nonNegative(budget, "spinBudget"));
        return this;
    }

    /**
     * Switches the engine's platform adaptations on (the default) or off. They are not from the kernel: they stand
     * in for what the kernel gets from its scheduler, on a JVM that has more runnable threads than cores (a writer
     * entering the slow path takes a free lock before it queues; a queued writer that has been woken is not woken
     * again until it has tried the lock). Off, every variant is the kernel's algorithm alone, as the ablation's
     * "no adaptations" configuration measures.
     *
     * @param on whether to use them
     * @return this
     */
    public RwsemBuilder platformAdaptations(final boolean on)
    {
        this.tunables = tunables.withPlatformAdaptations(on);
        return this;
    }

    /**
     * Pads the lock's hot on-heap words, or not (the default). Padded, each of them gets two cache lines (128 bytes)
     * of its object on each side, so threads using neighbouring objects on the heap never share a line with it: the
     * engine's owner word, the OSQ tail (the optimistic spinners' queue) and, with {@link #onHeap()}, the on-heap
     * lock word. The off-heap lock word is always padded: its 128-byte slot is the arena's unit, whatever this says.
     *
     * <p>Off by default because the kernel does not pad an rwsem embedded in another structure, and a lock meant to
     * be embedded one per object (a cache of a million entries) cannot afford about 270 bytes per padded word. The
     * bench notebook (bench/NOTEBOOK.md) gives the footprint per lock both ways, and what padding buys under false
     * sharing ({@code PackedLocksBenchmark}).
     *
     * @param on whether to pad
     * @return this
     */
    public RwsemBuilder padded(final boolean on)
    {
        this.tunables = tunables.withPadded(on);
        return this;
    }

    /**
     * Sets the handoff timeout.
     *
     * @param timeout how long a waiter waits before it may set the handoff bit (with the {@code handoff} patch)
     * @return this
     */
    public RwsemBuilder handoffTimeout(final Duration timeout)
    {
        this.tunables = tunables.withHandoffTimeoutNanos(nonNegative(timeout, "handoffTimeout"));
        return this;
    }

    /**
     * Sets how spinning on a reader-owned lock is bounded.
     *
     * @param threshold how spinning on a reader-owned lock is bounded (with the {@code spin-on-readers} patch)
     * @return this
     */
    public RwsemBuilder readerSpinThreshold(final Tunables.ReaderSpinThreshold threshold)
    {
        this.tunables = tunables.withReaderSpinThreshold(Objects.requireNonNull(threshold, "threshold"));
        return this;
    }

    /**
     * Sets the reader-owned observation count.
     *
     * @param count reader-owned observations before a spinner gives up ({@link Tunables.ReaderSpinThreshold#COUNT})
     * @return this
     */
    public RwsemBuilder readerSpinCount(final int count)
    {
        if (count < 1)
        {
            throw new IllegalArgumentException("readerSpinCount must be at least 1, was " + count);
        }
        this.tunables = tunables.withReaderSpinCount(count);
        return this;
    }

    /**
     * Sets the handoff writer's NULL-owner retries.
     *
     * @param retries how many NULL-owner retries the handoff writer makes before it sleeps (with handoff-spin)
     * @return this
     */
    public RwsemBuilder nullOwnerRetries(final int retries)
    {
        if (retries < 0)
        {
            throw new IllegalArgumentException("nullOwnerRetries must not be negative, was " + retries);
        }
        this.tunables = tunables.withNullOwnerRetries(retries);
        return this;
    }

    /**
     * Sets the clock.
     *
     * @param clock the clock for spin budgets and handoff timeouts
     * @return this
     */
    public RwsemBuilder clock(final NanoClock clock)
    {
        this.tunables = tunables.withClock(Objects.requireNonNull(clock, "clock"));
        return this;
    }

    /**
     * Names the lock. A named lock with an off-heap word publishes its event counters in the process's default
     * {@link StatsFile} (unless {@link #stats(StatsFile)} chose another, or {@code null} for none), where
     * {@code rwsem-stat} can read them from another process. If that file is refused (an unsafe place) or full, the
     * lock is built all the same, its counters kept in process, and one warning is logged.
     *
     * @param name a name for diagnostics and statistics
     * @return this
     */
    public RwsemBuilder name(final String name)
    {
        this.name = name;
        return this;
    }

    /**
     * Sets the stats file.
     *
     * @param file where a named lock publishes its counters; {@code null} to publish nothing
     * @return this
     */
    public RwsemBuilder stats(final StatsFile file)
    {
        this.stats = file;
        this.statsChosen = true;
        return this;
    }

    /**
     * Also publish the lock word itself in the stats file (the word then lives in the file's counter slot), so
     * {@code rwsem-stat} can decode it live. If the stats file is refused or full, the word stays in its ordinary slot
     * and the lock works the same.
     *
     * @return this
     */
    public RwsemBuilder publishLockWord()
    {
        this.publishWord = true;
        return this;
    }

    /**
     * Resolves the variant and builds the lock. The resolved variant, with its patches installed, is cached for the
     * spec and tunables (not for extra {@link #patch patches} or a custom {@link #clock clock}), so building more locks
     * of one kind parses nothing again.
     *
     * @return a new, unlocked lock
     * @throws IllegalArgumentException for a bad spec (the message says what is wrong; for {@code recommended} with a
     *                                  patch missing, it names each missing patch and its module)
     * @throws IllegalStateException if the off-heap word is chosen and the Agrona JVM flag is missing
     */
    public Rwsem build()
    {
        final Policy policy = defaultTunables() ? Policy.defaults(spec) : Policy.of(spec, extra, tunables);
        final SlotSource chosen = slots != null ? slots : SlotSource.offHeap();
        final SlotSource source = chosen.padded(tunables.padded());
        final boolean publishes = name != null && source.isOffHeap() && (!statsChosen || stats != null);
        if (publishWord && !publishes)
        {
            throw new IllegalArgumentException(
                "publishLockWord() needs a named lock with an off-heap word and a stats file");
        }
        // A refused default place gives null (warned once): the lock works, its counters stay in process.
        final StatsFile file = !publishes ? null : statsChosen ? stats : StatsFile.defaultForLocks();
        final Rwsem lock = new Rwsem(Engine.create(policy.variant, policy.choices, source, name, file, publishWord));
        PresetLog.built(policy.variant); // what `all` became, once per resolved set
        return lock;
    }

    /** Whether this build may take {@link Policy#defaults}: no extra patches and every tunable at its default. */
    private boolean defaultTunables()
    {
        return spec != null && extra.isEmpty() && tunables.equals(Tunables.defaults());
    }

    private static long nonNegative(final Duration d, final String what)
    {
        Objects.requireNonNull(d, what);
        if (d.isNegative())
        {
            throw new IllegalArgumentException(what + " must not be negative, was " + d);
        }
        return d.toNanos();
    }
}
