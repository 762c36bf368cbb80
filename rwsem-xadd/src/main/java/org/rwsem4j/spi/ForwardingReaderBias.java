package org.rwsem4j.spi;

import java.util.Objects;

/**
 * A {@link ReaderBias} that refines another: every call goes to the refined one until a subclass re-decides it (a
 * test's smaller table, or a negative control's revocation that does not look).
 */
public abstract class ForwardingReaderBias implements ReaderBias
{
    private final ReaderBias refined;

    /**
     * @param refined the reader bias installed before this one ({@link Hooks#readerBias()})
     */
    protected ForwardingReaderBias(final ReaderBias refined)
    {
        this.refined = Objects.requireNonNull(refined, "refined");
    }

    @Override
    public int tryBiasedRead(final LockWord word, final long lock)
    {
        return refined.tryBiasedRead(word, lock);
    }

    @Override
    public boolean tryBiasedUnlock(final long lock)
    {
        return refined.tryBiasedUnlock(lock);
    }

    @Override
    public boolean visibleReaders(final long lock)
    {
        return refined.visibleReaders(lock);
    }

    @Override
    public int biasedReaders(final long lock)
    {
        return refined.biasedReaders(lock);
    }

    @Override
    public long inhibitNanos(final long revocationNanos)
    {
        return refined.inhibitNanos(revocationNanos);
    }
}
