package org.rwsem4j.nonspinnable;

import org.rwsem4j.spi.AbstractPatch;
import org.rwsem4j.spi.DecisionPoint;
import org.rwsem4j.spi.Hooks;

/**
 * Kernel 5.3, "locking/rwsem: Adaptive disabling of reader optimistic spinning" (5cfd92e12e13), in the simplified
 * form (the single {@code RWSEM_NONSPINNABLE} bit that 5.11 kept): once a writer's spin on a
 * reader-owned lock has run out of its threshold, the lock is marked non-spinnable, and nobody spins on it until a
 * writer takes it (the writer's owner store drops the mark) or the reader count drops to 0 with waiters queued.
 * Refines {@code spin-on-readers}' spin policy, whose threshold decides when a spin has failed, so it requires it.
 */
public final class NonspinnablePatch extends AbstractPatch
{
    /** Registered through {@code META-INF/services/org.rwsem4j.spi.Patch}. */
    public NonspinnablePatch()
    {
        super("nonspinnable", "5.3", "rwsem-nonspinnable", DecisionPoint.SPIN_ON_OWNER);
        requiring("spin-on-readers");
    }

    @Override
    public void install(final Hooks hooks)
    {
        hooks.spinPolicy(new MarkedReadersNotSpun(hooks.spinPolicy()));
    }
}
