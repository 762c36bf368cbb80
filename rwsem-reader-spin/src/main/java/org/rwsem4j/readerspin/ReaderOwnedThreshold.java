package org.rwsem4j.readerspin;

import org.rwsem4j.spi.OwnerState;
import org.rwsem4j.spi.SpinAttempt;
import org.rwsem4j.spi.SpinPolicy;
import org.rwsem4j.Tunables;

/**
 * The spin policy {@code spin-on-readers} installs: it refines {@code reader-owned}'s, so that a reader-owned lock is
 * worth spinning on for a bounded threshold.
 * <ul>
 *   <li>{@link Tunables.ReaderSpinThreshold#COUNT} (default, seed 000): stop after {@code readerSpinCount} (64)
 *       consecutive reader-owned observations; the count resets when another state is seen.</li>
 *   <li>{@link Tunables.ReaderSpinThreshold#TIME} (kernel 5.3, 7d43f1ce9dd0): stop after
 *       10 + min(readers, 30) / 2 microseconds, re-armed at every transition into a reader-owned phase; the clock is
 *       read every 16 iterations.</li>
 * </ul>
 * The count is the default because it is the seed's; 64 iterations (each an {@code onSpinWait} plus two volatile
 * loads and the policy call) last a few microseconds on a Java host, within the time budget's 10–25 µs range.
 * Every other state is left to the refined policy.
 */
final class ReaderOwnedThreshold implements SpinPolicy
{
    private final SpinPolicy refined;
    private final boolean byTime;
    private final long count;

    ReaderOwnedThreshold(final SpinPolicy refined, final Tunables tunables)
    {
        this.refined = refined;
        this.byTime = tunables.readerSpinThreshold() == Tunables.ReaderSpinThreshold.TIME;
        this.count = tunables.readerSpinCount();
    }

    @Override
    public boolean canSpinOnOwner(final OwnerState owner)
    {
        return owner == OwnerState.READER || refined.canSpinOnOwner(owner);
    }

    @Override
    public boolean keepSpinning(final OwnerState owner, final SpinAttempt attempt)
    {
        if (owner != OwnerState.READER)
        {
            return refined.keepSpinning(owner, attempt);
        }
        if (attempt.previous() != OwnerState.READER)
        {
            attempt.counter(0);
            if (byTime)
            {
                attempt.deadline(attempt.nanoTime() + (20 + Math.min(attempt.readers(), 30)) * 1000 / 2);
            }
        }
        final long seen = attempt.counter() + 1;
        attempt.counter(seen);
        if (byTime)
        {
            return (seen & 15) != 0 || attempt.nanoTime() - attempt.deadline() < 0;
        }
        return seen <= count;
    }
}
