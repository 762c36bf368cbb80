package org.rwsem4j.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.rwsem4j.bench.ablation.Sample;

import org.junit.jupiter.api.Test;

/** The figure of a cell sized by time, on fixed inputs, and the one place that takes it as a fork's score. */
class TimedFigureTest
{
    private static final long MS = 1_000_000L;

    @Test
    void theFigureIsTheTimeOpsPerWorkerTakeAtTheMeasuredRate()
    {
        // 4 workers over a span of 200 ms did 400,000 operations: 2,000 per ms. 100,000 per worker = 400,000 in all
        // takes 200 ms at that rate; 50,000 per worker takes 100 ms.
        final long[] starts = {0, 1 * MS, 2 * MS, 0};
        final long[] ends = {200 * MS, 199 * MS, 200 * MS, 150 * MS};
        final long[] done = {100_000, 100_000, 150_000, 50_000};
        assertEquals(200.0, LockTestRun.timedMillis(starts, ends, done, 100_000), 1e-9);
        assertEquals(100.0, LockTestRun.timedMillis(starts, ends, done, 50_000), 1e-9);
        // half the operations in the same span: twice the time
        assertEquals(400.0, LockTestRun.timedMillis(starts, ends, new long[] {50_000, 50_000, 75_000, 25_000},
            100_000), 1e-9);
        assertTrue(Double.isNaN(LockTestRun.timedMillis(starts, ends, new long[4], 100_000)), "no operation");
    }

    @Test
    void minShareIsTheFewestOverTheMeanPerWorker()
    {
        assertEquals(1.0, WorkerGroup.minShare(new long[] {10, 10, 10, 10}), 1e-12);
        assertEquals(0.5, WorkerGroup.minShare(new long[] {50_000, 100_000, 150_000, 100_000}), 1e-12);
        assertEquals(0.0, WorkerGroup.minShare(new long[] {0, 10, 10, 10}), 1e-12);
        assertEquals(0.0, WorkerGroup.minShare(new long[4]), 1e-12);
    }

    @Test
    void aCellSizedByTimeTakesItsTimedFigureAndAnyOtherCellItsPrimary()
    {
        final List<Map<String, Double>> perIteration = List.of(Map.of(LockTestMetrics.TIMED_SCORE, 500.0),
            Map.of(LockTestMetrics.TIMED_SCORE, 700.0));
        final double[] windows = {201, 203};
        final Sample timed = Sample.ofJmh("200", 202, Map.of(), windows, perIteration);
        assertEquals(600.0, timed.score(), 1e-9);
        assertArrayEquals(new double[] {500, 700}, timed.iterations(), 1e-9);
        final Sample byOps = Sample.ofJmh("0", 202, Map.of(), windows, perIteration);
        assertEquals(202.0, byOps.score(), 1e-9);
        assertArrayEquals(windows, byOps.iterations(), 1e-9);
        final Sample noSuchParameter = Sample.ofJmh(null, 202, Map.of(), windows, perIteration);
        assertEquals(202.0, noSuchParameter.score(), 1e-9);
    }

    @Test
    void aCellSizedByTimeWithoutItsFigureInAnIterationIsAnError()
    {
        final List<Map<String, Double>> missing = List.of(Map.of(LockTestMetrics.TIMED_SCORE, 500.0), Map.of());
        final IllegalStateException e = assertThrows(IllegalStateException.class,
            () -> Sample.ofJmh("200", 202, Map.of(), new double[] {201, 203}, missing));
        assertTrue(e.getMessage().contains("iteration 2"), e.getMessage());
        final List<Map<String, Double>> nan = List.of(Map.of(LockTestMetrics.TIMED_SCORE, Double.NaN));
        assertThrows(IllegalStateException.class, () -> Sample.ofJmh("200", 202, Map.of(), new double[] {201}, nan));
    }
}
