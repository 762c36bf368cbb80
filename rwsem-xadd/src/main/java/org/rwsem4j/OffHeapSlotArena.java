package org.rwsem4j;

import java.util.Arrays;
import java.util.concurrent.atomic.LongAdder;

/**
 * The default {@link SlotSource}: lock words in 128-byte slots carved from 64 KiB direct-memory chunks that are
 * aligned to 128 bytes, so every word sits alone in two cache lines.
 *
 * <pre>
 *  chunk ({@link SlotChunk}: CHUNK_BYTES, 128-byte aligned)
 * +----------------+----------------+-----+----------------+
 * | slot 0 (128 B) | slot 1 (128 B) | ... | slot 511       |
 * | word | padding | word | padding |     | word | padding |
 * +----------------+----------------+-----+----------------+
 *  bits:  8 x 64-bit free bitmap (a set bit: slot taken)
 *  live:  reservations (slots in use + slots being claimed); -1 = retired
 *  words: the word handed out for each taken slot (strong refs)
 * </pre>
 *
 * Taking a slot takes no lock: a CAS on the chunk's {@code live} count reserves one, a CAS on its bitmap claims one.
 * Only adding a chunk (once per 512 slots) and retiring one take the arena's monitor, over a copy-on-write array of
 * chunks. Each word is a phantom reference to its lock, so once the lock is unreachable the GC enqueues the word and
 * one daemon thread ({@link SlotReclaimer}, {@code rwsem4j-slot-reclaimer}) returns the slot: no {@code Cleaner}
 * registration per lock. A chunk that empties is given back (unlinked, its direct memory freed by the JDK once the
 * chunk is unreachable) unless it is the only empty one: one spare stays, so a workload that hovers at a chunk boundary
 * does not allocate and free 64 KiB each time. The footprint follows the live locks, not their peak.
 *
 * <p><b>Algorithmic notes.</b>
 * <ul>
 * <li><b>Reserve, then claim.</b> An allocator first raises a chunk's {@code live} by CAS from some {@code n} in
 * {@code [0, 512)} to {@code n + 1}, then sets a clear bit by CAS. A releaser clears the bit first and lowers
 * {@code live} second. So at every moment (bits set) + (reservations not yet turned into a bit) &lt;= live &lt;= 512,
 * and a thread holding a reservation is owed a clear bit: its bitmap scan retries until it wins one, and never needs
 * another chunk. Two allocators CAS on the same bitmap word: the loser re-reads and takes another bit, so a bit is
 * set by exactly one thread and no slot is handed out twice (a plain store there would let both win the same bit).
 * <li><b>Reclaimer against allocator on a bitmap word.</b> Both change the word by CAS only and each changes bits
 * it owns (the allocator a clear bit it sets, the reclaimer the set bit of the slot it returns), so a failed CAS
 * just re-reads; neither can undo the other.
 * <li><b>Retire against reserve.</b> Retiring is a CAS of {@code live} from 0 to -1: it fails if anyone holds a
 * reservation, and once it succeeds no reservation can succeed ({@code tryReserve} refuses {@code n < 0}), so no
 * thread ever claims a bit, zeroes a slot or publishes a word in a retired chunk. An allocator that loaded the chunk
 * array before the retired chunk was unlinked only reads that chunk's {@code live}, a heap field, and moves on.
 * Retiring happens under the monitor and only when another linked chunk is empty (the spare), after which the chunk
 * is unlinked from the copy-on-write array.
 * <li><b>Publish before enqueue.</b> The word goes into {@code words[slot]} (release store) before {@code allocate}
 * returns, and {@code allocate} keeps the lock reachable until then ({@code Reference.reachabilityFence}), so the GC
 * cannot enqueue a word the chunk does not hold yet. The reclaimer clears {@code words[slot]} by CAS from that very
 * word; if it finds another word there it keeps the slot (a leak, never a double hand-out).
 * <li><b>Stale words.</b> After release a word is a cleared phantom reference that nothing holds (its lock is
 * gone, the chunk has forgotten it): it is never used again. The slot's next owner gets a new word and a zeroed slot
 * (a volatile store; the bitmap CASes order it after the previous owner's last access, which happened before its lock
 * became unreachable).
 * <li><b>What the engine must guarantee.</b> A slot returns once its lock object (the {@code lock} passed to
 * {@link #allocate}) is unreachable, and the JIT may treat an object as unreachable after its last use, even inside
 * its own method. Every access to the word must therefore happen while the lock is reachable: the engine keeps itself
 * reachable ({@code Reference.reachabilityFence(this)} on each normal exit of each operation, which keeps it live at
 * every word access before, slow-path calls included), unlock paths especially, or a thread finishing an unlock of a
 * just-dropped lock could write into a slot already handed to a new lock. A chunk's memory is kept by the chunk, and
 * the chunk by every word of it, so the memory outlives any word still held; retiring needs {@code live == 0}, so it
 * never frees a slot in use.
 * <li><b>Hint and cursor.</b> Allocators start at a shared cursor (the last chunk found with room) and start their
 * bitmap scan at a word picked by thread id, so a single allocating thread finds room in O(1) amortised and chunks
 * fill one after another (which lets them empty one after another), while threads allocating at once mostly CAS
 * different bitmap words. The cursor is a hint: any value is safe.
 * </ul>
 */
final class OffHeapSlotArena implements SlotSource
{
    static final int SLOT_BYTES = 128;
    static final int CHUNK_BYTES = 64 * 1024;
    static final int SLOTS_PER_CHUNK = CHUNK_BYTES / SLOT_BYTES;

    static final OffHeapSlotArena INSTANCE = new OffHeapSlotArena();

    /** Guards the growth and shrinking of {@link #chunks}; never taken by an allocation that finds room. */
    private final Object resize = new Object();
    private volatile SlotChunk[] chunks = new SlotChunk[0];
    private volatile int cursor;
    private final LongAdder handedOut = new LongAdder();

    /** The shared arena is {@link #INSTANCE}; tests make their own. */
    OffHeapSlotArena()
    {
    }

    @Override
    public LockWord allocate(final Object lock)
    {
        SlotChunk chunk = reserve();
        while (chunk == null)
        {
            chunk = reserve();
        }
        handedOut.increment();
        return chunk.claim(lock, (int)Thread.currentThread().getId());
    }

    /** A chunk with a reservation taken for the caller; {@code null} if the chunks changed meanwhile (try again). */
    private SlotChunk reserve()
    {
        final SlotChunk[] seen = chunks;
        final int n = seen.length;
        final int start = cursor < n ? cursor : 0;
        for (int k = 0; k < n; k++)
        {
            final int i = start + k < n ? start + k : start + k - n;
            if (seen[i].tryReserve())
            {
                if (i != start)
                {
                    cursor = i;
                }
                return seen[i];
            }
        }
        return addChunk(seen);
    }

    /** Adds a chunk, reserved for the caller, unless the chunks changed since {@code seen}. */
    private SlotChunk addChunk(final SlotChunk[] seen)
    {
        synchronized (resize)
        {
            if (chunks != seen)
            {
                return null;
            }
            final SlotChunk chunk = new SlotChunk(this);
            final SlotChunk[] grown = Arrays.copyOf(seen, seen.length + 1);
            grown[seen.length] = chunk;
            chunks = grown;
            cursor = seen.length;
            SlotReclaimer.ensureStarted();
            return chunk;
        }
    }

    /** Called by the reclaimer: returns {@code word}'s slot to {@code chunk}; gives the chunk back if it is spare. */
    void release(final SlotChunk chunk, final OffHeapLockWord word)
    {
        if (chunk.release(word))
        {
            retireIfSpare(chunk);
        }
    }

    /** Retires and unlinks an empty chunk when another linked chunk is empty too: one spare is kept. */
    private void retireIfSpare(final SlotChunk chunk)
    {
        synchronized (resize)
        {
            final SlotChunk[] seen = chunks;
            int at = -1;
            boolean spare = false;
            for (int i = 0; i < seen.length; i++)
            {
                if (seen[i] == chunk)
                {
                    at = i;
                }
                else if (seen[i].isEmpty())
                {
                    spare = true;
                }
            }
            if (at < 0 || !spare || !chunk.tryRetire())
            {
                return;
            }
            final SlotChunk[] shrunk = new SlotChunk[seen.length - 1];
            System.arraycopy(seen, 0, shrunk, 0, at);
            System.arraycopy(seen, at + 1, shrunk, at, seen.length - at - 1);
            chunks = shrunk;
        }
    }

    /** Direct memory the arena holds, in bytes: its linked chunks (a retired chunk's memory goes at a later GC). */
    long reservedBytes()
    {
        return (long)chunks.length * CHUNK_BYTES;
    }

    /**
     * Slots handed out since the arena was made: never decreases, so a count taken as a difference is not disturbed
     * by the reclaimer returning older locks' slots meanwhile (as {@link #liveSlots()} would be).
     */
    long slotsHandedOut()
    {
        return handedOut.sum();
    }

    /** Slots handed out and not yet reclaimed (a sum over the chunks: exact only when nothing moves). */
    long liveSlots()
    {
        long live = 0;
        for (final SlotChunk chunk : chunks)
        {
            live += chunk.liveCount();
        }
        return live;
    }

    /** The linked chunk holding {@code address}, or {@code null}: for tests. */
    SlotChunk chunkOf(final long address)
    {
        for (final SlotChunk chunk : chunks)
        {
            if (chunk.contains(address))
            {
                return chunk;
            }
        }
        return null;
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
}
