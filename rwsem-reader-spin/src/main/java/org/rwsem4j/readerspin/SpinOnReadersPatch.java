package org.rwsem4j.readerspin;

import org.rwsem4j.spi.AbstractPatch;
import org.rwsem4j.spi.DecisionPoint;
import org.rwsem4j.spi.Hooks;

/**
 * Seed 000 (2014, patch 2/7), "threshold limited spinning for active readers": anyone spinning may keep spinning on a
 * reader-owned lock for a bounded threshold ({@link ReaderOwnedThreshold}: the seed's count, or the 5.3 time form of
 * 7d43f1ce9dd0), where {@code reader-owned} alone stops at once. Refines {@code reader-owned}'s spin policy, which it
 * therefore requires. Without {@code reader-spin} only writers spin, which is the 5.11 configuration: writers spin on
 * readers for a budget, readers do not spin.
 */
public final class SpinOnReadersPatch extends AbstractPatch
{
    /** Registered through {@code META-INF/services/org.rwsem4j.spi.Patch}. */
    public SpinOnReadersPatch()
    {
        super("spin-on-readers", "000", "rwsem-reader-spin", DecisionPoint.SPIN_ON_OWNER);
        requiring("reader-owned");
    }

    @Override
    public void install(final Hooks hooks)
    {
        hooks.spinPolicy(new ReaderOwnedThreshold(hooks.spinPolicy(), hooks.tunables()));
    }
}
