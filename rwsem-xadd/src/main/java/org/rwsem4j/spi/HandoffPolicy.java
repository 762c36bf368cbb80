package org.rwsem4j.spi;

/** Decision point {@link DecisionPoint#HANDOFF}: when a waiter may set the handoff bit. */
@FunctionalInterface
public interface HandoffPolicy
{
    /** The base's choice: no waiter ever sets the handoff bit. The engine then skips the clock read the check needs. */
    HandoffPolicy NEVER = (waiterTimeout, now) -> false;

    /**
     * Whether a waiter may set the handoff bit now.
     *
     * @param waiterTimeout the waiter's handoff deadline ({@code enqueue time + handoff timeout}, in clock nanos)
     * @param now the clock now
     * @return true if the waiter has waited too long and may set the bit
     */
    boolean waitedTooLong(long waiterTimeout, long now);
}
