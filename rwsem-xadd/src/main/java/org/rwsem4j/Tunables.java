package org.rwsem4j;

import java.util.Objects;

/**
 * The builder's tunables, as patches and the engine see them: one immutable value, set only through
 * {@link RwsemBuilder}. With the spec it is also the key of the cache of resolved variants, so two builds share a
 * resolved variant exactly when every component is equal (a custom {@link #clock() clock} is never cached).
 *
 * @param spinBudgetNanos the optimistic spin budget per attempt, in nanoseconds
 * @param handoffTimeoutNanos how long a waiter waits before it may set the handoff bit, in nanoseconds
 * @param readerSpinThreshold the reader-owned spin threshold kind
 * @param readerSpinCount the count threshold for {@link ReaderSpinThreshold#COUNT}
 * @param nullOwnerRetries the handoff writer's NULL-owner retry bound
 * @param platformAdaptations whether the engine's platform adaptations are on (the default; see the engine notes)
 * @param padded whether the lock pads its hot on-heap words (the engine's owner word, the OSQ tail, the on-heap lock
 *               word); off by default, see {@link RwsemBuilder#padded(boolean)}
 * @param clock the lock's clock
 */
public record Tunables(
    long spinBudgetNanos,
    long handoffTimeoutNanos,
    ReaderSpinThreshold readerSpinThreshold,
    int readerSpinCount,
    int nullOwnerRetries,
    boolean platformAdaptations,
    boolean padded,
    NanoClock clock)
{
    /** Default writer/reader optimistic spin budget per attempt. */
    public static final long DEFAULT_SPIN_BUDGET_NANOS = 20_000;
    /** The kernel's RWSEM_WAIT_TIMEOUT at HZ=1000: about 4 ms. */
    public static final long DEFAULT_HANDOFF_TIMEOUT_NANOS = 4_000_000;
    /** Seed 000's SPIN_READ_THRESHOLD. */
    public static final int DEFAULT_READER_SPIN_COUNT = 64;
    /** Bound on the handoff writer's NULL-owner retries (Java cannot disable preemption). */
    public static final int DEFAULT_NULL_OWNER_RETRIES = 8;

    /** The tunables of a builder left alone. */
    private static final Tunables DEFAULTS = new Tunables(DEFAULT_SPIN_BUDGET_NANOS, DEFAULT_HANDOFF_TIMEOUT_NANOS,
        ReaderSpinThreshold.COUNT, DEFAULT_READER_SPIN_COUNT, DEFAULT_NULL_OWNER_RETRIES, true, false,
        NanoClock.SYSTEM);

    /** How a spinner bounds its spin on a reader-owned lock (spin-on-readers). */
    public enum ReaderSpinThreshold
    {
        /** Seed 000 (2014): give up after 64 consecutive reader-owned observations. */
        COUNT,
        /** Kernel 5.3: give up after 10 + min(readers, 30) / 2 microseconds. */
        TIME
    }

    /**
     * Checks the references; the builder checks the ranges.
     *
     * @param spinBudgetNanos the optimistic spin budget per attempt, in nanoseconds
     * @param handoffTimeoutNanos how long a waiter waits before it may set the handoff bit, in nanoseconds
     * @param readerSpinThreshold the reader-owned spin threshold kind
     * @param readerSpinCount the count threshold for {@link ReaderSpinThreshold#COUNT}
     * @param nullOwnerRetries the handoff writer's NULL-owner retry bound
     * @param platformAdaptations whether the engine's platform adaptations are on
     * @param padded whether the lock pads its hot on-heap words
     * @param clock the lock's clock
     * @throws NullPointerException if {@code readerSpinThreshold} or {@code clock} is null
     */
    public Tunables
    {
        Objects.requireNonNull(readerSpinThreshold, "readerSpinThreshold");
        Objects.requireNonNull(clock, "clock");
    }

    /** {@return the tunables of a builder left alone} */
    static Tunables defaults()
    {
        return DEFAULTS;
    }

    Tunables withSpinBudgetNanos(final long nanos)
    {
        return new Tunables(nanos, handoffTimeoutNanos, readerSpinThreshold, readerSpinCount, nullOwnerRetries,
            platformAdaptations, padded, clock);
    }

    Tunables withHandoffTimeoutNanos(final long nanos)
    {
        return new Tunables(spinBudgetNanos, nanos, readerSpinThreshold, readerSpinCount, nullOwnerRetries,
            platformAdaptations, padded, clock);
    }

    Tunables withReaderSpinThreshold(final ReaderSpinThreshold threshold)
    {
        return new Tunables(spinBudgetNanos, handoffTimeoutNanos, threshold, readerSpinCount, nullOwnerRetries,
            platformAdaptations, padded, clock);
    }

    Tunables withReaderSpinCount(final int count)
    {
        return new Tunables(spinBudgetNanos, handoffTimeoutNanos, readerSpinThreshold, count, nullOwnerRetries,
            platformAdaptations, padded, clock);
    }

    Tunables withNullOwnerRetries(final int retries)
    {
        return new Tunables(spinBudgetNanos, handoffTimeoutNanos, readerSpinThreshold, readerSpinCount, retries,
            platformAdaptations, padded, clock);
    }

    Tunables withPlatformAdaptations(final boolean on)
    {
        return new Tunables(spinBudgetNanos, handoffTimeoutNanos, readerSpinThreshold, readerSpinCount,
            nullOwnerRetries, on, padded, clock);
    }

    Tunables withPadded(final boolean on)
    {
        return new Tunables(spinBudgetNanos, handoffTimeoutNanos, readerSpinThreshold, readerSpinCount,
            nullOwnerRetries, platformAdaptations, on, clock);
    }

    Tunables withClock(final NanoClock nanoClock)
    {
        return new Tunables(spinBudgetNanos, handoffTimeoutNanos, readerSpinThreshold, readerSpinCount,
            nullOwnerRetries, platformAdaptations, padded, nanoClock);
    }
}
