package org.rwsem4j;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.ref.Reference;
import java.nio.ByteBuffer;

import org.agrona.BufferUtil;

/**
 * One {@link OffHeapSlotArena#CHUNK_BYTES} block of direct memory, aligned to {@link OffHeapSlotArena#SLOT_BYTES},
 * cut into {@link OffHeapSlotArena#SLOTS_PER_CHUNK} slots. A slot is taken by setting its bit in {@link #bits} (a CAS);
 * {@link #live} counts the reservations, so a reserving thread knows a free bit exists before it looks for one, and
 * the sentinel {@link #RETIRED} closes the chunk for good. {@link #words} holds each handed-out word strongly, because a
 * phantom reference that is itself unreachable is never enqueued: without it a dropped lock would take its word
 * with it and the slot would never come back. The algorithm is in {@link OffHeapSlotArena}'s notes.
 */
final class SlotChunk
{
    static final int RETIRED = -1;
    private static final int SLOTS = OffHeapSlotArena.SLOTS_PER_CHUNK;
    private static final int BITMAP_WORDS = SLOTS / Long.SIZE;
    private static final int SLOT_SHIFT = Integer.numberOfTrailingZeros(OffHeapSlotArena.SLOT_BYTES);

    private static final VarHandle LIVE;
    private static final VarHandle BITS = MethodHandles.arrayElementVarHandle(long[].class);
    private static final VarHandle WORDS = MethodHandles.arrayElementVarHandle(OffHeapLockWord[].class);

    static
    {
        try
        {
            LIVE = MethodHandles.lookup().findVarHandle(SlotChunk.class, "live", int.class);
        }
        catch (final ReflectiveOperationException e)
        {
            throw new ExceptionInInitializerError(e);
        }
    }

    final OffHeapSlotArena arena;
    /** Keeps the memory: the JDK frees it once the chunk (and so this buffer) is unreachable. */
    @SuppressWarnings("unused")
    private final ByteBuffer memory;
    private final long base;
    private final OffHeapLockWord[] words = new OffHeapLockWord[SLOTS];
    private final long[] bits = new long[BITMAP_WORDS];
    @SuppressWarnings("unused") // accessed through LIVE
    private volatile int live;

    /** A new chunk with one reservation already taken, for the thread that adds it. */
    SlotChunk(final OffHeapSlotArena arena)
    {
        this.arena = arena;
        this.memory = BufferUtil.allocateDirectAligned(OffHeapSlotArena.CHUNK_BYTES, OffHeapSlotArena.SLOT_BYTES);
        this.base = BufferUtil.address(memory);
        this.live = 1;
    }

    private int lvLive()
    {
        return (int)LIVE.getVolatile(this);
    }

    private boolean casLive(final int expected, final int update)
    {
        return LIVE.compareAndSet(this, expected, update);
    }

    private long lvBits(final int i)
    {
        return (long)BITS.getVolatile(bits, i);
    }

    private boolean casBits(final int i, final long expected, final long update)
    {
        return BITS.compareAndSet(bits, i, expected, update);
    }

    private void soWord(final int slot, final OffHeapLockWord word)
    {
        WORDS.setRelease(words, slot, word);
    }

    private boolean casWord(final int slot, final OffHeapLockWord expected, final OffHeapLockWord update)
    {
        return WORDS.compareAndSet(words, slot, expected, update);
    }

    /**
     * Takes one reservation: promises the caller a free slot. Refuses a full chunk and a retired one (a retired chunk
     * is never reopened, so a refusal is final for it).
     */
    boolean tryReserve()
    {
        for (;;)
        {
            final int n = lvLive();
            if (n < 0 || n >= SLOTS)
            {
                return false;
            }
            if (casLive(n, n + 1))
            {
                return true;
            }
        }
    }

    /**
     * With a reservation held: claims a free slot, zeroes its word and publishes it, bound to {@code lock}.
     *
     * @param hint where to start looking in the bitmap, so that threads claiming at once try different words
     */
    OffHeapLockWord claim(final Object lock, final int hint)
    {
        final int slot = claimBit(hint);
        final OffHeapLockWord word =
            new OffHeapLockWord(lock, SlotReclaimer.QUEUE, this, base + ((long)slot << SLOT_SHIFT));
        word.initialise(LockWordBits.UNLOCKED);
        soWord(slot, word);
        // The word must be in words[] before it can be enqueued: keep the lock reachable until it is.
        Reference.reachabilityFence(lock);
        return word;
    }

    /** Sets a clear bit; with a reservation held one exists (the notes: used bits + pending reservations <= live). */
    private int claimBit(final int hint)
    {
        for (;;)
        {
            for (int k = 0; k < BITMAP_WORDS; k++)
            {
                final int i = (hint + k) & (BITMAP_WORDS - 1);
                long v = lvBits(i);
                while (v != -1L)
                {
                    final long bit = Long.lowestOneBit(~v);
                    if (casBits(i, v, v | bit))
                    {
                        return i * Long.SIZE + Long.numberOfTrailingZeros(bit);
                    }
                    v = lvBits(i);
                }
            }
            // A scan is not atomic: other claimers can take the bits ahead of it while releasers free bits behind it,
            // hiding the free bit that must exist. Look again.
            Thread.onSpinWait();
        }
    }

    /**
     * Returns {@code word}'s slot: forgets the word, clears the bit, then drops the reservation.
     *
     * @return whether the chunk became empty (the caller may retire it)
     */
    boolean release(final OffHeapLockWord word)
    {
        final int slot = (int)((word.address() - base) >>> SLOT_SHIFT);
        if (!casWord(slot, word, null))
        {
            return false; // not this slot's word: keep the slot (a leak) rather than risk handing it out twice
        }
        final int i = slot / Long.SIZE;
        final long bit = 1L << (slot % Long.SIZE);
        long v = lvBits(i);
        while (!casBits(i, v, v & ~bit))
        {
            v = lvBits(i);
        }
        return (int)LIVE.getAndAdd(this, -1) == 1;
    }

    /** Closes an empty chunk for good; fails if anyone holds a reservation. */
    boolean tryRetire()
    {
        return casLive(0, RETIRED);
    }

    boolean isEmpty()
    {
        return lvLive() == 0;
    }

    boolean isRetired()
    {
        return lvLive() == RETIRED;
    }

    /** Reservations held: slots in use plus slots being claimed. */
    int liveCount()
    {
        return Math.max(0, lvLive());
    }

    boolean contains(final long address)
    {
        return address >= base && address < base + OffHeapSlotArena.CHUNK_BYTES;
    }
}
