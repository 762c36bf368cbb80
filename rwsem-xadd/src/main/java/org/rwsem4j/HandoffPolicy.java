package org.rwsem4j;

/** Decision point {@link DecisionPoint#HANDOFF}: when a waiter may set the handoff bit. */
@FunctionalInterface
public interface HandoffPolicy
{
    /**
     * Whether a waiter may set the handoff bit now.
     *
     * @param waiterTimeout the waiter's handoff deadline ({@code enqueue time + handoff timeout}, in clock nanos)
     * @param now the clock now
     * @return true if the waiter has waited too long and may set the bit
     */
    boolean waitedTooLong(long waiterTimeout, long now);
}
