package org.rwsem4j.readerbias;

import static org.rwsem4j.spi.LockWordBits.READ_BIASED;
import static org.rwsem4j.spi.LockWordBits.READ_FAILED_MASK;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.ThreadLocalRandom;

import org.rwsem4j.spi.LockWord;
import org.rwsem4j.spi.ReaderBias;

/**
 * BRAVO's table of visible readers, shared by every lock in the JVM: an entry names the lock a biased reader holds and
 * the thread that holds it.
 *
 * <p>Algorithmic notes:
 *
 * <p>Layout. {@link #ENTRIES} entries, a power of two, at least 64 and 16 per available processor. An entry is two
 * references, the lock and the thread, at the start of its own {@link #STRIDE_BYTES}-byte stretch of one
 * {@code Object[]}, so two entries never share a cache line (nor an adjacent-line prefetch pair): two cores that read
 * through the table write only their own lines. On-heap, so an on-heap lock needs no Agrona because of it, and an entry
 * names its lock by reference: never by the address of an off-heap word, which is reused after a lock is collected.
 *
 * <p>Index. A thread's entry for a lock is a hash of both identity hash codes ({@link System#identityHashCode}, never
 * {@link Thread#getId()}, which a subclass may override) times a multiplier each table draws at random, its top bits
 * taken. A thread's identity hash repeats from one run of a program to the next (HotSpot draws it from a generator
 * with a fixed seed), so with a fixed hash the same two threads of a lock would meet in one entry on every run, and
 * on every fork of a benchmark. A reader that finds its entry taken tries the next one; if that is taken too
 * ({@link ReaderBias#COLLISION}) it reads through the count. So do ten thousand virtual threads: they fall back, never
 * fail. Its unlock looks at the same two entries, in the same order.
 *
 * <p>Claim and release. A reader claims an entry with a CAS of its lock from null (the lock field is the one the
 * writer scans), then stores itself in the thread field, and then re-reads the word. Release, by the thread that
 * claimed, clears the thread field first and then the lock field with a release store. So the thread field is null or
 * names the holder whenever the lock field names a lock, and a thread that reads its own name there holds the entry:
 * another thread's read unlock never clears an entry it did not fill, and an entry whose lock field still names the
 * lock but whose thread field is not yet written belongs to nobody who could unlock it.
 *
 * <p>Memory order. The claim's CAS and the re-read of the word against a writer's atomic update of the word and its
 * volatile scan of the lock fields are a Dekker pattern: every one of the four is sequentially consistent (a CAS, a
 * volatile read, an atomic add, volatile reads), so either the reader sees the writer's WRITER_LOCKED, or the writer
 * sees the reader's entry. A release store followed by an acquire load would not do: the two may be reordered.
 */
final class VisibleReaders implements ReaderBias
{
    /** Bytes between two entries: two 64-byte lines. */
    static final int STRIDE_BYTES = 128;
    /** Entries in the table. */
    static final int ENTRIES = entries(Runtime.getRuntime().availableProcessors());
    /** BRAVO's slow-down guard: the bias stays off for this many times the revocation's wait. */
    static final int INHIBIT_FACTOR = 9;

    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(Object[].class);
    /** Array elements between two entries: 128 bytes with compressed references, 256 without. */
    private static final int STRIDE = STRIDE_BYTES / 4;

    /** The table every lock with the patch shares. */
    static final VisibleReaders INSTANCE = new VisibleReaders(ENTRIES);

    private final int mask;
    /** Bits of a hash beyond the index's: the index is the hash's top bits. */
    private final int shift;
    /** The hash's multiplier, odd, drawn when the table is made (see the notes, "Index"). */
    private final int multiplier;
    private final Object[] table;

    /**
     * A table of {@code entries} entries: {@link #INSTANCE}, or a small one for a model checker.
     *
     * @param entries a power of two
     */
    VisibleReaders(final int entries)
    {
        if (Integer.bitCount(entries) != 1)
        {
            throw new IllegalArgumentException("entries must be a power of two: " + entries);
        }
        this.mask = entries - 1;
        this.shift = Integer.numberOfLeadingZeros(entries) + 1;
        this.multiplier = ThreadLocalRandom.current().nextInt() | 1;
        this.table = new Object[entries * STRIDE];
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

    /** {@return the index of the lock field of {@code thread}'s first entry for {@code lock}} */
    int lockField(final Thread thread, final Object lock)
    {
        final int h = (System.identityHashCode(lock) * 0x9E3779B9 ^ System.identityHashCode(thread)) * multiplier;
        return (h >>> shift & mask) * STRIDE;
    }

    /** {@return the index of the lock field of the entry a reader tries when the one at {@code field} is taken} */
    int nextField(final int field)
    {
        return field + STRIDE & table.length - 1;
    }

    @Override
    public int tryBiasedRead(final LockWord word, final Object lock)
    {
        if ((word.getVolatile() & (READ_BIASED | READ_FAILED_MASK)) != READ_BIASED)
        {
            return NOT_BIASED;
        }
        final Thread me = Thread.currentThread();
        int i = lockField(me, lock);
        if (!SLOT.compareAndSet(table, i, null, lock))
        {
            i = nextField(i);
            if (!SLOT.compareAndSet(table, i, null, lock))
            {
                return COLLISION;
            }
        }
        SLOT.setOpaque(table, i + 1, me);
        if ((word.getVolatile() & (READ_BIASED | READ_FAILED_MASK)) == READ_BIASED)
        {
            return HELD;
        }
        release(i);
        return NOT_BIASED;
    }

    @Override
    public boolean tryBiasedUnlock(final Object lock)
    {
        final Thread me = Thread.currentThread();
        final int i = lockField(me, lock);
        if (holds(i, lock, me))
        {
            release(i);
            return true;
        }
        final int j = nextField(i);
        if (holds(j, lock, me))
        {
            release(j);
            return true;
        }
        return false;
    }

    /** {@return whether the entry at {@code field} is {@code thread}'s biased read of {@code lock}} */
    boolean holds(final int field, final Object lock, final Thread thread)
    {
        return SLOT.getOpaque(table, field) == lock && SLOT.getOpaque(table, field + 1) == thread;
    }

    /** Clears an entry the current thread holds: its thread field, then its lock field (a release store). */
    private void release(final int i)
    {
        SLOT.setOpaque(table, i + 1, null);
        SLOT.setRelease(table, i, null);
    }

    @Override
    public boolean visibleReaders(final Object lock)
    {
        for (int i = 0; i < table.length; i += STRIDE)
        {
            if (SLOT.getVolatile(table, i) == lock)
            {
                return true;
            }
        }
        return false;
    }

    @Override
    public int biasedReaders(final Object lock)
    {
        int n = 0;
        for (int i = 0; i < table.length; i += STRIDE)
        {
            if (SLOT.getVolatile(table, i) == lock)
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
