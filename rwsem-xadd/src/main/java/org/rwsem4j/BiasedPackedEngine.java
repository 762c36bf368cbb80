package org.rwsem4j;

import org.rwsem4j.slot.SlotSource;
import org.rwsem4j.stats.StatsFile;

/**
 * The {@link PackedEngine} of a lock with a reader bias: it holds the lock's tag in the table of visible readers
 * ({@link Engine#biasTag}), given when the lock is made and never changed, beside the engine's fields and the owner
 * word, which the read path reads too: a fresh lock's only growth with the patch. (A {@link PaddedEngine} keeps the
 * tag in its first pad.)
 */
final class BiasedPackedEngine extends PackedEngine
{
    private final long tag = nextBiasTag();

    BiasedPackedEngine(final Variant variant, final Choices choices, final SlotSource slots, final String name,
        final StatsFile stats, final boolean publishWord)
    {
        super(variant, choices, slots, name, stats, publishWord);
    }

    @Override
    long biasTag()
    {
        return tag;
    }
}
