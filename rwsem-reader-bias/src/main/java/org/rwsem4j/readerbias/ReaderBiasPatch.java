package org.rwsem4j.readerbias;

import org.rwsem4j.spi.AbstractPatch;
import org.rwsem4j.spi.DecisionPoint;
import org.rwsem4j.spi.Hooks;

/**
 * BRAVO, "Biased Locking for Reader-Writer Locks" (Dice and Kogan, USENIX ATC 2019), beyond upstream: while a lock is
 * read-biased, a reader publishes itself in a table of visible readers that every lock shares ({@link VisibleReaders})
 * instead of adding to the count, so reads on two cores stop moving the count's cache line between them. A writer
 * takes the lock as always, and when it finds the bias it waits, holding the lock, until no biased reader of the lock
 * is left, then keeps the bias off for nine times that wait. The engine owns the bias bit, its re-arming and the
 * writer's wait (the {@link DecisionPoint#READER_BIAS} notes in {@code Engine}); this patch owns the table.
 *
 * <p>Opt-in: kept out of {@code all} until its ablation says where it belongs.
 */
public final class ReaderBiasPatch extends AbstractPatch
{
    /** Registered through {@code META-INF/services/org.rwsem4j.spi.Patch}. */
    public ReaderBiasPatch()
    {
        super("reader-bias", "beyond upstream", "rwsem-reader-bias", DecisionPoint.READER_BIAS);
        optInOnly();
    }

    @Override
    public void install(final Hooks hooks)
    {
        hooks.readerBias(VisibleReaders.INSTANCE);
    }
}
