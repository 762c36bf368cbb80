package org.rwsem4j.bench.report;

import java.io.PrintStream;
import java.util.Locale;

/** One progress line per cell: which of how many, the outcome, elapsed time and an estimate of what is left. */
public final class Progress
{
    private final PrintStream out;
    private final int total;
    private final double totalEstimate;
    private final long start = System.nanoTime();
    private double doneEstimate;
    private int done;

    /**
     * @param out                  where the lines go
     * @param total                how many cells will finish
     * @param totalEstimateSeconds the estimate of all of them, in seconds
     */
    public Progress(final PrintStream out, final int total, final double totalEstimateSeconds)
    {
        this.out = out;
        this.total = total;
        this.totalEstimate = totalEstimateSeconds;
    }

    /**
     * Reports a finished cell.
     *
     * @param round    the fork round, 1-based
     * @param rounds   how many rounds
     * @param cell     the cell's description
     * @param estimate its estimated seconds
     * @param outcome  its score or failure, short
     */
    public void finished(final int round, final int rounds, final String cell, final double estimate,
        final String outcome)
    {
        done++;
        doneEstimate += estimate;
        final double elapsed = (System.nanoTime() - start) / 1e9;
        final double left = doneEstimate <= 0 ? 0 : elapsed / doneEstimate * (totalEstimate - doneEstimate);
        out.printf(Locale.ROOT, "[cell %d/%d] fork %d/%d %s -> %s | elapsed %s, left ~%s%n", done, total, round,
            rounds, cell, outcome, clock(elapsed), clock(Math.max(0, left)));
        out.flush();
    }

    /** @return seconds since this was made */
    public double elapsedSeconds()
    {
        return (System.nanoTime() - start) / 1e9;
    }

    /**
     * @param seconds a duration
     * @return it as {@code 1m05s}, or {@code 1h02m05s} from an hour on
     */
    public static String clock(final double seconds)
    {
        final long s = Math.round(seconds);
        return s >= 3600 ? String.format(Locale.ROOT, "%dh%02dm%02ds", s / 3600, s / 60 % 60, s % 60) :
            String.format(Locale.ROOT, "%dm%02ds", s / 60, s % 60);
    }
}
