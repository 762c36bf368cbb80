package org.rwsem4j;

/** Decision point {@link DecisionPoint#WOKEN_WRITER}: may a woken queued writer that failed to lock go back to spinning? */
@FunctionalInterface
public interface WokenWriterPolicy
{
    /**
     * Whether a woken writer leaves the queue to spin again.
     *
     * @param spinnersPresent the OSQ has a spinner
     * @param owner the owner state now
     * @return true to leave the queue and spin again (the engine re-queues it if the spin fails)
     */
    boolean respin(boolean spinnersPresent, OwnerState owner);
}
