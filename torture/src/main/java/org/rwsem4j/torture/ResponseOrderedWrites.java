package org.rwsem4j.torture;

import java.util.Arrays;
import java.util.Deque;

/**
 * The history checker's final writes: writes whose set is complete up to the write watermark, in order of response
 * time, each with the prefix maximum of invocation times (as the write that began last among it and all before it).
 * {@link #latestStartedBefore(long)} then answers "of the writes that ended before t, which began last?" with one
 * binary search.
 *
 * <p>Writes that ended before every time a later query can ask about are folded into one summary, the write that
 * began last among them, and handed to the caller; so the structure holds only the writes of the last stretch.
 */
final class ResponseOrderedWrites
{
    private static final int COMPACT_AT = 4096;

    private Operation[] writes = new Operation[256];
    /** {@code latest[k]}: of the summary and {@code writes[head..k]}, the write invoked last. */
    private Operation[] latest = new Operation[256];
    private int head;
    private int size;
    /** Of the folded writes, the one invoked last; null if none was folded. */
    private Operation summary;

    /**
     * @param w a write that responded no earlier than every write appended before it
     */
    void append(final Operation w)
    {
        if (size == writes.length)
        {
            compactOrGrow();
        }
        final Operation before = size > head ? latest[size - 1] : summary;
        writes[size] = w;
        latest[size] = before == null || w.invoked >= before.invoked ? w : before;
        size++;
    }

    /**
     * @param t a time no earlier than the last fold's bound
     * @return of the writes that responded before {@code t}, the one invoked last; null if there is none
     */
    Operation latestStartedBefore(final long t)
    {
        int lo = head;
        int hi = size; // first index with responded >= t
        while (lo < hi)
        {
            final int mid = (lo + hi) >>> 1;
            if (writes[mid].responded < t)
            {
                lo = mid + 1;
            }
            else
            {
                hi = mid;
            }
        }
        return lo > head ? latest[lo - 1] : summary;
    }

    /**
     * Folds every write that responded before {@code bound} into the summary.
     *
     * @param bound no later query asks about a time before it
     * @param folded receives the folded writes, in response order
     */
    void foldBefore(final long bound, final Deque<Operation> folded)
    {
        while (head < size && writes[head].responded < bound)
        {
            summary = latest[head];
            folded.addLast(writes[head]);
            writes[head] = null;
            latest[head] = null;
            head++;
        }
        if (head == size)
        {
            head = 0;
            size = 0;
        }
    }

    /** @return of the folded writes, the one invoked last; null if none */
    Operation summary()
    {
        return summary;
    }

    /** @return the writes held (not folded) */
    int size()
    {
        return size - head;
    }

    private void compactOrGrow()
    {
        if (head >= COMPACT_AT || head > size / 2)
        {
            System.arraycopy(writes, head, writes, 0, size - head);
            System.arraycopy(latest, head, latest, 0, size - head);
            Arrays.fill(writes, size - head, size, null);
            Arrays.fill(latest, size - head, size, null);
            size -= head;
            head = 0;
        }
        if (size == writes.length)
        {
            writes = Arrays.copyOf(writes, size * 2);
            latest = Arrays.copyOf(latest, size * 2);
        }
    }
}
