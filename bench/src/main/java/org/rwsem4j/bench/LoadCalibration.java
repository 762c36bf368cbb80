package org.rwsem4j.bench;

import java.util.Arrays;

/**
 * Measures what one unit of load costs on this machine, so that reports can state the load in ns: one
 * {@link LoadUnit#PAUSE} (one PAUSE is about 10 cycles on the seeds' Westmere and about 140 on Skylake and later) and
 * one {@link LoadUnit#TOKENS} token of {@code Blackhole.consumeCPU}. Both are measured the same way, over long calls:
 * a call of a few units also pays the call's own fixed cost.
 */
public final class LoadCalibration
{
    private static final int ROUNDS = 7;
    private static final int UNITS_PER_ROUND = 2_000_000;

    private LoadCalibration()
    {
    }

    /**
     * Runs the pause calibration.
     *
     * @return nanoseconds per pause unit
     */
    public static double nanosPerPause()
    {
        return nanosPerUnit(LoadUnit.PAUSE);
    }

    /**
     * Runs the calibration of one unit: a warm-up, then the median of several timed rounds.
     *
     * @param unit the unit
     * @return nanoseconds per unit
     */
    public static double nanosPerUnit(final LoadUnit unit)
    {
        for (int i = 0; i < 3; i++)
        {
            unit.spin(UNITS_PER_ROUND);
        }
        final double[] rounds = new double[ROUNDS];
        for (int r = 0; r < ROUNDS; r++)
        {
            final long start = System.nanoTime();
            unit.spin(UNITS_PER_ROUND);
            rounds[r] = (System.nanoTime() - start) / (double)UNITS_PER_ROUND;
        }
        Arrays.sort(rounds);
        return rounds[ROUNDS / 2];
    }
}
