package org.rwsem4j.readerspin;

import org.rwsem4j.DecisionPoint;
import org.rwsem4j.Hooks;
import org.rwsem4j.AbstractPatch;

/**
 * Seed 000 (2014), "enables optimistic spinning for readers" and "threshold limited spinning for active readers":
 * a reader that misses the fast path may join the OSQ and spin on a writer owner, take the lock with the reader
 * trylock, and wake the queued readers after winning; and anyone spinning may keep spinning on a reader-owned lock
 * for a bounded threshold. Refines {@code reader-owned}'s spin policy, which it therefore requires.
 */
public final class ReaderSpinPatch extends AbstractPatch
{
    /** Registered through {@code META-INF/services/org.rwsem4j.Patch}. */
    public ReaderSpinPatch()
    {
        super("reader-spin", "000", "rwsem-reader-spin", DecisionPoint.READER_SPIN, DecisionPoint.SPIN_ON_OWNER);
        requiring("reader-owned");
    }

    @Override
    public void install(final Hooks hooks)
    {
        hooks.readerSpin(true);
        hooks.spinPolicy(new ReaderOwnedThreshold(hooks.spinPolicy(), hooks.tunables()));
    }
}
