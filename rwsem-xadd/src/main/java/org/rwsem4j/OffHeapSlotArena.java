package org.rwsem4j;

import java.lang.ref.Cleaner;
import java.util.ArrayList;
import java.util.List;

import org.agrona.BufferUtil;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * The default {@link SlotSource}: lock words in 128-byte slots carved from 64 KiB direct-memory chunks that are
 * aligned to 128 bytes, so every word sits alone in two cache lines.
 *
 * <pre>
 *  chunk k (CHUNK_BYTES, 128-byte aligned)
 * +----------------+----------------+-----+----------------+
 * | slot 0 (128 B) | slot 1 (128 B) | ... | slot 511       |
 * | word | padding | word | padding |     | word | padding |
 * +----------------+----------------+-----+----------------+
 *   slot id = k * SLOTS_PER_CHUNK + slot
 * </pre>
 *
 * A {@link Cleaner} returns a slot to the free stack once its lock is unreachable; the next allocation reuses it and
 * zeroes it before handing it out. Chunks are never freed: the arena's footprint follows the peak number of live
 * locks, not the number ever created. Allocation and release take the arena's monitor (construction only; never on a
 * lock or unlock path).
 */
final class OffHeapSlotArena implements SlotSource
{
    static final int SLOT_BYTES = 128;
    static final int CHUNK_BYTES = 64 * 1024;
    static final int SLOTS_PER_CHUNK = CHUNK_BYTES / SLOT_BYTES;

    static final OffHeapSlotArena INSTANCE = new OffHeapSlotArena();

    private static final Cleaner CLEANER = Cleaner.create();

    private final List<UnsafeBuffer> chunks = new ArrayList<>();
    private int[] freeSlots = new int[SLOTS_PER_CHUNK];
    private int freeCount;
    private int nextFresh;
    private long live;
    private long handedOut;

    private OffHeapSlotArena()
    {
    }

    @Override
    public LockWord allocate(final Object lock)
    {
        final int slot;
        final UnsafeBuffer chunk;
        synchronized (this)
        {
            slot = freeCount > 0 ? freeSlots[--freeCount] : freshSlot();
            chunk = chunks.get(slot / SLOTS_PER_CHUNK);
            live++;
            handedOut++;
        }
        final OffHeapLockWord word = new OffHeapLockWord(chunk, (slot % SLOTS_PER_CHUNK) * SLOT_BYTES);
        word.initialise(LockWordBits.UNLOCKED);
        CLEANER.register(lock, new Release(this, slot));
        return word;
    }

    private int freshSlot()
    {
        if (nextFresh == chunks.size() * SLOTS_PER_CHUNK)
        {
            chunks.add(new UnsafeBuffer(BufferUtil.allocateDirectAligned(CHUNK_BYTES, SLOT_BYTES)));
        }
        return nextFresh++;
    }

    private synchronized void release(final int slot)
    {
        if (freeCount == freeSlots.length)
        {
            freeSlots = java.util.Arrays.copyOf(freeSlots, freeSlots.length * 2);
        }
        freeSlots[freeCount++] = slot;
        live--;
    }

    /** Direct memory the arena holds, in bytes. */
    synchronized long reservedBytes()
    {
        return (long)chunks.size() * CHUNK_BYTES;
    }

    /**
     * Slots handed out since the arena was made: never decreases, so a count taken as a difference is not disturbed
     * by the cleaner reclaiming older locks' slots meanwhile (as {@link #liveSlots()} would be).
     */
    synchronized long slotsHandedOut()
    {
        return handedOut;
    }

    /** Slots handed out and not yet reclaimed. */
    synchronized long liveSlots()
    {
        return live;
    }

    @Override
    public boolean isOffHeap()
    {
        return true;
    }

    @Override
    public String toString()
    {
        return "off-heap";
    }

    /** The cleaning action: must not reference the lock, or the lock would never become unreachable. */
    private static final class Release implements Runnable
    {
        private final OffHeapSlotArena arena;
        private final int slot;

        Release(final OffHeapSlotArena arena, final int slot)
        {
            this.arena = arena;
            this.slot = slot;
        }

        @Override
        public void run()
        {
            arena.release(slot);
        }
    }
}
