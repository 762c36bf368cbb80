package org.rwsem4j;

import java.util.concurrent.atomic.AtomicLongArray;

import org.agrona.concurrent.AtomicBuffer;

/**
 * One lock's {@link LockEvent} counters, kept off the contended lines (issue 12, item 4). The kernel's lock events
 * are per-CPU; Java has no per-CPU storage, so a lock's counters are striped: {@link #STRIPES} rows of one 8-byte
 * cell per event, each row on lines of its own, and a thread adds to the row its id picks. Two running threads then
 * rarely add to the same line, where one shared row made every counted event a contended read-modify-write (under
 * steady oversubscription nearly every operation counts a steal and an awake-writer skip: measured, a third of the
 * time of a 10-thread cell). Reads sum the rows, so a count is exact once the adders are done and may miss
 * additions still in flight, as the kernel's per-CPU sums do.
 *
 * <p>The storage ({@value #ROW_LONGS} longs per row) is allocated on the first slow-path event, so a lock that is
 * never contended costs no counter memory. Only slow paths call {@link #inc}. Counters published in a stats file
 * ({@link StatsFile}) are one row in the file, not striped: the file's layout is what its readers expect.
 */
final class EventCounters
{
    private static final int N = LockEvent.values().length;
    /** Longs per row: the events rounded up to whole 64-byte lines, rows 128 bytes apart or more. */
    static final int ROW_LONGS = ((N + 7) / 8 + 1) * 8;
    /** Rows: twice the processors rounded up to a power of two (two running threads rarely share one), at most 8. */
    static final int STRIPES =
        Math.min(8, Integer.highestOneBit(2 * Runtime.getRuntime().availableProcessors() - 1) << 1);
    /**
     * {@code -Drwsem4j.events=off}: count nothing, for measuring what counting costs (issue 12's no-counters
     * experiment); every count then reads 0.
     */
    static final boolean OFF = "off".equals(System.getProperty("rwsem4j.events"));
    private static final java.lang.invoke.VarHandle STORAGE;

    static
    {
        try
        {
            STORAGE = java.lang.invoke.MethodHandles.lookup()
                .findVarHandle(EventCounters.class, "storage", Object.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    /** Stats-file mode: the value offset of each event's counter in {@link #storage}; null otherwise. */
    private final int[] offsets;
    @SuppressWarnings("unused") // accessed through STORAGE
    private volatile Object storage;

    EventCounters()
    {
        this.offsets = null;
    }

    /** Counters published in a {@link StatsFile}: one Agrona counter per event, allocated up front. */
    EventCounters(final AtomicBuffer values, final int[] offsets)
    {
        this.offsets = offsets;
        this.storage = values;
    }

    /** The row of the calling thread: consecutive thread ids land on different rows. */
    private static int row()
    {
        return (int)Thread.currentThread().getId() & (STRIPES - 1);
    }

    void inc(final LockEvent event)
    {
        add(event, 1);
    }

    void add(final LockEvent event, final long delta)
    {
        if (OFF)
        {
            return;
        }
        final Object s = storage();
        if (s == null)
        {
            return; // the storage could not be allocated: this count is lost, the lock goes on
        }
        if (offsets != null)
        {
            ((AtomicBuffer)s).getAndAddLong(offsets[event.ordinal()], delta);
        }
        else
        {
            ((AtomicLongArray)s).getAndAdd(row() * ROW_LONGS + event.ordinal(), delta);
        }
    }

    long get(final LockEvent event)
    {
        final Object s = storage;
        if (s == null)
        {
            return 0;
        }
        if (offsets != null)
        {
            return ((AtomicBuffer)s).getLongVolatile(offsets[event.ordinal()]);
        }
        final AtomicLongArray rows = (AtomicLongArray)s;
        long sum = 0;
        for (int r = 0; r < STRIPES; r++)
        {
            sum += rows.get(r * ROW_LONGS + event.ordinal());
        }
        return sum;
    }

    /**
     * The storage, allocated on first use; null if that allocation failed ({@link FaultPoint#COUNTERS}). A lock never
     * fails because of its statistics: callers run in slow paths, some holding a reader bias or the wait lock, so
     * an {@link OutOfMemoryError} here drops the count and the next event tries again.
     */
    private Object storage()
    {
        Object s = storage;
        if (s == null)
        {
            final Object fresh;
            try
            {
                Faults.reach(FaultPoint.COUNTERS);
                fresh = new AtomicLongArray(STRIPES * ROW_LONGS);
            }
            catch (final OutOfMemoryError ex)
            {
                return null;
            }
            final Object witness = STORAGE.compareAndExchange(this, null, fresh);
            s = witness == null ? fresh : witness;
        }
        return s;
    }
}
