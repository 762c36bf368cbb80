package org.rwsem4j;

import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicLongArray;

import org.agrona.concurrent.AtomicBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * One lock's {@link LockEvent} counters. The storage is allocated on the first slow-path event, so a lock that is
 * never contended costs no counter memory; off-heap locks count in an Agrona buffer (one 8-byte cell per event,
 * {@code getAndAddLong}), on-heap locks in an {@link AtomicLongArray}. Only slow paths call {@link #inc}.
 */
final class EventCounters
{
    private static final int N = LockEvent.values().length;
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

    private final boolean offHeap;
    /** Stats-file mode: the value offset of each event's counter in {@link #storage}; null otherwise. */
    private final int[] offsets;
    @SuppressWarnings("unused") // accessed through STORAGE
    private volatile Object storage;

    EventCounters(final boolean offHeap)
    {
        this.offHeap = offHeap;
        this.offsets = null;
    }

    /** Counters published in a {@link StatsFile}: one Agrona counter per event, allocated up front. */
    EventCounters(final AtomicBuffer values, final int[] offsets)
    {
        this.offHeap = true;
        this.offsets = offsets;
        this.storage = values;
    }

    private int index(final LockEvent event)
    {
        return offsets != null ? offsets[event.ordinal()] : event.ordinal() * Long.BYTES;
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
        if (offHeap)
        {
            ((AtomicBuffer)s).getAndAddLong(index(event), delta);
        }
        else
        {
            ((AtomicLongArray)s).getAndAdd(event.ordinal(), delta);
        }
    }

    long get(final LockEvent event)
    {
        final Object s = storage;
        if (s == null)
        {
            return 0;
        }
        return offHeap ? ((AtomicBuffer)s).getLongVolatile(index(event)) :
            ((AtomicLongArray)s).get(event.ordinal());
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
                fresh = offHeap ? new UnsafeBuffer(ByteBuffer.allocateDirect(N * Long.BYTES)) : new AtomicLongArray(N);
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
