package org.rwsem4j;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicLongArray;

import org.agrona.concurrent.AtomicBuffer;

import org.rwsem4j.stats.StatsFile;

/**
 * One lock's {@link LockEvent} counters, kept off the contended lines and small until they are
 * contended. The kernel's lock events are per-CPU; Java has no per-CPU storage, so the counters grow the
 * way {@link java.util.concurrent.atomic.LongAdder} does:
 * <ul>
 *   <li>on the first slow-path event a lock allocates one compact row, one 8-byte cell per event, and adds to it with
 *   a CAS;</li>
 *   <li>the first CAS that fails (two threads counting at once) allocates the striped rows: {@link #STRIPES} rows on
 *   lines of their own, a thread adding to the row its id picks. Later counts go there; the compact row keeps what
 *   it has.</li>
 * </ul>
 * So a lock contended once keeps a few hundred bytes of counters, and a hot one the striped rows, where one shared
 * row made every counted event a contended read-modify-write (under steady oversubscription nearly every operation
 * counts a steal and an awake-writer skip, so the shared row dominated such a cell). Reads sum the compact
 * row and every striped row, so a count is exact once the adders are done and may miss additions still in flight, as
 * the kernel's per-CPU sums do; both only grow, so a count never goes back.
 *
 * <p>Only slow paths call {@link #inc}. The two events counted on nearly every operation of a steadily contended lock
 * take no atomic there, since an atomic add at either point is paid on every such operation: the write
 * lock's holder counts {@link LockEvent#WLOCK_STEAL} with a plain add ({@link #incWriteLockSteal}), and an unlock that
 * skips an awake writer adds to that writer's {@link RwsemWaiter#awakeSkips}, which the writer folds in here once.
 * Counters published in a stats file ({@link StatsFile}) are one row in the file, not striped: the file's layout is
 * what its readers expect.
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
     * {@code -Drwsem4j.events=off}: count nothing, for measuring what counting costs; every count
     * then reads 0.
     */
    static final boolean OFF = "off".equals(System.getProperty("rwsem4j.events"));
    private static final VarHandle STORAGE;
    private static final VarHandle STRIPED;
    private static final VarHandle STEALS;

    static
    {
        try
        {
            final MethodHandles.Lookup lookup = MethodHandles.lookup();
            STORAGE = lookup.findVarHandle(EventCounters.class, "storage", Object.class);
            STRIPED = lookup.findVarHandle(EventCounters.class, "striped", AtomicLongArray.class);
            STEALS = lookup.findVarHandle(EventCounters.class, "writeLockSteals", long.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    /** Stats-file mode: the value offset of each event's counter in {@link #storage}; null otherwise. */
    private final int[] offsets;
    /** The compact row (or, in stats-file mode, the file's values buffer); null until the first event. */
    @SuppressWarnings("unused") // accessed through STORAGE
    private volatile Object storage;
    /** The striped rows; null until two threads collide on the compact row. */
    @SuppressWarnings("unused") // accessed through STRIPED
    private volatile AtomicLongArray striped;
    /**
     * {@link LockEvent#WLOCK_STEAL} of a lock that is not published: added by {@link #incWriteLockSteal()} only while
     * the adder holds the write lock, so one thread at a time, each ordered after the last by the lock word's
     * atomics. Plain adds are exact then, and keep an atomic out of the steal's critical section.
     */
    @SuppressWarnings("unused") // written through STEALS
    private long writeLockSteals;

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

    /**
     * Counts a {@link LockEvent#WLOCK_STEAL}; the caller holds the write lock. It takes no atomic add: the steal is
     * the only count inside a fast path's critical section, and its holders follow one another on every operation.
     * A published lock's counter is in the stats file, which other processes read: it keeps the atomic add there.
     */
    void incWriteLockSteal()
    {
        if (OFF)
        {
            return;
        }
        if (offsets != null)
        {
            add(LockEvent.WLOCK_STEAL, 1);
            return;
        }
        STEALS.setOpaque(this, writeLockSteals + 1);
    }

    void add(final LockEvent event, final long delta)
    {
        if (OFF)
        {
            return;
        }
        final AtomicLongArray rows = striped;
        if (rows != null)
        {
            rows.getAndAdd(row() * ROW_LONGS + event.ordinal(), delta);
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
            return;
        }
        final AtomicLongArray compact = (AtomicLongArray)s;
        final int i = event.ordinal();
        final long v = compact.get(i);
        if (compact.compareAndExchange(i, v, v + delta) != v)
        {
            addContended(compact, i, delta);
        }
    }

    /** Two threads counted at once on the compact row: count in the striped rows from now on. */
    private void addContended(final AtomicLongArray compact, final int i, final long delta)
    {
        final AtomicLongArray rows = striped();
        if (rows == null)
        {
            compact.getAndAdd(i, delta); // no memory for the stripes: the compact row still counts
            return;
        }
        rows.getAndAdd(row() * ROW_LONGS + i, delta);
    }

    /** {@return whether the counters have grown to the striped rows} */
    boolean isStriped()
    {
        return striped != null;
    }

    long get(final LockEvent event)
    {
        final long held = event == LockEvent.WLOCK_STEAL ? (long)STEALS.getOpaque(this) : 0;
        final Object s = storage;
        if (s == null)
        {
            return held;
        }
        if (offsets != null)
        {
            return ((AtomicBuffer)s).getLongVolatile(offsets[event.ordinal()]);
        }
        long sum = held + ((AtomicLongArray)s).get(event.ordinal());
        final AtomicLongArray rows = striped;
        if (rows != null)
        {
            for (int r = 0; r < STRIPES; r++)
            {
                sum += rows.get(r * ROW_LONGS + event.ordinal());
            }
        }
        return sum;
    }

    /**
     * The compact row, allocated on first use; null if that allocation failed ({@link FaultPoint#COUNTERS}). A lock
     * never fails because of its statistics: callers run in slow paths, some holding a reader bias or the wait lock,
     * so an {@link OutOfMemoryError} here drops the count and the next event tries again.
     */
    private Object storage()
    {
        final Object s = storage;
        if (s != null)
        {
            return s;
        }
        final AtomicLongArray fresh = allocate(N);
        if (fresh == null)
        {
            return null;
        }
        final Object witness = STORAGE.compareAndExchange(this, null, fresh);
        return witness == null ? fresh : witness;
    }

    /** The striped rows, allocated on the first collision; null if that allocation failed. */
    private AtomicLongArray striped()
    {
        final AtomicLongArray s = striped;
        if (s != null)
        {
            return s;
        }
        final AtomicLongArray fresh = allocate(STRIPES * ROW_LONGS);
        if (fresh == null)
        {
            return null;
        }
        final AtomicLongArray witness = (AtomicLongArray)STRIPED.compareAndExchange(this, null, fresh);
        return witness == null ? fresh : witness;
    }

    private static AtomicLongArray allocate(final int longs)
    {
        try
        {
            Faults.reach(FaultPoint.COUNTERS);
            return new AtomicLongArray(longs);
        }
        catch (final OutOfMemoryError ex)
        {
            return null;
        }
    }
}
