package org.rwsem4j.readerowned;

import org.rwsem4j.spi.OwnerState;
import org.rwsem4j.spi.SpinAttempt;
import org.rwsem4j.spi.SpinPolicy;

/**
 * With reader ownership published, NULL means "free or a writer about to store itself": worth spinning on. A
 * reader-owned lock is not: readers may hold it for long, and their marker is only a stale hint of who last owned
 * it, never a sign that anyone is running.
 */
final class SpinOnKnownOwner implements SpinPolicy
{
    static final SpinOnKnownOwner INSTANCE = new SpinOnKnownOwner();

    private SpinOnKnownOwner()
    {
    }

    @Override
    public boolean canSpinOnOwner(final OwnerState owner)
    {
        return owner == OwnerState.WRITER || owner == OwnerState.NULL;
    }

    @Override
    public boolean keepSpinning(final OwnerState owner, final SpinAttempt attempt)
    {
        return owner == OwnerState.WRITER || owner == OwnerState.NULL;
    }
}
