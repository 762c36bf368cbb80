package org.rwsem4j.bench;

import java.util.Arrays;

/**
 * Measures what one {@link Pause} unit costs on this machine, so that reports can state the load in ns (one PAUSE is
 * about 10 cycles on the seeds' Westmere and about 140 on Skylake and later).
 */
final class PauseCalibration
{
    private static final int ROUNDS = 7;
    private static final int UNITS_PER_ROUND = 2_000_000;

    private PauseCalibration()
    {
    }

    /**
     * Runs the calibration: a warm-up, then the median of several timed rounds.
     *
     * @return nanoseconds per pause unit
     */
    static double nanosPerPause()
    {
        for (int i = 0; i < 3; i++)
        {
            Pause.spin(UNITS_PER_ROUND);
        }
        final double[] rounds = new double[ROUNDS];
        for (int r = 0; r < ROUNDS; r++)
        {
            final long start = System.nanoTime();
            Pause.spin(UNITS_PER_ROUND);
            rounds[r] = (System.nanoTime() - start) / (double)UNITS_PER_ROUND;
        }
        Arrays.sort(rounds);
        return rounds[ROUNDS / 2];
    }
}
