package org.rwsem4j.bench;

import org.rwsem4j.AbstractPatch;
import org.rwsem4j.DecisionPoint;
import org.rwsem4j.Hooks;

/**
 * The positive control: {@link DecisionPoint#UNLOCK_WAKE} that busy-waits {@link #DELAY_NANOS} (with
 * {@link Thread#onSpinWait()}) and then wakes, as the base does. Every unlock that leaves the lock free with waiters
 * queued passes it, so every contended seed-000 cell, whose workers sleep and are woken, pays a known delay on that
 * slow path; X+slow-wake-control must come out "different", slower, in every such cell. It takes the wake-skip
 * patch's decision point, so it conflicts with wake-skip. Bench-only ({@link BenchControl}).
 *
 * <p>Why {@value #DELAY_NANOS} ns: base's 10-thread cells are bimodal. In about a quarter of its 200 ms iterations a
 * few workers keep the lock and the rest starve (min share 10-30%), and the lock then sleeps and wakes about 100 times
 * per 1,000 operations instead of about 550. A delay per wake acts on those iterations five times less, and at 50 us
 * the control's starved iterations fell among base's ordinary ones, often enough that the bootstrap could not exclude
 * "no change" at the level Holm asks of about 100 verdicts. At 200 us they do not (bench/README.md, "Controls").
 */
public final class SlowWakeControlPatch extends AbstractPatch implements BenchControl
{
    /** The spec name. */
    public static final String NAME = "slow-wake-control";
    /** The delay per wake, ns. */
    public static final long DELAY_NANOS = 200_000;

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
        hooks.unlockWake(path ->
        {
            final long start = System.nanoTime();
            while (System.nanoTime() - start < DELAY_NANOS)
            {
                Thread.onSpinWait();
            }
            path.wake();
        });
    }

    @Override
    public boolean positive()
    {
        return true;
    }
}
