package org.rwsem4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.rwsem4j.TestSupport.Worker;

/**
 * The event counters: one compact row until two threads collide on it, then striped rows; every row a thread adds to
 * is summed, and the striped rows do not share a line.
 */
class EventCountersTest
{
    /**
     * Threads whose ids fall on every row each add a known amount to one event: the count is their sum. A reader
     * that looked at one row only (the unstriped layout) would see a fraction of it: with at least two rows and a
     * thread per row, every row holds a share.
     */
    @Test
    void aCountIsTheSumOfEveryRow()
    {
        final EventCounters counters = new EventCounters();
        counters.inc(LockEvent.WLOCK_STEAL);
        forceStriped(counters);
        final Set<Long> rows = new HashSet<>();
        final List<Worker<Void>> workers = new ArrayList<>();
        int started = 0;
        while (rows.size() < EventCounters.STRIPES && started < 64)
        {
            final int per = 1000 + started;
            final Worker<Void> w = Worker.start("counter-" + started, () ->
            {
                for (int i = 0; i < per; i++)
                {
                    counters.inc(LockEvent.WLOCK_STEAL);
                }
                return null;
            });
            rows.add(w.thread().getId() & (EventCounters.STRIPES - 1));
            workers.add(w);
            started++;
        }
        long expected = 1 + contentionAdds;
        for (int i = 0; i < workers.size(); i++)
        {
            workers.get(i).join();
            expected += 1000 + i;
        }
        assertEquals(EventCounters.STRIPES, rows.size(), "threads on every row");
        assertTrue(EventCounters.STRIPES >= 2, "striped");
        assertEquals(expected, counters.get(LockEvent.WLOCK_STEAL));
        assertEquals(0, counters.get(LockEvent.RLOCK_STEAL), "other events untouched");
    }

    /** Adds made by {@link #forceStriped} to {@link LockEvent#WLOCK_STEAL}. */
    private long contentionAdds;

    /**
     * Two threads count one event until a collision on the compact row grows the striped rows; fails if it never
     * happens (a bounded number of rounds).
     */
    private void forceStriped(final EventCounters counters)
    {
        for (int round = 0; round < 200 && !counters.isStriped(); round++)
        {
            final List<Worker<Void>> pair = new ArrayList<>();
            for (int t = 0; t < 2; t++)
            {
                pair.add(Worker.start("collide-" + round + "-" + t, () ->
                {
                    for (int i = 0; i < 100_000; i++)
                    {
                        counters.inc(LockEvent.WLOCK_STEAL);
                    }
                    return null;
                }));
            }
            for (final Worker<Void> w : pair)
            {
                w.join();
                contentionAdds += 100_000;
            }
        }
        assertTrue(counters.isStriped(), "two threads counting at once never grew the striped rows");
    }

    /** One thread alone keeps the compact row: no striped rows are allocated, and its counts are exact. */
    /**
     * Steals counted by the write lock's holder ({@link EventCounters#incWriteLockSteal}) are summed with the rows:
     * alone (nothing else counted yet, so no row exists), and beside atomic adds to the same event. A read that left
     * the holder's cell out would see 0, then 5.
     */
    @Test
    void stealsCountedUnderTheWriteLockAreInTheCount()
    {
        final EventCounters counters = new EventCounters();
        for (int i = 0; i < 3; i++)
        {
            counters.incWriteLockSteal();
        }
        assertEquals(3, counters.get(LockEvent.WLOCK_STEAL), "before any row exists");
        assertEquals(0, counters.get(LockEvent.RLOCK_STEAL), "other events untouched");
        counters.add(LockEvent.WLOCK_STEAL, 5);
        assertEquals(8, counters.get(LockEvent.WLOCK_STEAL), "beside the atomic adds");
    }

    @Test
    void oneThreadAloneKeepsTheCompactRow()
    {
        final EventCounters counters = new EventCounters();
        assertEquals(0, counters.get(LockEvent.RLOCK), "no storage yet");
        for (int i = 0; i < 10_000; i++)
        {
            counters.inc(LockEvent.RLOCK);
        }
        counters.add(LockEvent.SLEEP_READER, 5);
        assertFalse(counters.isStriped(), "uncontended counting grew the striped rows");
        assertEquals(10_000, counters.get(LockEvent.RLOCK));
        assertEquals(5, counters.get(LockEvent.SLEEP_READER));
    }

    /** Counts made before the rows were striped stay in the sum after. */
    @Test
    void countsSurviveTheGrowthToStripes()
    {
        final EventCounters counters = new EventCounters();
        counters.add(LockEvent.SLEEP_WRITER, 7);
        forceStriped(counters);
        counters.add(LockEvent.SLEEP_WRITER, 3);
        assertEquals(10, counters.get(LockEvent.SLEEP_WRITER));
        assertEquals(contentionAdds, counters.get(LockEvent.WLOCK_STEAL));
    }

    /** Rows are whole 64-byte lines apart, with a spare line between them, and hold every event. */
    @Test
    void rowsHoldEveryEventOnLinesOfTheirOwn()
    {
        assertTrue(EventCounters.ROW_LONGS >= LockEvent.values().length + 8, "a spare line after the events");
        assertEquals(0, EventCounters.ROW_LONGS % 8, "whole lines");
    }
}
