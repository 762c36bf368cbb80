package org.rwsem4j;

/**
 * Scratch state of one optimistic-spin attempt, handed to {@link SpinPolicy#keepSpinning}. The engine fills in the
 * observation; policies may keep their own counter and deadline here (one attempt, one thread: no sharing).
 */
public final class SpinAttempt
{
    final NanoClock clock;
    private final SlowPath path;
    boolean reader;
    OwnerState previous;
    long readers;
    /** Free for the policy: e.g. consecutive reader-owned observations. */
    public long counter;
    /** Free for the policy: e.g. a reader-owned spin deadline. */
    public long deadline;

    SpinAttempt(final NanoClock clock, final SlowPath path)
    {
        this.clock = clock;
        this.path = path;
    }

    void reset(final boolean reader)
    {
        this.reader = reader;
        previous = null;
        readers = 0;
        counter = 0;
        deadline = 0;
    }

    /**
     * Whether the spinner is a reader.
     *
     * @return true for reader spinners
     */
    public boolean reader()
    {
        return reader;
    }

    /**
     * The owner state seen on the previous iteration, or null on the first.
     *
     * @return the previous state
     */
    public OwnerState previous()
    {
        return previous;
    }

    /**
     * The reader count in the lock word at this observation.
     *
     * @return readers
     */
    public long readers()
    {
        return readers;
    }

    /**
     * The lock's slow-path operations, for a policy that reads or marks the owner word
     * ({@link SlowPath#ownerNonspinnable()}, {@link SlowPath#setNonspinnable()}) or counts an event.
     *
     * @return the lock's slow path
     */
    public SlowPath path()
    {
        return path;
    }

    /**
     * The lock's clock.
     *
     * @return now in nanoseconds
     */
    public long nanoTime()
    {
        return clock.nanoTime();
    }
}
