package org.rwsem4j;

/** Decision point {@link DecisionPoint#UNLOCK_WAKE}: what an unlock that saw the waiters bit does. */
@FunctionalInterface
public interface UnlockWakePolicy
{
    /** The unlock's choice. */
    enum Decision
    {
        /** Take the wait lock and wake (the base). */
        WAKE,
        /** Wake only if the wait lock is free right now; someone else is known to wake otherwise. */
        WAKE_IF_UNCONTENDED,
        /** Skip: a writer owner holds the lock and will wake on its own unlock. */
        SKIP
    }

    /**
     * Decides what this unlock does.
     *
     * @param spinnersPresent the OSQ has a spinner
     * @param owner the owner state now
     * @return the decision
     */
    Decision decide(boolean spinnersPresent, OwnerState owner);
}
