package org.rwsem4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.function.IntConsumer;

import org.junit.jupiter.api.Test;
import org.rwsem4j.TestSupport.Worker;

/**
 * The event counters: one compact row until two threads collide on it, then a row per thread; every row is summed,
 * a row has one writer, and a terminated thread's row is taken over with its counts.
 */
class EventCountersTest
{
    /**
     * More threads than slots count at once, every one alive until all are done, in three rounds: the threads on free
     * slots count in rows of their own, the rest (their slot held by a live thread) in the compact row, and the count
     * is the exact sum. {@link #rowsWrittenByTwoThreadsLoseCounts} shows that this workload loses counts if two live
     * threads write one row.
     */
    @Test
    void aCountIsTheExactSumOverEveryRow() throws Exception
    {
        final EventCounters counters = new EventCounters();
        counters.inc(LockEvent.WLOCK_STEAL);
        forceThreadRows(counters);
        long counted = 0;
        for (int round = 0; round < 3; round++)
        {
            counted += race(EventCounters.SLOTS + 8, k -> counters.inc(LockEvent.WLOCK_STEAL));
            assertEquals(1 + contentionAdds + counted, counters.get(LockEvent.WLOCK_STEAL), "round " + round);
        }
        assertEquals(0, counters.get(LockEvent.RLOCK_STEAL), "other events untouched");
        for (int slot = 0; slot < EventCounters.SLOTS; slot++)
        {
            assertNotNull(counters.rowOwner(slot), "slot " + slot + " has a row");
        }
    }

    /**
     * The negative control of {@link #aCountIsTheExactSumOverEveryRow}: the same racing threads, each adding to the
     * row of its slot whoever owns it (the counters without their one-writer rule), lose counts within a bounded
     * number of rounds.
     */
    @Test
    void rowsWrittenByTwoThreadsLoseCounts() throws Exception
    {
        boolean lost = false;
        for (int round = 0; round < 20 && !lost; round++)
        {
            final ThreadRow[] shared = new ThreadRow[EventCounters.SLOTS];
            for (int slot = 0; slot < shared.length; slot++)
            {
                shared[slot] = new ThreadRow(Thread.currentThread(), null);
            }
            final long counted = race(EventCounters.SLOTS + 8,
                k -> shared[EventCounters.slot(Thread.currentThread())].add(LockEvent.RLOCK.ordinal(), 1));
            long sum = 0;
            for (final ThreadRow row : shared)
            {
                sum += row.get(LockEvent.RLOCK.ordinal());
            }
            lost = sum < counted;
        }
        assertTrue(lost, "racing adds to shared rows lost no count in 20 rounds: the exact-sum test could not see one");
    }

    /**
     * Starts {@code threads} threads that each call {@code add} {@code ADDS + k} times at once (thread k), all alive
     * until every one is done; ensures their ids cover every slot. {@return the adds made}
     */
    private static long race(final int threads, final IntConsumer add) throws Exception
    {
        final CountDownLatch go = new CountDownLatch(1);
        final CountDownLatch done = new CountDownLatch(threads);
        final List<Worker<Void>> workers = new ArrayList<>();
        final Set<Integer> slots = new HashSet<>();
        long expected = 0;
        for (int k = 0; k < threads; k++)
        {
            final int per = ADDS + k;
            final Worker<Void> w = Worker.start("counter-" + k, () ->
            {
                go.await();
                for (int i = 0; i < per; i++)
                {
                    add.accept(i);
                    if (i % 1_000 == 0)
                    {
                        Thread.yield(); // let the threads on one slot interleave on few cores
                    }
                }
                done.countDown();
                done.await();
                return null;
            });
            slots.add(EventCounters.slot(w.thread()));
            workers.add(w);
            expected += per;
        }
        go.countDown();
        for (final Worker<Void> w : workers)
        {
            w.join();
        }
        assertTrue(threads < EventCounters.SLOTS || slots.size() == EventCounters.SLOTS, "ids cover every slot");
        return expected;
    }

    /**
     * A thread whose slot was held by a thread that has terminated takes the slot over, keeping the dead row's counts;
     * a thread whose slot a live thread holds counts in the compact row. A takeover that dropped the dead row, or a
     * live owner's row overwritten, would change the count.
     */
    @Test
    void aDeadOwnersSlotIsTakenOverAndALiveOnesIsNot() throws Exception
    {
        final EventCounters counters = new EventCounters();
        forceThreadRows(counters);
        final Thread first = new Thread(() -> counters.add(LockEvent.SLEEP_READER, 5));
        final int slot = EventCounters.slot(first);
        first.start();
        first.join();
        assertEquals(first, counters.rowOwner(slot));
        final CountDownLatch counted = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        final Thread second = onSlot(slot, () ->
        {
            counters.add(LockEvent.SLEEP_READER, 3);
            counted.countDown();
            awaitQuietly(release);
        });
        second.start();
        counted.await();
        assertEquals(second, counters.rowOwner(slot), "the dead owner's slot taken over");
        assertEquals(8, counters.get(LockEvent.SLEEP_READER), "the dead row's counts kept");
        final Thread third = onSlot(slot, () -> counters.add(LockEvent.SLEEP_READER, 2));
        third.start();
        third.join();
        assertEquals(second, counters.rowOwner(slot), "a live owner keeps its slot");
        release.countDown();
        second.join();
        assertEquals(10, counters.get(LockEvent.SLEEP_READER));
    }

    /** A new, unstarted thread whose row falls in {@code slot}: thread ids grow by one a thread. */
    private static Thread onSlot(final int slot, final Runnable body)
    {
        for (int i = 0; i < 4 * EventCounters.SLOTS; i++)
        {
            final Thread t = new Thread(body, "on-slot-" + slot);
            t.setDaemon(true);
            if (EventCounters.slot(t) == slot)
            {
                return t;
            }
        }
        return fail("no new thread landed on slot " + slot);
    }

    /** Waits for {@code latch}; an interrupt (nobody sends one) ends the wait and is kept. */
    private static void awaitQuietly(final CountDownLatch latch)
    {
        try
        {
            latch.await();
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
    }

    /** Adds per racing thread. */
    private static final int ADDS = 100_000;

    /** Adds made by {@link #forceThreadRows} to {@link LockEvent#WLOCK_STEAL}. */
    private long contentionAdds;

    /**
     * Two threads count one event until a collision on the compact row grows the thread rows; fails if it never
     * happens (a bounded number of rounds).
     */
    private void forceThreadRows(final EventCounters counters)
    {
        for (int round = 0; round < 200 && !counters.hasThreadRows(); round++)
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
        assertTrue(counters.hasThreadRows(), "two threads counting at once never grew the thread rows");
    }

    /**
     * Steals and revocations counted by the write lock's holder ({@link EventCounters#incByWriteOwner}) are summed with
     * the rows: alone (nothing else counted yet, so no row exists), and beside atomic adds to the same event. A read
     * that left the holder's cell out would see 0, then 5.
     */
    @Test
    void countsTakenUnderTheWriteLockAreInTheCount()
    {
        for (final LockEvent event : new LockEvent[] {LockEvent.WLOCK_STEAL, LockEvent.BIAS_REVOKE})
        {
            final EventCounters counters = new EventCounters();
            for (int i = 0; i < 3; i++)
            {
                counters.incByWriteOwner(event);
            }
            assertEquals(3, counters.get(event), event + " before any row exists");
            assertEquals(0, counters.get(LockEvent.RLOCK_STEAL), "other events untouched");
            counters.add(event, 5);
            assertEquals(8, counters.get(event), event + " beside the atomic adds");
        }
    }

    /** One thread alone keeps the compact row: no thread rows are allocated, and its counts are exact. */
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
        assertFalse(counters.hasThreadRows(), "uncontended counting grew the thread rows");
        assertEquals(10_000, counters.get(LockEvent.RLOCK));
        assertEquals(5, counters.get(LockEvent.SLEEP_READER));
    }

    /** Counts made before the thread rows grew stay in the sum after. */
    @Test
    void countsSurviveTheGrowthToThreadRows()
    {
        final EventCounters counters = new EventCounters();
        counters.add(LockEvent.SLEEP_WRITER, 7);
        forceThreadRows(counters);
        counters.add(LockEvent.SLEEP_WRITER, 3);
        assertEquals(10, counters.get(LockEvent.SLEEP_WRITER));
        assertEquals(contentionAdds, counters.get(LockEvent.WLOCK_STEAL));
    }
}
