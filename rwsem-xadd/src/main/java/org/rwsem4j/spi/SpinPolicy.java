package org.rwsem4j.spi;

/**
 * Decision point {@link DecisionPoint#SPIN_ON_OWNER}: which owner states are worth spinning on. The engine owns the
 * spin itself (the OSQ, the time budget, the liveness hint, the unqueued trylocks); the policy only says start, keep
 * going, or stop.
 */
public interface SpinPolicy
{
    /**
     * {@code rwsem_can_spin_on_owner}: may a slow-path locker start spinning?
     *
     * @param owner the owner state at slow-path entry
     * @return true to join the OSQ and spin
     */
    boolean canSpinOnOwner(OwnerState owner);

    /**
     * {@code rwsem_can_spin_on_owner} as the engine asks it (before a writer joins the OSQ, and through
     * {@link SlowPath#canSpinOnOwner()}): with the slow path at hand, for a policy that reads more of the owner word
     * than its state ({@link SlowPath#ownerNonspinnable()}) or counts an event. The default asks
     * {@link #canSpinOnOwner(OwnerState)} with the owner state now.
     *
     * @param path the lock's slow-path operations
     * @return true to join the OSQ and spin
     */
    default boolean canSpinOnOwner(final SlowPath path)
    {
        return canSpinOnOwner(path.ownerState());
    }

    /**
     * Called on every iteration of the spin with the owner state just observed (never {@code NONSPINNABLE}, which
     * always stops). {@link SpinAttempt#path()} gives the lock's slow-path operations.
     *
     * @param owner the state now
     * @param attempt the attempt's scratch
     * @return true to keep spinning, false to stop and queue
     */
    boolean keepSpinning(OwnerState owner, SpinAttempt attempt);
}
