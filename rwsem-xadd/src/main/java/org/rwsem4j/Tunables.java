package org.rwsem4j;

/** The builder-only tunables, as patches and the engine see them. Immutable. */
public final class Tunables
{
    /** Default writer/reader optimistic spin budget per attempt. */
    public static final long DEFAULT_SPIN_BUDGET_NANOS = 20_000;
    /** The kernel's RWSEM_WAIT_TIMEOUT at HZ=1000: about 4 ms. */
    public static final long DEFAULT_HANDOFF_TIMEOUT_NANOS = 4_000_000;
    /** Seed 000's SPIN_READ_THRESHOLD. */
    public static final int DEFAULT_READER_SPIN_COUNT = 64;
    /** Bound on the handoff writer's NULL-owner retries (Java cannot disable preemption). */
    public static final int DEFAULT_NULL_OWNER_RETRIES = 8;

    /** How a spinner bounds its spin on a reader-owned lock (spin-on-readers). */
    public enum ReaderSpinThreshold
    {
        /** Seed 000 (2014): give up after 64 consecutive reader-owned observations. */
        COUNT,
        /** Kernel 5.3: give up after 10 + min(readers, 30) / 2 microseconds. */
        TIME
    }

    final long spinBudgetNanos;
    final long handoffTimeoutNanos;
    final ReaderSpinThreshold readerSpinThreshold;
    final int readerSpinCount;
    final int nullOwnerRetries;
    final boolean platformAdaptations;
    /** Whether the lock's hot on-heap words are padded ({@link RwsemBuilder#padded(boolean)}). */
    final boolean padded;
    final NanoClock clock;

    Tunables(
        final long spinBudgetNanos,
        final long handoffTimeoutNanos,
        final ReaderSpinThreshold readerSpinThreshold,
        final int readerSpinCount,
        final int nullOwnerRetries,
        final boolean platformAdaptations,
        final boolean padded,
        final NanoClock clock)
    {
        this.platformAdaptations = platformAdaptations;
        this.padded = padded;
        this.spinBudgetNanos = spinBudgetNanos;
        this.handoffTimeoutNanos = handoffTimeoutNanos;
        this.readerSpinThreshold = readerSpinThreshold;
        this.readerSpinCount = readerSpinCount;
        this.nullOwnerRetries = nullOwnerRetries;
        this.clock = clock;
    }

    static Tunables defaults()
    {
        return new Tunables(DEFAULT_SPIN_BUDGET_NANOS, DEFAULT_HANDOFF_TIMEOUT_NANOS, ReaderSpinThreshold.COUNT,
            DEFAULT_READER_SPIN_COUNT, DEFAULT_NULL_OWNER_RETRIES, true, false, NanoClock.SYSTEM);
    }

    /** {@return whether the engine's platform adaptations are on (the default; see the engine notes)} */
    public boolean platformAdaptations()
    {
        return platformAdaptations;
    }

    /**
     * {@return whether the lock pads its hot on-heap words (the engine's owner word, the OSQ tail, the on-heap lock
     * word); off by default, see {@link RwsemBuilder#padded(boolean)}}
     */
    public boolean padded()
    {
        return padded;
    }

    /** {@return the optimistic spin budget per attempt, in nanoseconds} */
    public long spinBudgetNanos()
    {
        return spinBudgetNanos;
    }

    /** {@return how long a waiter waits before it may set the handoff bit, in nanoseconds} */
    public long handoffTimeoutNanos()
    {
        return handoffTimeoutNanos;
    }

    /** {@return the reader-owned spin threshold kind} */
    public ReaderSpinThreshold readerSpinThreshold()
    {
        return readerSpinThreshold;
    }

    /** {@return the count threshold for {@link ReaderSpinThreshold#COUNT}} */
    public int readerSpinCount()
    {
        return readerSpinCount;
    }

    /** {@return the handoff writer's NULL-owner retry bound} */
    public int nullOwnerRetries()
    {
        return nullOwnerRetries;
    }

    /** {@return the lock's clock} */
    public NanoClock clock()
    {
        return clock;
    }
}
