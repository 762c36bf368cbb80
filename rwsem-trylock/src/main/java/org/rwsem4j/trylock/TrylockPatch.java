package org.rwsem4j.trylock;

import org.rwsem4j.spi.DecisionPoint;
import org.rwsem4j.spi.Hooks;
import org.rwsem4j.spi.AbstractPatch;

/**
 * Seed 004, "Optimize down_read_trylock" (2019, v5.2, ddb20d1d3aed): the read trylock's first CAS assumes the lock
 * is unlocked instead of loading the word first, then loops on the value each failed CAS returns while that value
 * shows no failing bit. Upstream undid it in effect in 5.16 (14c240488411): under heavy contention most callers then
 * pay two CASes. The ablation shows both sides.
 */
public final class TrylockPatch extends AbstractPatch
{
    /** Registered through {@code META-INF/services/org.rwsem4j.spi.Patch}. */
    public TrylockPatch()
    {
        super("trylock", "004", "rwsem-trylock", DecisionPoint.READ_TRYLOCK);
    }

    @Override
    public void install(final Hooks hooks)
    {
        hooks.readTrylock(AssumeUnlockedReadTrylock.INSTANCE);
    }
}
