package org.rwsem4j.readerbias;

import static org.rwsem4j.spi.LockWordBits.READ_BIASED;
import static org.rwsem4j.spi.LockWordBits.READ_FAILED_MASK;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.ref.WeakReference;

import org.rwsem4j.spi.LockWord;
import org.rwsem4j.spi.ReaderBias;

/**
 * BRAVO's table of visible readers, shared by every lock in the JVM: an entry names the lock a biased reader holds and
 * the thread that holds it.
 *
 * <p>Algorithmic notes:
 *
 * <p>Layout. {@link #ENTRIES} entries, a power of two, at least 64 and 16 per available processor. An entry is two
 * longs, the lock's tag and the thread's tag, at the start of its own {@link #STRIDE_BYTES}-byte stretch of one
 * {@code long[]}, so two entries never share a cache line (nor an adjacent-line prefetch pair): two cores that read
 * through the table write only their own lines. On-heap, so an on-heap lock needs no Agrona because of it.
 *
 * <p>Tags, not references. A lock is named by its tag, which the engine gives it once and never to another lock (see
 * {@link ReaderBias}): never by the address of an off-heap word, which is reused after a lock is collected, so a biased
 * read left behind by a lock that was dropped names no live lock. A thread is named by its {@link ThreadTag}: its id,
 * from threads whose class cannot answer {@link Thread#getId()} with another number (a thread whose class overrides it
 * has no tag and reads through the count). A reader therefore stores no reference: under G1, a reference stored into an
 * object in the old generation from another region runs the card-marking barrier's StoreLoad fence, and a table of
 * references paid two such fences on every biased read of a server that had run long enough to promote it.
 *
 * <p>Windows. The table is cut into aligned windows of {@link #WINDOW} entries, a power of two, at least 8 and 4 per
 * available processor: as many readers of one lock as four times the cores can be biased at once. A lock's readers
 * use only its window, so a revoking writer looks at {@link #WINDOW} lines, not the whole table (BRAVO's writer scans
 * all of it): on this scale a revocation that finds no reader costs a few loads, which is what a write after a read
 * on an armed lock pays. Locks share the windows, as they share BRAVO's table.
 *
 * <p>Index. A lock's window is its tag times {@link #WINDOW_MULTIPLIER}, its top bits taken (Fibonacci hashing: tags
 * given one after another land in windows spread evenly, and the first as many locks as windows each in its own, where
 * a multiplier drawn at random could leave windows unused). A thread's entry in the window is its column, its tag
 * modulo the window unless it has moved (below), the same place in every window: so threads made one after another (a
 * pool's workers) take different entries of every lock's window (until one moves into a neighbour's column: below), and
 * each writes its own column of lines whatever locks it reads (a hash of the thread and the lock would put two of them
 * in one entry for one lock in every eighth pair, and over many locks it would have two threads write each other's
 * lines). A reader that finds its entry taken (another thread of its column, or its own read of another lock of the
 * window) tries the next one in the window; if that is taken too ({@link ReaderBias#COLLISION}) it reads through the
 * count. So do ten thousand virtual threads: they fall back, never fail. Its unlock looks at the same two entries, in
 * the same order.
 *
 * <p>Moving. Two threads whose tags agree modulo the window share a column, as likely as one in {@link #WINDOW} for
 * threads not made one after another. While both read, each claim of one moves the other's line, and a free entry
 * changes owner on every read (two such threads read one lock several times slower than two in different columns: the
 * bench notebook, "reader-bias, thirteenth part"). So a reader that finds its first entry held by a thread made before
 * it, whose column that is (not a visitor from the column before), moves one column on: it records its tag, its count
 * of moves and its new column in the moves, at its tag modulo {@link #MOVES}, and from then on reads its column there
 * (a slot that holds another thread's move, or none, fails the comparison with its tag, which gives the tag's own
 * column). Only the newer thread moves, at most {@link #MOVES_PER_THREAD} times, so that the threads of a full window
 * (more readers than entries) do not chase each other round it. A thread's lock and unlock must agree on where its read
 * is, so its move is written only by itself and only while it holds no entry of its old column in any window (a scan of
 * that column; its old next entry is its new first, where its unlock still looks). A slot that holds another thread's
 * move is taken over only once that thread has ended, or been collected (the table holds the thread that wrote each
 * move weakly): a live thread's move never changes under it. A read looks at the moves only if its thread's bit of
 * the gate {@code moving} is set: bit {@code tag % 64}, set by a thread before it writes its move, and at each move
 * recomputed from the live movers' slots, so the bits of threads that have ended drop at the next move. A thread that
 * has moved and lives keeps its bit, and reads its move; one that has not gets its tag's column either way. So the
 * threads that have not moved, in a pool whose members are made one after another, pay a test of one bit of a field,
 * not the load of a slot that every read paid once any thread had moved, when one flag was the gate (the bench
 * notebook, "reader-bias, thirteenth and fourteenth parts"). Threads of a full window, or whose slot a live thread
 * holds, may still share a column: their reads are correct, as slow as above.
 *
 * <p>Claim and release. The lock field, the one a writer scans, holds one of: 0 (never used); minus a thread's tag
 * (free, and that thread was the last to hold it: the entry's owner, whose tag the thread field still holds);
 * {@link #SWITCHING} (a thread is making itself the owner); or a lock's tag (held by the thread in the thread field).
 * A thread whose entry it owns claims it with one CAS of the lock field, from minus its tag to the lock's, and writes
 * nothing else; a release stores minus its tag back (a release store), and leaves the thread field. So a thread that
 * reads the same locks again and again writes one field of its entry twice per read (writing the thread field at
 * every claim and release as well showed in the read's cost). Any other thread takes a free entry over first: a CAS
 * of the lock field
 * from what it read to {@link #SWITCHING}, a store of its tag in the thread field, and then a volatile store of the
 * lock's tag. The thread field changes only while the lock field is {@link #SWITCHING}, under the CAS that made it
 * so; so whenever the lock field names a lock, the thread field names the holder, and a thread that reads its own tag
 * there holds the entry: another thread's read unlock never clears an entry it did not fill.
 *
 * <p>Constants. Every lock in production shares {@link #INSTANCE}, whose array and shape are held again in static
 * final fields, which the JIT folds into the compiled code: the methods read the array, the masks and the shift
 * through accessors that answer the constant when {@code this} is {@link #INSTANCE} (a comparison with a constant,
 * which the small tables of the model-checking tests alone fail). Read through the hook, they were a chain of
 * dependent loads (the engine's hook, its fields, the array's length) that a biased read redid after its CAS, as a
 * CAS orders every later load, and that its unlock waited on; folded, the array's address and the window's
 * arithmetic cost no load (measured in the bench notebook, "reader-bias, eighth part").
 *
 * <p>Memory order. The claim's write of the lock's tag (the owner's CAS, or the taker's volatile store) and the re-read
 * of the word against a writer's atomic update of the word and its volatile scan of the lock fields are a Dekker
 * pattern: every one of the four is sequentially consistent (a CAS or a volatile store, a volatile read, an atomic
 * CAS, volatile reads), so either the reader sees the writer's WRITER_LOCKED, or the writer sees the reader's entry. A
 * release store followed by an acquire load would not do: the two may be reordered. A writer's scan that meets
 * {@link #SWITCHING} or a free entry passes it: its taker has not yet named the lock, and re-reads the word after it
 * does.
 */
final class VisibleReaders implements ReaderBias
{
    /** Bytes between two entries: two 64-byte lines. */
    static final int STRIDE_BYTES = 128;
    /** Entries in the table. */
    static final int ENTRIES = entries(Runtime.getRuntime().availableProcessors());
    /** Entries in a lock's window. */
    static final int WINDOW = window(Runtime.getRuntime().availableProcessors());
    /** BRAVO's slow-down guard: the bias stays off for this many times the revocation's wait. */
    static final int INHIBIT_FACTOR = 9;

    /** A lock field while a thread takes the entry over (see the notes, "Claim and release"): no tag, no minus tag. */
    static final long SWITCHING = Long.MIN_VALUE;

    /** The window hash's multiplier: 2^64 over the golden ratio, odd (see the notes, "Index"). */
    static final long WINDOW_MULTIPLIER = 0x9E3779B97F4A7C15L;

    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(long[].class);
    /** Array elements between two entries. */
    private static final int STRIDE = STRIDE_BYTES / Long.BYTES;

    /**
     * Slots for moves, a power of two: a thread's move is kept at its tag modulo this, one live mover a slot. A tag of
     * 2^40 or more fits no slot's record and never moves.
     */
    static final int MOVES = 1024;
    /** The most times a thread moves (see the notes, "Moving"). */
    static final int MOVES_PER_THREAD = 3;
    /** Bits of a move that hold the column; its count of moves is above them, and the thread's tag above that. */
    static final int COLUMN_BITS = 16;
    /** Where a move's thread tag starts: above the column and 8 bits of count. */
    static final int TAG_SHIFT = COLUMN_BITS + 8;
    private static final VarHandle MOVE = MethodHandles.arrayElementVarHandle(long[].class);

    /**
     * The threads that wrote {@link #INSTANCE}'s moves, weakly. Held here, not in a field of the table, so that a
     * walk of a lock's objects (a footprint's) does not reach threads through the table.
     */
    private static final WeakReference<?>[] MOVERS = new WeakReference<?>[MOVES];

    /** The table every lock with the patch shares. */
    static final VisibleReaders INSTANCE = new VisibleReaders(ENTRIES, WINDOW, null);
    // INSTANCE's array and shape again, as constants the compiler folds (see the notes, "Constants")
    private static final long[] TABLE = INSTANCE.table;
    private static final int WINDOW_MASK = INSTANCE.windowMask;
    private static final int WINDOW_SHIFT = INSTANCE.windowShift;
    private static final int ENTRY_MASK = INSTANCE.entryMask;
    private static final int SPAN = INSTANCE.span;
    private static final long[] MOVED = INSTANCE.moves;

    /** Windows in the table, less one. */
    private final int windowMask;
    /** Bits of a hash beyond a window's number: the number is the hash's top bits. */
    private final int windowShift;
    /** Entries in a window, less one. */
    private final int entryMask;
    /** Array elements a window spans, less one: a window starts where these bits of an index are 0. */
    private final int span;
    private final long[] table;
    /** Moved threads' columns: a thread's tag, its count of moves and its column, or 0 (see the notes, "Moving"). */
    private final long[] moves;
    /** The threads that wrote the moves, weakly: another thread's move is taken over only once it has ended or gone. */
    private final WeakReference<?>[] movers;
    /**
     * The gate: bit {@code tag % 64} is set while a live thread of that bit has moved (and may be set for others of
     * the bit, which then look their slot up); a read of a thread whose bit is clear does not look at the moves (see
     * the notes, "Moving"). Written only under the movers' monitor.
     */
    private long moving;

    /**
     * A table of {@code entries} entries in windows of {@code window}: {@link #INSTANCE}, or a small one for a model
     * checker.
     *
     * @param entries a power of two
     * @param window a power of two, at most {@code entries}
     */
    VisibleReaders(final int entries, final int window)
    {
        this(entries, window, new WeakReference<?>[MOVES]);
    }

    private VisibleReaders(final int entries, final int window, final WeakReference<?>[] movers)
    {
        if (Integer.bitCount(entries) != 1 || Integer.bitCount(window) != 1 || window > entries ||
            window > 1 << COLUMN_BITS)
        {
            throw new IllegalArgumentException("entries and window must be powers of two, window at most entries and " +
                (1 << COLUMN_BITS) + ": " + entries + ", " + window);
        }
        final int windows = entries / window;
        this.windowMask = windows - 1;
        this.windowShift = Long.numberOfLeadingZeros(windows) + 1;
        this.entryMask = window - 1;
        this.span = window * STRIDE - 1;
        this.table = new long[entries * STRIDE];
        this.moves = new long[MOVES];
        this.movers = movers;
    }

    /**
     * The table's size for {@code processors} available processors: 16 entries per processor, at least 64, rounded
     * up to a power of two.
     *
     * @param processors available processors
     * @return the number of entries
     */
    static int entries(final int processors)
    {
        final int wanted = Math.max(64, 16 * processors);
        return Integer.highestOneBit(wanted - 1) << 1;
    }

    /**
     * The table's window for {@code processors} available processors: 4 entries per processor, at least 8, rounded
     * up to a power of two.
     *
     * @param processors available processors
     * @return the number of entries in a window
     */
    static int window(final int processors)
    {
        final int wanted = Math.max(8, 4 * processors);
        return Integer.highestOneBit(wanted - 1) << 1;
    }

    /** {@return the index of the lock field of the first entry of the window of the lock tagged {@code lock}} */
    int windowStart(final long lock)
    {
        return ((int)(lock * WINDOW_MULTIPLIER >>> windowShift()) & windowMask()) * (span() + 1);
    }

    /** {@return the index of the lock field of the first entry of the thread tagged {@code thread} for {@code lock}} */
    int lockField(final long thread, final long lock)
    {
        return windowStart(lock) + (column(thread) & entryMask()) * STRIDE;
    }

    /**
     * {@return the column of the thread tagged {@code thread}: its tag, unless it has moved} A thread reads its own
     * move, which only it writes; another thread's move, or none, fails the comparison with its tag.
     */
    int column(final long thread)
    {
        if ((moving & 1L << thread) == 0) // the shift takes the tag modulo 64
        {
            return (int)thread;
        }
        final long move = (long)MOVE.getOpaque(moves(), (int)thread & MOVES - 1);
        return move >>> TAG_SHIFT == thread ? (int)move & (1 << COLUMN_BITS) - 1 : (int)thread;
    }

    /** {@return the index of the lock field of the entry a reader tries when the one at {@code field} is taken} */
    int nextField(final int field)
    {
        final int span = span();
        return field & ~span | field + STRIDE & span;
    }

    // The fields, read through INSTANCE's constants when this is INSTANCE (see the notes, "Constants").

    private long[] table()
    {
        return this == INSTANCE ? TABLE : table;
    }

    private int windowMask()
    {
        return this == INSTANCE ? WINDOW_MASK : windowMask;
    }

    private int windowShift()
    {
        return this == INSTANCE ? WINDOW_SHIFT : windowShift;
    }

    private int entryMask()
    {
        return this == INSTANCE ? ENTRY_MASK : entryMask;
    }

    private int span()
    {
        return this == INSTANCE ? SPAN : span;
    }

    private long[] moves()
    {
        return this == INSTANCE ? MOVED : moves;
    }

    private WeakReference<?>[] movers()
    {
        return this == INSTANCE ? MOVERS : movers;
    }

    @Override
    public int tryBiasedRead(final LockWord word, final long lock)
    {
        if ((word.getVolatile() & (READ_BIASED | READ_FAILED_MASK)) != READ_BIASED)
        {
            return NOT_BIASED;
        }
        final long me = ThreadTag.of(Thread.currentThread());
        if (me == ThreadTag.NONE)
        {
            return COLLISION;
        }
        final int first = lockField(me, lock);
        if (!SLOT.compareAndSet(table(), first, -me, lock)) // the owner's claim (see the notes, "Claim and release")
        {
            return tryCrowdedRead(word, lock, me, first);
        }
        return recheck(word, first, me);
    }

    /**
     * The biased read of a thread whose first entry, at {@code first}, its one CAS could not claim: held, or last
     * held by another thread. In order: take the entry over if it is free; else, holding nothing yet, move if crowded
     * (a throw then leaves nothing held) and claim the next entry, which is the first if the thread has just moved;
     * else read through the count ({@link #COLLISION}).
     *
     * <p>Out of line, and more bytecode than HotSpot's {@code FreqInlineSize} (325), so that C2 calls it rather than
     * inlining it into every read: inlined, it made the read lock's own compiled code too big for its callers to inline
     * it ("already compiled into a big method"), which showed in every read of a ten-thread loop (the bench notebook,
     * "reader-bias, fourteenth part"). Hence the move's code here, not in a method of its own.
     *
     * @return {@link #HELD}, {@link #NOT_BIASED} or {@link #COLLISION}
     */
    private int tryCrowdedRead(final LockWord word, final long lock, final long me, final int first)
    {
        if (takeOver(first, lock, me))
        {
            return recheck(word, first, me);
        }
        // Holding nothing yet (a throw leaves nothing held), it moves one column on if a thread made before it whose
        // column this is holds the entry, it has moves left, and it holds no entry of its column in any window (see the
        // notes, "Moving").
        move:
        if (entryMask() != 0 && me >>> Long.SIZE - TAG_SHIFT == 0) // more than one column; a tag its record holds
        {
            final int slot = (int)me & MOVES - 1;
            final long[] recorded = moves();
            final long move = (long)MOVE.getOpaque(recorded, slot);
            final boolean mine = move >>> TAG_SHIFT == me;
            if (mine ? movesMade(move) >= MOVES_PER_THREAD : move != 0 && lives(movers()[slot]))
            {
                break move; // no moves left; or a live thread's move holds the slot (checked again below, locked)
            }
            final long[] array = table();
            final int column = first & span();
            final long seen = (long)SLOT.getVolatile(array, first);
            final long holder = (long)SLOT.getOpaque(array, first + 1);
            if (seen <= 0 || holder >= me || (column(holder) & entryMask()) != column / STRIDE)
            {
                break move; // free or being taken over; held by itself, a newer thread (which moves), or a visitor
            }
            for (int field = column; field < array.length; field += span() + 1)
            {
                if ((long)SLOT.getOpaque(array, field) > 0 && (long)SLOT.getOpaque(array, field + 1) == me)
                {
                    break move; // its unlock must still find this read where it looks now
                }
            }
            final WeakReference<Thread> mover = new WeakReference<>(Thread.currentThread()); // before anything changes
            final WeakReference<?>[] writers = movers();
            synchronized (writers)
            {
                if ((long)MOVE.getOpaque(recorded, slot) != move || !mine && move != 0 && lives(writers[slot]))
                {
                    break move; // an alias moved meanwhile, or holds the slot and lives: its reads may be where it says
                }
                moving = liveMovers(recorded, writers) | 1L << me; // before the move: a mover reads its move from now
                writers[slot] = mover;
                final long made = mine ? movesMade(move) + 1 : 1;
                final long to = column / STRIDE + 1 & entryMask();
                MOVE.setOpaque(recorded, slot, me << TAG_SHIFT | made << COLUMN_BITS | to);
            }
        }
        final int next = nextField(first); // its next entry, which is its first if it has just moved
        return SLOT.compareAndSet(table(), next, -me, lock) || takeOver(next, lock, me) ?
            recheck(word, next, me) : COLLISION;
    }

    /**
     * {@return {@link #HELD} if the lock is still biased after the claim of the entry at {@code field} by the thread
     * tagged {@code me}; else the entry is let go and {@link #NOT_BIASED}} The re-read of the notes' "Memory order".
     */
    private int recheck(final LockWord word, final int field, final long me)
    {
        if ((word.getVolatile() & (READ_BIASED | READ_FAILED_MASK)) == READ_BIASED)
        {
            return HELD;
        }
        release(field, me);
        return NOT_BIASED;
    }

    @Override
    public boolean tryBiasedUnlock(final long lock)
    {
        final long me = ThreadTag.of(Thread.currentThread());
        if (me == ThreadTag.NONE)
        {
            return false;
        }
        final int i = lockField(me, lock);
        if (holds(i, lock, me))
        {
            release(i, me);
            return true;
        }
        final int j = nextField(i);
        if (holds(j, lock, me))
        {
            release(j, me);
            return true;
        }
        return false;
    }

    /** {@return whether the entry at {@code field} is the biased read of the lock {@code lock} by {@code thread}} */
    boolean holds(final int field, final long lock, final long thread)
    {
        final long[] array = table();
        // acquire: a lock field that a taker's volatile store wrote shows the thread field it wrote before
        return (long)SLOT.getAcquire(array, field) == lock && (long)SLOT.getOpaque(array, field + 1) == thread;
    }

    /**
     * Takes the entry at {@code field} over for {@code lock} by the thread tagged {@code thread} if it is free and the
     * thread's one CAS, the owner's claim, did not take it: another thread was the last to hold it, or none has (see
     * the notes, "Claim and release").
     *
     * @return true if the thread now holds the entry, its lock field naming {@code lock}
     */
    private boolean takeOver(final int field, final long lock, final long thread)
    {
        final long[] array = table();
        final long seen = (long)SLOT.getVolatile(array, field);
        if (seen > 0 || seen == SWITCHING || !SLOT.compareAndSet(array, field, seen, SWITCHING))
        {
            return false; // held, or being taken over: the caller tries its next entry, then the count
        }
        SLOT.setOpaque(array, field + 1, thread);
        SLOT.setVolatile(array, field, lock);
        return true;
    }

    /**
     * {@return the gate's bits of the threads whose moves {@code recorded} holds and that live} Called under the
     * monitor of {@code writers}, which holds the threads that wrote the moves.
     */
    private static long liveMovers(final long[] recorded, final WeakReference<?>[] writers)
    {
        long bits = 0;
        for (int slot = 0; slot < recorded.length; slot++)
        {
            final long move = (long)MOVE.getOpaque(recorded, slot);
            if (move != 0 && lives(writers[slot]))
            {
                bits |= 1L << (move >>> TAG_SHIFT);
            }
        }
        return bits;
    }

    /** {@return whether the thread {@code mover} holds, weakly, has not ended} */
    private static boolean lives(final WeakReference<?> mover)
    {
        return mover != null && mover.get() instanceof Thread thread && thread.isAlive();
    }

    /** {@return how many times the thread whose move is {@code move} has moved} */
    private static long movesMade(final long move)
    {
        return move >>> COLUMN_BITS & (1 << TAG_SHIFT - COLUMN_BITS) - 1;
    }

    /** Frees an entry the thread tagged {@code thread} holds: minus its tag in the lock field, a release store. */
    private void release(final int field, final long thread)
    {
        SLOT.setRelease(table(), field, -thread);
    }

    @Override
    public boolean visibleReaders(final long lock)
    {
        final long[] array = table();
        final int start = windowStart(lock);
        for (int i = start; i <= start + span(); i += STRIDE)
        {
            if ((long)SLOT.getVolatile(array, i) == lock)
            {
                return true;
            }
        }
        return false;
    }

    @Override
    public int biasedReaders(final long lock)
    {
        int n = 0;
        final long[] array = table();
        final int start = windowStart(lock);
        for (int i = start; i <= start + span(); i += STRIDE)
        {
            if ((long)SLOT.getVolatile(array, i) == lock)
            {
                n++;
            }
        }
        return n;
    }

    @Override
    public long inhibitNanos(final long revocationNanos)
    {
        return INHIBIT_FACTOR * Math.max(revocationNanos, 0);
    }
}
