package org.rwsem4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.rwsem4j.TestSupport.Worker;

/** The striped event counters: every row a thread adds to is summed, and the rows do not share a line. */
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
        long expected = 0;
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

    /** Rows are whole 64-byte lines apart, with a spare line between them, and hold every event. */
    @Test
    void rowsHoldEveryEventOnLinesOfTheirOwn()
    {
        assertTrue(EventCounters.ROW_LONGS >= LockEvent.values().length + 8, "a spare line after the events");
        assertEquals(0, EventCounters.ROW_LONGS % 8, "whole lines");
    }
}
