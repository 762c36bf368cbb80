package org.rwsem4j.torture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * The atomic-register check on hand-made histories: each legal shape passes, each illegal one is reported with the
 * operations involved, reads wait for the watermark, and memory stays bounded over a long stream.
 */
class HistoryCheckerTest
{
    private static final int W0 = 0;
    private static final int W1 = 1;
    private static final int R0 = 2;
    private static final long NS = 1_000_000_000L; // times below are in seconds from the origin

    private final Violations violations = new Violations();
    private final HistoryChecker checker = new HistoryChecker(List.of("w0", "w1", "r0"), 0, violations);

    @Test
    void aSequentialHistoryIsLegal()
    {
        checker.accept(write(W0, 1, 10, 20));
        checker.accept(read(R0, value(W0, 1), 30, 40));
        checker.accept(write(W1, 1, 50, 60));
        checker.accept(read(R0, value(W1, 1), 70, 80));
        checker.accept(read(W0, HistoryLane.NO_VALUE, 1, 5));
        checker.advance(Long.MAX_VALUE, Long.MAX_VALUE);
        assertEquals(0, violations.count(), violations.first()::toString);
        assertEquals(3, checker.reads());
        assertEquals(2, checker.writes());
    }

    @Test
    void aReadOverlappingAWriteMayReturnTheOldOrTheNewValue()
    {
        checker.accept(write(W0, 1, 10, 20));
        checker.accept(write(W1, 1, 30, 60));
        checker.accept(read(R0, value(W0, 1), 40, 50));
        checker.accept(read(R0, value(W1, 1), 51, 55));
        checker.accept(read(W0, HistoryLane.NO_VALUE, 5, 15)); // the initial value while the first write is going on
        checker.advance(Long.MAX_VALUE, Long.MAX_VALUE);
        assertEquals(0, violations.count(), violations.first()::toString);
    }

    @Test
    void aStaleReadNamesTheWriteThatOverwroteIt()
    {
        checker.accept(write(W0, 1, 10, 20));
        checker.accept(write(W1, 1, 30, 40));
        checker.accept(read(R0, value(W0, 1), 50, 60));
        checker.advance(Long.MAX_VALUE, Long.MAX_VALUE);
        assertOne("r0's read [50.000000, 60.000000] s returned the value of w0's write #1 [10.000000, 20.000000] s, " +
            "but w1's write #1 [30.000000, 40.000000] s began after it ended and ended before the read began " +
            "(a stale read)");
    }

    @Test
    void aReadOfAWriteThatBeganAfterItEndedIsIllegal()
    {
        checker.accept(read(R0, value(W0, 1), 10, 20));
        checker.accept(write(W0, 1, 30, 40));
        checker.advance(Long.MAX_VALUE, Long.MAX_VALUE);
        assertOne("r0's read [10.000000, 20.000000] s returned the value of w0's write #1 [30.000000, 40.000000] s, " +
            "which began after the read ended");
    }

    @Test
    void theInitialValueAfterAWriteEndedIsIllegal()
    {
        checker.accept(write(W1, 1, 10, 20));
        checker.accept(read(R0, HistoryLane.NO_VALUE, 30, 40));
        checker.advance(Long.MAX_VALUE, Long.MAX_VALUE);
        assertOne("r0's read [30.000000, 40.000000] s returned the initial value, but w1's write #1 " +
            "[10.000000, 20.000000] s ended before the read began");
    }

    @Test
    void aTornReadNamesBothHalves()
    {
        checker.accept(write(W0, 1, 10, 30));
        checker.accept(write(W1, 1, 20, 40));
        checker.accept(new Operation(R0, 15 * NS, 35 * NS, HistoryLane.NO_VALUE, true, value(W1, 1), ~value(W0, 1)));
        checker.advance(Long.MAX_VALUE, Long.MAX_VALUE);
        assertOne("r0's read [15.000000, 35.000000] s returned a torn value: first half from w1's write #1 " +
            "[20.000000, 40.000000] s, second half from w0's write #1 [10.000000, 30.000000] s; no write wrote it");
    }

    @Test
    void aValueNoWriteWroteIsIllegal()
    {
        checker.accept(write(W0, 1, 10, 20));
        checker.accept(read(R0, value(W0, 7), 30, 40));
        checker.advance(Long.MAX_VALUE, Long.MAX_VALUE);
        assertOne("r0's read [30.000000, 40.000000] s returned w0's write #7 (not recorded yet), which no write had " +
            "begun to write when the read ended");
    }

    @Test
    void aDowngradedWriteReadsItsOwnValue()
    {
        checker.accept(new Operation(W0, 10 * NS, 20 * NS, value(W0, 1), true, value(W0, 1), ~value(W0, 1)));
        checker.advance(Long.MAX_VALUE, Long.MAX_VALUE);
        assertEquals(0, violations.count(), violations.first()::toString);
    }

    /** A read is checked only once no write that could matter to it can still arrive. */
    @Test
    void aReadWaitsForTheWriteWatermark()
    {
        checker.accept(write(W0, 1, 10, 20));
        checker.accept(read(R0, HistoryLane.NO_VALUE, 30, 40));
        checker.advance(35 * NS, 35 * NS);
        assertEquals(0, violations.count());
        assertEquals(1, checker.pending());
        checker.advance(40 * NS, 40 * NS);
        assertEquals(1, violations.count());
        assertEquals(0, checker.pending());
    }

    /**
     * A million operations streamed with the watermark right behind: what is held stays a handful, and a read of a
     * value overwritten long ago (no longer held) is still reported as stale.
     */
    @Test
    void memoryStaysBoundedOverALongStream()
    {
        long maxHeld = 0;
        long t = 100;
        for (int seq = 1; seq <= 500_000; seq++)
        {
            final int lane = seq % 2 == 0 ? W0 : W1;
            final long v = value(lane, (seq + 1) / 2);
            checker.accept(write(lane, (seq + 1) / 2, t, t + 1));
            checker.accept(read(R0, v, t + 2, t + 3));
            t += 4;
            checker.advance(t * NS, t * NS);
            maxHeld = Math.max(maxHeld, checker.held());
        }
        assertEquals(0, violations.count(), violations.first()::toString);
        assertEquals(500_000, checker.reads());
        assertTrue(maxHeld < 16, "held at most " + maxHeld);
        checker.accept(read(R0, value(W1, 1), t, t + 1));
        checker.advance(Long.MAX_VALUE, Long.MAX_VALUE);
        assertEquals(1, violations.count());
        assertTrue(violations.first().get(0).contains("w1's write #1 (overwritten, no longer held)") &&
            violations.first().get(0).contains("(a stale read)"), violations.first()::toString);
    }

    private void assertOne(final String expected)
    {
        assertEquals(List.of(expected), violations.first());
    }

    private static long value(final int lane, final long seq)
    {
        return (seq << HistoryLane.LANE_BITS) | lane;
    }

    private static Operation write(final int lane, final long seq, final long invoked, final long responded)
    {
        return new Operation(lane, invoked * NS, responded * NS, value(lane, seq), false, 0, 0);
    }

    private static Operation read(final int lane, final long v, final long invoked, final long responded)
    {
        return new Operation(lane, invoked * NS, responded * NS, HistoryLane.NO_VALUE, true, v, ~v);
    }
}
