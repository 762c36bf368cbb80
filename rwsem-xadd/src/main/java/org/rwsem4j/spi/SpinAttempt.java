package org.rwsem4j.spi;

/**
 * Scratch state of one optimistic-spin attempt, handed to {@link SpinPolicy#keepSpinning}. The engine fills in the
 * observation; a policy may keep its own counter and deadline here ({@link #counter(long)}, {@link #deadline(long)}:
 * both 0 when the attempt starts). One attempt, one thread: no sharing.
 */
public interface SpinAttempt
{
    /**
     * Whether the spinner is a reader.
     *
     * @return true for reader spinners
     */
    boolean reader();

    /**
     * The owner state seen on the previous iteration, or null on the first.
     *
     * @return the previous state
     */
    OwnerState previous();

    /**
     * The reader count in the lock word at this observation.
     *
     * @return readers
     */
    long readers();

    /**
     * The lock's slow-path operations, for a policy that reads or marks the owner word
     * ({@link SlowPath#ownerNonspinnable()}, {@link SlowPath#setNonspinnable()}) or counts an event.
     *
     * @return the lock's slow path
     */
    SlowPath path();

    /**
     * The lock's clock.
     *
     * @return now in nanoseconds
     */
    long nanoTime();

    /**
     * The policy's own counter (e.g. consecutive reader-owned observations), 0 at the start of the attempt.
     *
     * @return the counter
     */
    long counter();

    /**
     * Sets the policy's own counter.
     *
     * @param value the new value
     */
    void counter(long value);

    /**
     * The policy's own deadline (e.g. a reader-owned spin deadline, in clock nanos), 0 at the start of the attempt.
     *
     * @return the deadline
     */
    long deadline();

    /**
     * Sets the policy's own deadline.
     *
     * @param value the new value
     */
    void deadline(long value);
}
