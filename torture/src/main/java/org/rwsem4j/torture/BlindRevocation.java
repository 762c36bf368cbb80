package org.rwsem4j.torture;

import org.rwsem4j.spi.AbstractPatch;
import org.rwsem4j.spi.DecisionPoint;
import org.rwsem4j.spi.ForwardingReaderBias;
import org.rwsem4j.spi.Hooks;

/**
 * Negative control for reader bias: a revoking writer that does not wait for the table. It refines
 * {@code reader-bias}'s table so that the writer's look finds no biased reader, and changes nothing else: biased
 * reads still go through the table, and a writer then enters beside them, an overlap the exclusion oracle must see.
 * Test-only, never registered with {@link java.util.ServiceLoader}.
 */
final class BlindRevocation extends AbstractPatch
{
    static final String NAME = "blind-revocation";

    BlindRevocation()
    {
        super(NAME, "test-only negative control for reader bias", "torture", DecisionPoint.READER_BIAS);
        requiring("reader-bias");
    }

    @Override
    public void install(final Hooks hooks)
    {
        hooks.readerBias(new ForwardingReaderBias(hooks.readerBias())
        {
            @Override
            public boolean visibleReaders(final long lock)
            {
                return false;
            }
        });
    }
}
