package org.rwsem4j.spi;

/**
 * Hook point {@link DecisionPoint#SPIN_ON_HANDOFF}: a check inside {@code rwsem_spin_on_owner}'s loop on a running
 * writer owner, on the count, that ends an optimistic spinner's spin as if the owner could not be spun on. Consulted
 * in {@code Engine.rwsemSpinOnOwner} for optimistic spinners (never for the handoff writer's own spin). The base has
 * none ({@link #NEVER}); 5.3's handoff quits on the handoff bit; seed 001 deletes that check again.
 */
@FunctionalInterface
public interface OwnerSpinExit
{
    /** No check: the spin on a writer owner ends only when the owner changes, stops running, or the budget ends. */
    OwnerSpinExit NEVER = count -> false;

    /**
     * Whether the spinner stops spinning on the owner.
     *
     * @param count the count now
     * @return true to stop (the spinner then queues)
     */
    boolean quit(long count);
}
