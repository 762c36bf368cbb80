package org.rwsem4j;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * One thread's row of a lock's {@link EventCounters}: one cell per {@link LockEvent}, added to by its owner alone.
 * A single writer makes a plain read and an opaque store exact, so the count that runs on nearly every operation of
 * a steadily contended lock (a reader's steal) takes no atomic instruction; readers sum the cells with opaque loads,
 * which see each cell only grow.
 *
 * <p>The cells sit between a line of padding on each side, so two rows never share a line whatever lands next to
 * them. A row keeps its owner's {@link Thread} object (a terminated thread has already dropped its thread-locals)
 * until another thread takes the row's slot over.
 */
final class ThreadRow
{
    private static final VarHandle CELLS = MethodHandles.arrayElementVarHandle(long[].class);
    /** Longs of padding before the cells and after them: one 64-byte line. */
    private static final int PAD = 8;

    /** The only thread that adds to this row. */
    final Thread owner;
    private final long[] cells;

    /**
     * A row for {@code owner}, starting from the counts of {@code predecessor}, a row whose owner has terminated
     * (its last adds are visible: the caller saw it dead), or from zero.
     */
    ThreadRow(final Thread owner, final ThreadRow predecessor)
    {
        this.owner = owner;
        this.cells = new long[PAD + LockEvent.values().length + PAD];
        if (predecessor != null)
        {
            System.arraycopy(predecessor.cells, PAD, cells, PAD, LockEvent.values().length);
        }
    }

    /** Adds {@code delta} to event {@code ordinal}; only {@link #owner} may call it. */
    void add(final int ordinal, final long delta)
    {
        final int i = PAD + ordinal;
        CELLS.setOpaque(cells, i, cells[i] + delta);
    }

    long get(final int ordinal)
    {
        return (long)CELLS.getOpaque(cells, PAD + ordinal);
    }
}
