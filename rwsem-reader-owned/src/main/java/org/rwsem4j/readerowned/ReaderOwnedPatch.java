package org.rwsem4j.readerowned;

import org.rwsem4j.spi.DecisionPoint;
import org.rwsem4j.spi.Hooks;
import org.rwsem4j.spi.AbstractPatch;

/**
 * Seed 002, "Add reader-owned state to the owner field" (2016, v4.7): readers publish a reader-owned marker in the
 * owner word, so a NULL owner stops being ambiguous. A writer may then start spinning on a NULL owner (a writer about
 * to store itself, or a free lock) and stops at once when readers own the lock, instead of the base's guess (start
 * only on a writer owner; spin through NULL until the budget ends).
 */
public final class ReaderOwnedPatch extends AbstractPatch
{
    /** Registered through {@code META-INF/services/org.rwsem4j.spi.Patch}. */
    public ReaderOwnedPatch()
    {
        super("reader-owned", "002", "rwsem-reader-owned", DecisionPoint.READER_OWNER, DecisionPoint.SPIN_ON_OWNER);
    }

    @Override
    public void install(final Hooks hooks)
    {
        hooks.markReaderOwned(true);
        hooks.spinPolicy(SpinOnKnownOwner.INSTANCE);
    }
}
