package org.rwsem4j.spi;

/**
 * Decision point {@link DecisionPoint#HANDOFF}: when a waiter sets the handoff bit. Every question is asked by the
 * engine under the wait lock, which owns the bit's mechanisms (set, inherit, clear); a policy only answers.
 *
 * <p>The places where the engine asks:
 * <ul>
 *   <li>{@link #writerSetsHandoff}: a queued writer failed to lock in {@code rwsem_try_write_lock};</li>
 *   <li>{@link #readerSetsHandoff}: the reader at the head of the queue found a writer owner at a wake
 *       ({@code rwsem_mark_wake}'s trial grant);</li>
 *   <li>{@link #phaseChange}, if true, two more: a reader that queues at the head behind a writer owner
 *       ({@code rwsem_cond_wake_waiter}) asks {@link #readerSetsHandoff} at once, and a reader grant that leaves a
 *       writer at the head gives it the bit instead of clearing it.</li>
 * </ul>
 */
@FunctionalInterface
public interface HandoffPolicy
{
    /** The base's choice: no waiter ever sets the handoff bit. The engine then skips the clock read the check needs. */
    HandoffPolicy NEVER = (waiterTimeout, now) -> false;

    /**
     * Whether a waiter has waited past its handoff timeout (the kernel's rule, and the default of every question).
     *
     * @param waiterTimeout the waiter's handoff deadline ({@code enqueue time + handoff timeout}, in clock nanos)
     * @param now the clock now
     * @return true if the waiter has waited too long and may set the bit
     */
    boolean waitedTooLong(long waiterTimeout, long now);

    /**
     * Whether a queued writer that could not lock sets the handoff bit.
     *
     * @param count the count it found: the lock is held (readers, or a writer)
     * @param waiterTimeout the writer's handoff deadline
     * @param now the clock now
     * @return true to set the bit; by default {@link #waitedTooLong}
     */
    default boolean writerSetsHandoff(final long count, final long waiterTimeout, final long now)
    {
        return waitedTooLong(waiterTimeout, now);
    }

    /**
     * Whether the reader at the head of the queue, finding a writer owner, sets the handoff bit.
     *
     * @param waiterTimeout the reader's handoff deadline
     * @param now the clock now
     * @return true to set the bit; by default {@link #waitedTooLong}
     */
    default boolean readerSetsHandoff(final long waiterTimeout, final long now)
    {
        return waitedTooLong(waiterTimeout, now);
    }

    /**
     * Whether the handoff bit also marks each phase change the moment it is due: a reader queueing at the head
     * behind a writer owner is asked at once (not only at the next wake), and a reader grant that leaves a writer at
     * the head of the queue hands the bit to that writer (it holds it from the grant on, so no reader arriving later
     * joins the granted phase, and it inherits the lock when the phase drains). The kernel's grant clears the bit.
     * The answer must never change for a policy: the engine asks at several points and relies on the same answer
     * (with phase changes, for one, it never swaps WAITERS out for a woken writer, its platform adaptation W7).
     *
     * @return false by default (the kernel)
     */
    default boolean phaseChange()
    {
        return false;
    }
}
