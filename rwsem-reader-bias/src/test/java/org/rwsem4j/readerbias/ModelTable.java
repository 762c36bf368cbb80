package org.rwsem4j.readerbias;

import org.rwsem4j.spi.AbstractPatch;
import org.rwsem4j.spi.DecisionPoint;
import org.rwsem4j.spi.ForwardingReaderBias;
import org.rwsem4j.spi.Hooks;

/**
 * A test patch that refines {@code reader-bias} with a table of its own, small enough for a model checker to scan
 * (Lincheck takes a scan of 64 entries for a spin), and optionally blind: its revoking writer's look finds nobody
 * (the seeded bug of the protocol test and of the torture's {@code blind-revocation}).
 */
public final class ModelTable extends AbstractPatch
{
    private final int entries;
    private final boolean blind;

    /**
     * @param entries the table's entries, a power of two, in two windows (one if it has one entry)
     * @param blind whether the revoking writer's look finds nobody
     */
    public ModelTable(final int entries, final boolean blind)
    {
        super(blind ? "test-blind-table" : "test-small-table", "test", "rwsem-reader-bias (tests)",
            DecisionPoint.READER_BIAS);
        requiring("reader-bias");
        optInOnly();
        this.entries = entries;
        this.blind = blind;
    }

    @Override
    public void install(final Hooks hooks)
    {
        final VisibleReaders table = new VisibleReaders(entries, Math.max(1, entries / 2));
        hooks.readerBias(!blind ? table : new ForwardingReaderBias(table)
        {
            @Override
            public boolean visibleReaders(final long lock)
            {
                return false;
            }
        });
    }
}
