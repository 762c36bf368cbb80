package org.rwsem4j.spi;

/**
 * Hook point {@link DecisionPoint#HANDOFF_WAIT}: what the queued writer holding the handoff does after a failed try
 * and before it sleeps. Consulted in {@code Engine.rwsemDownWriteSlowpath}, step "handoff wait". The base sleeps;
 * seed 001 spins on the owner and tries again at once when it releases.
 */
@FunctionalInterface
public interface HandoffWait
{
    /**
     * Whether the handoff writer tries the lock again now instead of sleeping.
     *
     * @param path the engine's slow-path operations
     * @param writer this acquisition (it holds the handoff)
     * @return true to take the wait lock and try again without sleeping
     */
    boolean retryWithoutSleeping(SlowPath path, Waiter writer);
}
