package org.rwsem4j.spi;

/**
 * Hook point {@link DecisionPoint#WOKEN_WRITER}: a queued writer was woken and failed to take the lock; before it
 * sleeps again, may it leave the queue and spin? Consulted in {@code Engine.rwsemDownWriteSlowpath}, step "woken
 * writer". The engine never asks the waiter holding the handoff (it would give its handoff away), nor a locker that
 * may not spin ({@link SlowPath#maySpin()}); if the answer is yes, the engine tries the lock once more under the wait
 * lock, leaves the queue, spins, and queues again if the spin fails.
 */
@FunctionalInterface
public interface WokenWriter
{
    /**
     * Whether a woken writer leaves the queue to spin again.
     *
     * @param path the engine's slow-path operations
     * @return true to leave the queue and spin
     */
    boolean leaveQueueToSpin(SlowPath path);
}
