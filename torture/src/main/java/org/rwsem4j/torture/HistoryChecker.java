package org.rwsem4j.torture;

import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.PriorityQueue;

/**
 * The atomic-register check over a stream of {@link Operation}s, single-threaded (the history's checker thread
 * drives it). A read that returned the value of write w is legal only if w began before the read ended and no other
 * write both began after w ended and ended before the read began; a read of the initial value only if no write ended
 * before the read began; a read of a value no write wrote (a torn one) never.
 *
 * <p>It streams. Operations arrive in any order across workers; the caller says, with {@link #advance}, up to which
 * time the writes are complete (no write still to come was invoked before the write watermark) and before which
 * time no operation still to come, or pending, was invoked (the prune bound). Then:
 * <ul>
 *   <li>writes that responded before the write watermark become final, in response order, each with the prefix
 *       maximum of invocation times ({@link ResponseOrderedWrites}): "did a write begin after w ended and end before
 *       the read began?" is "is the latest-invoked write that ended before the read began invoked after w ended?";</li>
 *   <li>a read is checked once it responded no later than the write watermark: every write that could matter to it,
 *       the one it read included if that began before the read ended, has arrived;</li>
 *   <li>final writes that ended before the prune bound fold into one summary, and a write stays in the index by value
 *       only while a later read could still legally return it (it ended after the summary write began).</li>
 * </ul>
 * So memory holds the reads waiting for the watermark and the writes of the last stretch, not the run.
 */
final class HistoryChecker
{
    private final String[] laneNames;
    private final long origin;
    private final Violations violations;
    private final Map<Long, Operation> writesByValue = new HashMap<>();
    private final PriorityQueue<Operation> unfinished =
        new PriorityQueue<>(Comparator.comparingLong((Operation o) -> o.responded));
    private final ResponseOrderedWrites finalWrites = new ResponseOrderedWrites();
    private final ArrayDeque<Operation> folded = new ArrayDeque<>();
    private final ArrayDeque<Operation>[] pendingReads;
    private final long[] writesReceived;
    private long reads;
    private long writes;
    private long pendingReadCount;
    private long maxPending;

    /**
     * @param laneNames  the workers' names, by lane
     * @param origin     the time reported as 0 in violation lines
     * @param violations where violations go, one line each
     */
    @SuppressWarnings("unchecked")
    HistoryChecker(final List<String> laneNames, final long origin, final Violations violations)
    {
        this.laneNames = laneNames.toArray(new String[0]);
        this.origin = origin;
        this.violations = violations;
        this.pendingReads = new ArrayDeque[this.laneNames.length];
        for (int i = 0; i < pendingReads.length; i++)
        {
            pendingReads[i] = new ArrayDeque<>();
        }
        this.writesReceived = new long[this.laneNames.length];
    }

    /**
     * Takes one operation. Each lane's operations come in the order its worker made them.
     *
     * @param op the operation
     */
    void accept(final Operation op)
    {
        if (op.isWrite())
        {
            writes++;
            writesByValue.put(op.written, op);
            unfinished.add(op);
            writesReceived[op.lane]++;
        }
        if (op.read)
        {
            reads++;
            pendingReads[op.lane].addLast(op);
            pendingReadCount++;
        }
        maxPending = Math.max(maxPending, pending());
    }

    /**
     * Checks every read that the new bounds make checkable, and forgets what no later read can need.
     *
     * @param writeWatermark no write still to come was invoked before it
     * @param pruneBound     no operation still to come was invoked before it (at most the write watermark)
     */
    void advance(final long writeWatermark, final long pruneBound)
    {
        while (!unfinished.isEmpty() && unfinished.peek().responded < writeWatermark)
        {
            finalWrites.append(unfinished.poll());
        }
        long bound = pruneBound;
        for (final ArrayDeque<Operation> lane : pendingReads)
        {
            while (!lane.isEmpty() && lane.peekFirst().responded <= writeWatermark)
            {
                check(lane.pollFirst());
                pendingReadCount--;
            }
            if (!lane.isEmpty())
            {
                bound = Math.min(bound, lane.peekFirst().invoked);
            }
        }
        finalWrites.foldBefore(bound, folded);
        final Operation summary = finalWrites.summary();
        while (summary != null && !folded.isEmpty() && folded.peekFirst().responded < summary.invoked)
        {
            writesByValue.remove(folded.pollFirst().written); // overwritten for every read still to come
        }
    }

    /** @return reads waiting for the watermark plus writes not yet final */
    long pending()
    {
        return pendingReadCount + unfinished.size();
    }

    /** @return writes and reads held in memory: pending ones, final ones not folded, and the value index */
    long held()
    {
        return pending() + finalWrites.size() + writesByValue.size();
    }

    long reads()
    {
        return reads;
    }

    long writes()
    {
        return writes;
    }

    long maxPending()
    {
        return maxPending;
    }

    private void check(final Operation r)
    {
        if (r.second != ~r.first)
        {
            violations.record(describeRead(r) + " returned a torn value: first half from " + describeValue(r.first) +
                ", second half from " + describeValue(~r.second) + "; no write wrote it");
            return;
        }
        final long value = r.first;
        final Operation latest = finalWrites.latestStartedBefore(r.invoked);
        if (value == HistoryLane.NO_VALUE)
        {
            if (latest != null)
            {
                violations.record(describeRead(r) + " returned the initial value, but " + describe(latest) +
                    " ended before the read began");
            }
            return;
        }
        final Operation w = writesByValue.get(value);
        if (w == null)
        {
            if (wasWritten(value))
            {
                violations.record(describeRead(r) + " returned the value of " + describeValue(value) + ", but " +
                    describe(latest) + " began after it ended and ended before the read began (a stale read)");
            }
            else
            {
                violations.record(describeRead(r) + " returned " + describeValue(value) +
                    ", which no write had begun to write when the read ended");
            }
        }
        else if (w.invoked >= r.responded)
        {
            violations.record(describeRead(r) + " returned the value of " + describe(w) +
                ", which began after the read ended");
        }
        else if (latest != null && latest.invoked > w.responded)
        {
            violations.record(describeRead(r) + " returned the value of " + describe(w) + ", but " + describe(latest) +
                " began after it ended and ended before the read began (a stale read)");
        }
    }

    private boolean wasWritten(final long value)
    {
        final long lane = value & HistoryLane.LANE_MASK;
        final long seq = value >>> HistoryLane.LANE_BITS;
        return lane < writesReceived.length && seq >= 1 && seq <= writesReceived[(int)lane];
    }

    /** A write, by its writer and number, with its interval. */
    private String describe(final Operation w)
    {
        return laneNames[w.lane] + "'s write #" + (w.written >>> HistoryLane.LANE_BITS) + " [" + seconds(w.invoked) +
            ", " + seconds(w.responded) + "] s";
    }

    /** A read, by its reader, with its interval. */
    private String describeRead(final Operation r)
    {
        return laneNames[r.lane] + "'s read" + (r.isWrite() ? " (after downgrading its write #" +
            (r.written >>> HistoryLane.LANE_BITS) + ")" : "") + " [" + seconds(r.invoked) + ", " +
            seconds(r.responded) + "] s";
    }

    private String describeValue(final long value)
    {
        if (value == HistoryLane.NO_VALUE)
        {
            return "the initial value";
        }
        final Operation w = writesByValue.get(value);
        if (w != null)
        {
            return describe(w);
        }
        final long lane = value & HistoryLane.LANE_MASK;
        final String name = lane < laneNames.length ? laneNames[(int)lane] : "lane " + lane;
        return name + "'s write #" + (value >>> HistoryLane.LANE_BITS) +
            (wasWritten(value) ? " (overwritten, no longer held)" : " (not recorded yet)");
    }

    private String seconds(final long time)
    {
        return String.format(Locale.ROOT, "%.6f", (time - origin) / 1e9);
    }
}
