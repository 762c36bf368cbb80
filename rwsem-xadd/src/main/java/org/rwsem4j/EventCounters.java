package org.rwsem4j;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.IntFunction;

import org.agrona.concurrent.AtomicBuffer;

import org.rwsem4j.stats.StatsFile;

/**
 * One lock's {@link LockEvent} counters, kept off the contended lines and small until they are
 * contended. The kernel's lock events are per-CPU; Java has no per-CPU storage, so the counters are per thread once
 * a lock is hot:
 * <ul>
 *   <li>on the first slow-path event a lock allocates one compact row, one 8-byte cell per event, and adds to it with
 *   a CAS;</li>
 *   <li>the first CAS that fails (two threads counting at once) allocates {@link #SLOTS} slots for thread rows
 *   ({@link ThreadRow}). A thread counts in the row of the slot its id picks, taking the slot if it is free or its
 *   owner has terminated; a row has one writer, so its adds take no atomic instruction. A thread whose slot a live
 *   thread holds adds to the compact row with an atomic add.</li>
 * </ul>
 * So a lock contended once keeps a few hundred bytes of counters, and a hot one a row for each thread that counts
 * on it. An atomic add was the cost: under steady oversubscription nearly every operation counts an event (a reader's
 * steal), and an atomic add at that point slowed a whole cell even on a row no other thread wrote. Reads sum the
 * compact row and every thread row, so a count is exact once the adders are done and may miss additions still in
 * flight, as the kernel's per-CPU sums do; every cell only grows, so a count never goes back.
 *
 * <p>Only slow paths call {@link #inc}. Events counted on nearly every operation of a steadily contended lock, or on
 * a fast path, take even the row lookup out of the way: the write lock's holder counts {@link LockEvent#WLOCK_STEAL}
 * and {@link LockEvent#BIAS_REVOKE} with a plain add ({@link #incByWriteOwner}), and an unlock that skips an awake
 * writer adds to that writer's
 * {@link RwsemWaiter#awakeSkips}, which the writer folds in here once. Counters published in a stats file
 * ({@link StatsFile}) are one row in the file with atomic adds: the file's layout is what its readers expect.
 */
final class EventCounters
{
    private static final int N = LockEvent.values().length;
    /**
     * Slots for thread rows, picked by thread id: a pool of up to this many threads created one after another has a
     * slot each. An empty slot costs a reference.
     */
    static final int SLOTS = 32;
    /**
     * {@code -Drwsem4j.events=off}: count nothing, for measuring what counting costs; every count
     * then reads 0.
     */
    static final boolean OFF = "off".equals(System.getProperty("rwsem4j.events"));
    private static final VarHandle STORAGE;
    private static final VarHandle ROWS;
    private static final VarHandle STEALS;
    private static final VarHandle REVOCATIONS;
    private static final VarHandle REVOCATION_NANOS;
    private static final VarHandle ARMS;

    static
    {
        try
        {
            final MethodHandles.Lookup lookup = MethodHandles.lookup();
            STORAGE = lookup.findVarHandle(EventCounters.class, "storage", Object.class);
            ROWS = lookup.findVarHandle(EventCounters.class, "rows", AtomicReferenceArray.class);
            STEALS = lookup.findVarHandle(EventCounters.class, "writeLockSteals", long.class);
            REVOCATIONS = lookup.findVarHandle(EventCounters.class, "biasRevocations", long.class);
            REVOCATION_NANOS = lookup.findVarHandle(EventCounters.class, "biasRevocationNanos", long.class);
            ARMS = lookup.findVarHandle(EventCounters.class, "biasArms", long.class);
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
    /** The thread rows' slots; null until two threads collide on the compact row. */
    @SuppressWarnings("unused") // accessed through ROWS
    private volatile AtomicReferenceArray<ThreadRow> rows;
    /**
     * {@link LockEvent#WLOCK_STEAL}, {@link LockEvent#BIAS_REVOKE} and {@link LockEvent#BIAS_REVOKE_NS} of a lock that
     * is not published: added by {@link #addByWriteOwner} only while the adder holds the write lock, so one thread at a
     * time, each ordered after the last by the lock word's atomics. Plain adds are exact then, and keep an atomic out
     * of the write's critical section.
     */
    @SuppressWarnings("unused") // written through STEALS
    private long writeLockSteals;
    @SuppressWarnings("unused") // written through REVOCATIONS
    private long biasRevocations;
    @SuppressWarnings("unused") // written through REVOCATION_NANOS
    private long biasRevocationNanos;
    /**
     * {@link LockEvent#BIAS_ARM} of a lock that is not published ({@link #incBiasArm}): an arm comes at most once per
     * revocation, so an atomic add of its own costs nothing that matters, and an armed lock that was never contended
     * keeps its counters without a row.
     */
    @SuppressWarnings("unused") // written through ARMS
    private long biasArms;

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

    /** The slot of {@code thread}'s row: consecutive thread ids land on different slots. */
    static int slot(final Thread thread)
    {
        return (int)thread.getId() & (SLOTS - 1);
    }

    void inc(final LockEvent event)
    {
        add(event, 1);
    }

    /**
     * Counts a {@link LockEvent#WLOCK_STEAL} or a {@link LockEvent#BIAS_REVOKE}; the caller holds the write lock. It
     * takes no atomic add: these are the counts inside a write's critical section on its fast path (a steal; a
     * revocation that found no biased reader), and their holders may follow one another on every operation. A
     * published lock's counter is in the stats file, which other processes read: it keeps the atomic add there.
     *
     * @param event {@link LockEvent#WLOCK_STEAL} or {@link LockEvent#BIAS_REVOKE}
     */
    void incByWriteOwner(final LockEvent event)
    {
        addByWriteOwner(event, 1);
    }

    /**
     * Adds to a {@link LockEvent#WLOCK_STEAL}, a {@link LockEvent#BIAS_REVOKE} or a {@link LockEvent#BIAS_REVOKE_NS};
     * the caller holds the write lock ({@link #incByWriteOwner}).
     *
     * @param event one of those three
     * @param delta what to add
     */
    void addByWriteOwner(final LockEvent event, final long delta)
    {
        if (OFF)
        {
            return;
        }
        if (offsets == null && event == LockEvent.WLOCK_STEAL)
        {
            STEALS.setOpaque(this, writeLockSteals + delta);
        }
        else if (offsets == null && event == LockEvent.BIAS_REVOKE)
        {
            REVOCATIONS.setOpaque(this, biasRevocations + delta);
        }
        else if (offsets == null && event == LockEvent.BIAS_REVOKE_NS)
        {
            REVOCATION_NANOS.setOpaque(this, biasRevocationNanos + delta);
        }
        else
        {
            add(event, delta);
        }
    }

    /** Counts a {@link LockEvent#BIAS_ARM}: an atomic add of its own, no row (a published lock's: in the file). */
    void incBiasArm()
    {
        if (OFF)
        {
            return;
        }
        if (offsets == null)
        {
            ARMS.getAndAdd(this, 1L);
        }
        else
        {
            add(LockEvent.BIAS_ARM, 1);
        }
    }

    /** {@return the count of {@code event} kept in a field of its own (a lock that is not published), else 0} */
    private long held(final LockEvent event)
    {
        if (event == LockEvent.WLOCK_STEAL)
        {
            return (long)STEALS.getOpaque(this);
        }
        if (event == LockEvent.BIAS_REVOKE)
        {
            return (long)REVOCATIONS.getOpaque(this);
        }
        if (event == LockEvent.BIAS_REVOKE_NS)
        {
            return (long)REVOCATION_NANOS.getOpaque(this);
        }
        return event == LockEvent.BIAS_ARM ? (long)ARMS.getOpaque(this) : 0;
    }

    void add(final LockEvent event, final long delta)
    {
        if (OFF)
        {
            return;
        }
        final AtomicReferenceArray<ThreadRow> slots = rows;
        if (slots != null)
        {
            final Thread me = Thread.currentThread();
            final ThreadRow row = slots.getPlain(slot(me)); // a stale read only sends the add the slower way
            if (row != null && row.owner == me)
            {
                row.add(event.ordinal(), delta);
                return;
            }
            addToSlot(slots, me, event.ordinal(), delta);
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

    /** Two threads counted at once on the compact row: count in thread rows from now on. */
    private void addContended(final AtomicLongArray compact, final int i, final long delta)
    {
        final AtomicReferenceArray<ThreadRow> slots = rows();
        if (slots == null)
        {
            compact.getAndAdd(i, delta); // no memory for the slots: the compact row still counts
            return;
        }
        addToSlot(slots, Thread.currentThread(), i, delta);
    }

    /**
     * Adds in {@code me}'s row, taking its slot first if it is free or its owner has terminated (the new row starts
     * from the dead one's counts); if a live thread holds the slot, or the row cannot be allocated, adds to the
     * compact row with an atomic add.
     */
    private void addToSlot(final AtomicReferenceArray<ThreadRow> slots, final Thread me, final int i, final long delta)
    {
        final int slot = slot(me);
        final ThreadRow row = slots.get(slot);
        if (row != null && row.owner == me)
        {
            row.add(i, delta);
            return;
        }
        if (row == null || !row.owner.isAlive()) // a terminated owner's adds happen-before isAlive() returns false
        {
            final ThreadRow mine = allocateRow(me, row);
            if (mine != null && slots.compareAndSet(slot, row, mine))
            {
                mine.add(i, delta);
                return;
            }
        }
        final AtomicLongArray compact = (AtomicLongArray)storage; // allocated before the slots
        compact.getAndAdd(i, delta);
    }

    /** {@return whether the counters have grown to thread rows} */
    boolean hasThreadRows()
    {
        return rows != null;
    }

    /** {@return the owner of the row in {@code slot}, or null} */
    Thread rowOwner(final int slot)
    {
        final AtomicReferenceArray<ThreadRow> slots = rows;
        final ThreadRow row = slots == null ? null : slots.get(slot);
        return row == null ? null : row.owner;
    }

    long get(final LockEvent event)
    {
        final long held = held(event);
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
        final AtomicReferenceArray<ThreadRow> slots = rows;
        if (slots != null)
        {
            for (int slot = 0; slot < SLOTS; slot++)
            {
                final ThreadRow row = slots.get(slot);
                sum += row == null ? 0 : row.get(event.ordinal());
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
        final AtomicLongArray fresh = allocate(AtomicLongArray::new, N);
        if (fresh == null)
        {
            return null;
        }
        final Object witness = STORAGE.compareAndExchange(this, null, fresh);
        return witness == null ? fresh : witness;
    }

    /** The thread rows' slots, allocated on the first collision; null if that allocation failed. */
    @SuppressWarnings("unchecked")
    private AtomicReferenceArray<ThreadRow> rows()
    {
        final AtomicReferenceArray<ThreadRow> s = rows;
        if (s != null)
        {
            return s;
        }
        final AtomicReferenceArray<ThreadRow> fresh = allocate(AtomicReferenceArray::new, SLOTS);
        if (fresh == null)
        {
            return null;
        }
        final AtomicReferenceArray<ThreadRow> witness =
            (AtomicReferenceArray<ThreadRow>)ROWS.compareAndExchange(this, null, fresh);
        return witness == null ? fresh : witness;
    }

    /** A row for {@code owner}, or null if it could not be allocated (the count then goes to the compact row). */
    private static ThreadRow allocateRow(final Thread owner, final ThreadRow predecessor)
    {
        try
        {
            Faults.reach(FaultPoint.COUNTERS);
            return new ThreadRow(owner, predecessor);
        }
        catch (final OutOfMemoryError ex)
        {
            return null;
        }
    }

    /** An array of {@code length}, or null if it could not be allocated. */
    private static <T> T allocate(final IntFunction<T> array, final int length)
    {
        try
        {
            Faults.reach(FaultPoint.COUNTERS);
            return array.apply(length);
        }
        catch (final OutOfMemoryError ex)
        {
            return null;
        }
    }
}
