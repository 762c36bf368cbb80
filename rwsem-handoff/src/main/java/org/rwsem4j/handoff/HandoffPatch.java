package org.rwsem4j.handoff;

import org.rwsem4j.spi.AbstractPatch;
import org.rwsem4j.spi.DecisionPoint;
import org.rwsem4j.spi.Hooks;
import org.rwsem4j.spi.LockWordBits;

/**
 * The handoff bit (kernel 5.3, 4f23dbc1e657, with the 5.16+ rules), the mechanism seed 001 needs: a waiter that
 * has waited longer than the handoff timeout (about 4 ms by default) sets HANDOFF under the wait lock; from then on
 * only the queue head may take the lock. As in 5.3, an optimistic spinner quits when the bit appears while it spins
 * on a running writer owner (the check inside {@code rwsem_spin_on_owner} that seed 001 deletes); through a NULL
 * owner or readers it keeps spinning, unable to take the lock. The engine owns every handoff mechanism (set,
 * inherit, clear, and the waiter holding it never leaving the queue to respin); this patch decides when a waiter may
 * set it.
 */
public final class HandoffPatch extends AbstractPatch
{
    /** Registered through {@code META-INF/services/org.rwsem4j.spi.Patch}. */
    public HandoffPatch()
    {
        super("handoff", "5.3 (needed by 001)", "rwsem-handoff", DecisionPoint.HANDOFF, DecisionPoint.SPIN_ON_HANDOFF);
        conflictingWith("wake-skip");
    }

    @Override
    public void install(final Hooks hooks)
    {
        hooks.handoff((waiterTimeout, now) -> now - waiterTimeout >= 0);
        hooks.ownerSpinExit(HandoffPatch::quitOnHandoff);
    }

    /**
     * 5.3's {@code rwsem_spin_on_owner} (4f23dbc1e657): inside the loop on a writer owner, a spinner that sees the
     * handoff bit in the count stops, reporting the owner as not worth spinning on.
     */
    private static boolean quitOnHandoff(final long count)
    {
        return (count & LockWordBits.HANDOFF) != 0;
    }
}
