package org.rwsem4j.readerspin;

import org.rwsem4j.DecisionPoint;
import org.rwsem4j.Hooks;
import org.rwsem4j.AbstractPatch;

/**
 * Seed 000 (2014, patch 6/7), "enables optimistic spinning for readers": a reader that misses the fast path may join
 * the OSQ and spin on a writer owner, take the lock with the reader trylock, and wake the queued readers after
 * winning. Requires {@code spin-on-readers} (patch 2/7, "threshold limited spinning for active readers", which itself
 * requires {@code reader-owned}): a spinning reader meets reader-owned phases, and the seed bounds them.
 */
public final class ReaderSpinPatch extends AbstractPatch
{
    /** Registered through {@code META-INF/services/org.rwsem4j.Patch}. */
    public ReaderSpinPatch()
    {
        super("reader-spin", "000", "rwsem-reader-spin", DecisionPoint.READER_SPIN);
        requiring("spin-on-readers");
    }

    @Override
    public void install(final Hooks hooks)
    {
        hooks.readerSpin(true);
    }
}
