package org.rwsem4j.handoff;

import org.rwsem4j.spi.AbstractPatch;
import org.rwsem4j.spi.DecisionPoint;
import org.rwsem4j.spi.Hooks;

/**
 * The writer's side of a phase change, beyond upstream: a queued writer that fails to lock because readers hold the
 * lock sets the handoff bit at once, not after the handoff timeout (about 4 ms). From then on no reader joins the
 * reader phase it waits behind (no fast path, no steal, no spinning reader can take the lock), and when that phase
 * drains the writer takes the lock: the grant stays with the waiter.
 *
 * <p>It is the answer to a writer starved by stealing readers: Peng Wang's report on LKML (May 2026, "[PATCH]
 * locking/rwsem: Remove reader optimistic lock stealing": one O_DIRECT writer against one reader) and Peter
 * Zijlstra's reply there (phase change locks). The handoff timeout at 0 gives the writer the same share, but it
 * also makes a writer behind a writer, and a reader behind a writer, claim the lock at once, which costs the
 * writers' throughput the kernel's 4f23dbc1e657 keeps by letting writers steal from each other; this patch changes
 * only the writer-behind-readers case. {@code phase-fair} builds on it. Requires {@code handoff}, whose policy it
 * refines; opt-in (not in {@code all}, which is upstream's patches).
 */
public final class HandoffOnReadersPatch extends AbstractPatch
{
    /** Registered through {@code META-INF/services/org.rwsem4j.spi.Patch}. */
    public HandoffOnReadersPatch()
    {
        super("handoff-on-readers", "beyond upstream", "rwsem-handoff", DecisionPoint.HANDOFF);
        requiring("handoff");
        optInOnly();
    }

    @Override
    public void install(final Hooks hooks)
    {
        hooks.handoff(new HandoffOnReaders(hooks.handoff()));
    }
}
