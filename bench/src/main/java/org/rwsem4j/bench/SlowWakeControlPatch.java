package org.rwsem4j.bench;

import org.rwsem4j.AbstractPatch;
import org.rwsem4j.DecisionPoint;
import org.rwsem4j.Hooks;
import org.rwsem4j.UnlockWakePolicy;

/**
 * The positive control: {@link DecisionPoint#UNLOCK_WAKE} that busy-waits {@link #DELAY_NANOS} (with
 * {@link Thread#onSpinWait()}) and then wakes, as the base does. Every unlock that leaves the lock free with waiters
 * queued passes it, so every contended seed-000 cell, whose workers sleep and are woken, pays a known delay on that
 * slow path; X+slow-wake-control must come out "different", slower, in every such cell. It takes the wake-skip
 * patch's decision point, so it conflicts with wake-skip. Bench-only ({@link BenchControl}).
 */
public final class SlowWakeControlPatch extends AbstractPatch implements BenchControl
{
    /** The spec name. */
    static final String NAME = "slow-wake-control";
    /** The delay per wake, ns. */
    static final long DELAY_NANOS = 50_000;

    /** Registered through the bench's {@code META-INF/services/org.rwsem4j.Patch}. */
    public SlowWakeControlPatch()
    {
        super(NAME, "control", "bench", DecisionPoint.UNLOCK_WAKE);
        conflictingWith("wake-skip");
        optInOnly();
    }

    @Override
    public void install(final Hooks hooks)
    {
        hooks.unlockWake((spinners, owner) ->
        {
            final long start = System.nanoTime();
            while (System.nanoTime() - start < DELAY_NANOS)
            {
                Thread.onSpinWait();
            }
            return UnlockWakePolicy.Decision.WAKE;
        });
    }

    @Override
    public boolean positive()
    {
        return true;
    }
}
