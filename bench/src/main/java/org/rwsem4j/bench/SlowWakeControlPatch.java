package org.rwsem4j.bench;

import org.rwsem4j.spi.AbstractPatch;
import org.rwsem4j.spi.DecisionPoint;
import org.rwsem4j.spi.Hooks;

/**
 * The positive control: {@link DecisionPoint#UNLOCK_WAKE} that busy-waits {@link #DELAY_NANOS} (with
 * {@link Thread#onSpinWait()}) and then wakes, as the base does. Every unlock that leaves the lock free with waiters
 * queued passes it, so every contended seed-000 cell, whose workers sleep and are woken, pays a known delay on that
 * slow path; X+slow-wake-control must come out "different", slower, in every such cell. It takes the wake-skip
 * patch's decision point, so it conflicts with wake-skip. Bench-only ({@link BenchControl}).
 *
 * <p>Why {@value #DELAY_NANOS} ns: base's 10-thread cells are bimodal. In some of its iterations a few workers keep
 * the lock and the rest starve, and the lock then sleeps and wakes far less often, so a delay per wake acts on those
 * iterations much less. A shorter delay let the control's starved iterations fall among base's ordinary ones, often
 * enough that the bootstrap could not exclude "no change" at the level Holm asks of a run's verdicts; this one does
 * not (bench/NOTEBOOK.md, "Engine decisions and their measurements").
 */
public final class SlowWakeControlPatch extends AbstractPatch implements BenchControl
{
    /** The spec name. */
    public static final String NAME = "slow-wake-control";
    /** The delay per wake, ns. */
    public static final long DELAY_NANOS = 200_000;

    /** Registered through the bench's {@code META-INF/services/org.rwsem4j.spi.Patch}. */
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
