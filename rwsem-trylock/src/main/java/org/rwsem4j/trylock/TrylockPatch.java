package org.rwsem4j.trylock;

import java.util.Set;

import org.rwsem4j.DecisionPoint;
import org.rwsem4j.Hooks;
import org.rwsem4j.Patch;

/**
 * Seed 004, "Optimize down_read_trylock" (2019, v5.2, ddb20d1d3aed): the read trylock's first CAS assumes the lock
 * is unlocked instead of loading the word first, then loops on the value each failed CAS returns while that value
 * shows no failing bit. Upstream undid it in effect in 5.16 (14c240488411): under heavy contention most callers then
 * pay two CASes. The ablation shows both sides.
 */
public final class TrylockPatch implements Patch
{
    @Override
    public String name()
    {
        return "trylock";
    }

    @Override
    public String seed()
    {
        return "004";
    }

    @Override
    public String module()
    {
        return "rwsem-trylock";
    }

    @Override
    public Set<DecisionPoint> decisionPoints()
    {
        return Set.of(DecisionPoint.READ_TRYLOCK);
    }

    @Override
    public void install(final Hooks hooks)
    {
        hooks.readTrylock(AssumeUnlockedReadTrylock.INSTANCE);
    }
}
