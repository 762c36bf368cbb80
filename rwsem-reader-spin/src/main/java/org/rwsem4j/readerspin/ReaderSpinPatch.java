package org.rwsem4j.readerspin;

import java.util.Set;

import org.rwsem4j.DecisionPoint;
import org.rwsem4j.Hooks;
import org.rwsem4j.Patch;

/**
 * Seed 000 (2014), "enables optimistic spinning for readers" and "threshold limited spinning for active readers":
 * a reader that misses the fast path may join the OSQ and spin on a writer owner, take the lock with the reader
 * trylock, and wake the queued readers after winning; and anyone spinning may keep spinning on a reader-owned lock
 * for a bounded threshold. Refines {@code reader-owned}'s spin policy, which it therefore requires.
 */
public final class ReaderSpinPatch implements Patch
{
    @Override
    public String name()
    {
        return "reader-spin";
    }

    @Override
    public String seed()
    {
        return "000";
    }

    @Override
    public String module()
    {
        return "rwsem-reader-spin";
    }

    @Override
    public Set<String> requires()
    {
        return Set.of("reader-owned");
    }

    @Override
    public Set<DecisionPoint> decisionPoints()
    {
        return Set.of(DecisionPoint.READER_SPIN, DecisionPoint.SPIN_ON_OWNER);
    }

    @Override
    public void install(final Hooks hooks)
    {
        hooks.readerSpin(true);
        hooks.spinPolicy(new ReaderOwnedThreshold(hooks.spinPolicy(), hooks.tunables()));
    }
}
