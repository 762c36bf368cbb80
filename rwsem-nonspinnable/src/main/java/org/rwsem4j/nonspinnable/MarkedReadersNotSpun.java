package org.rwsem4j.nonspinnable;

import org.rwsem4j.LockEvent;
import org.rwsem4j.spi.OwnerState;
import org.rwsem4j.spi.SlowPath;
import org.rwsem4j.spi.SpinAttempt;
import org.rwsem4j.spi.SpinPolicy;

/**
 * The spin policy {@code nonspinnable} installs over {@code spin-on-readers}' threshold:
 * <ul>
 *   <li>{@code rwsem_can_spin_on_owner}: no spinning at all on a lock marked non-spinnable
 *       ({@code rwsem_opt_nospin_nonspinnable});</li>
 *   <li>in the spin loop, a reader-owned lock that someone else has marked ends the spin at once (the kernel's
 *       {@code rwsem_spin_on_owner} returns {@code OWNER_NONSPINNABLE} on the bit);</li>
 *   <li>when the refined threshold ends a writer's spin on a reader-owned lock, the writer marks the lock
 *       ({@code rwsem_set_nonspinnable}, a CAS that gives up if the owner word no longer says readers;
 *       {@code rwsem_set_nonspinnable} counted when it took).</li>
 * </ul>
 * Reader spinners ({@code reader-spin}) obey the mark but do not set it: in the kernel only a writer's timed-out spin
 * on readers sets it. Every other state is left to the refined policy.
 */
final class MarkedReadersNotSpun implements SpinPolicy
{
    private final SpinPolicy refined;

    MarkedReadersNotSpun(final SpinPolicy refined)
    {
        this.refined = refined;
    }

    @Override
    public boolean canSpinOnOwner(final OwnerState owner)
    {
        return refined.canSpinOnOwner(owner);
    }

    @Override
    public boolean canSpinOnOwner(final SlowPath path)
    {
        if (path.ownerNonspinnable())
        {
            path.event(LockEvent.OPT_NOSPIN_NONSPINNABLE);
            return false;
        }
        return refined.canSpinOnOwner(path);
    }

    @Override
    public boolean keepSpinning(final OwnerState owner, final SpinAttempt attempt)
    {
        if (owner != OwnerState.READER)
        {
            return refined.keepSpinning(owner, attempt);
        }
        final SlowPath path = attempt.path();
        if (path.ownerNonspinnable())
        {
            return false;
        }
        if (refined.keepSpinning(owner, attempt))
        {
            return true;
        }
        if (!attempt.reader() && path.setNonspinnable())
        {
            path.event(LockEvent.SET_NONSPINNABLE);
        }
        return false;
    }
}
