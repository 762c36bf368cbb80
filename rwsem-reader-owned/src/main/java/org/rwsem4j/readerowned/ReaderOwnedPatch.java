package org.rwsem4j.readerowned;

import java.util.Set;

import org.rwsem4j.DecisionPoint;
import org.rwsem4j.Hooks;
import org.rwsem4j.Patch;

/**
 * Seed 002, "Add reader-owned state to the owner field" (2016, v4.7): readers publish a reader-owned marker in the
 * owner word, so a NULL owner stops being ambiguous. A writer may then start spinning on a NULL owner (a writer about
 * to store itself, or a free lock) and stops at once when readers own the lock, instead of the base's guess (start
 * only on a writer owner; spin through NULL until the budget ends).
 */
public final class ReaderOwnedPatch implements Patch
{
    @Override
    public String name()
    {
        return "reader-owned";
    }

    @Override
    public String seed()
    {
        return "002";
    }

    @Override
    public String module()
    {
        return "rwsem-reader-owned";
    }

    @Override
    public Set<DecisionPoint> decisionPoints()
    {
        return Set.of(DecisionPoint.READER_OWNER, DecisionPoint.SPIN_ON_OWNER);
    }

    @Override
    public void install(final Hooks hooks)
    {
        hooks.markReaderOwned(true);
        hooks.spinPolicy(SpinOnKnownOwner.INSTANCE);
    }
}
