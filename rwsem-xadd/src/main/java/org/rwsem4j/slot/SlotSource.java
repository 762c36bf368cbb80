package org.rwsem4j.slot;

import org.rwsem4j.RwsemBuilder;
import org.rwsem4j.spi.LockWord;
import org.rwsem4j.spi.LockWordBits;

/**
 * Where lock words live. The source hands out one {@link LockWord} per lock and takes it back once the lock that
 * owns it is unreachable, so creating and dropping any number of locks leaks nothing.
 *
 * <p>Built in: {@link #offHeap()} (the default: 128-byte, 128-byte-aligned slots carved from shared direct-memory
 * chunks, so each word has two cache lines to itself and defeats the adjacent-line prefetcher) and {@link #onHeap()}
 * (a {@code VarHandle} field, unpadded unless the builder says {@link RwsemBuilder#padded(boolean) padded(true)};
 * needs no JVM flag and is visible to model checkers).
 */
public interface SlotSource
{
    /**
     * Allocates a zeroed word for {@code lock}; the slot returns to the source once the word is unreachable (the
     * built-in arena returns slots in groups: once every word of the group is).
     *
     * @param lock the object that holds the word: keep it reachable across every access to the word (with
     *             {@code Reference.reachabilityFence} after the last one), or the slot may already serve another lock
     * @return a word initialised to {@link LockWordBits#UNLOCKED}
     */
    LockWord allocate(Object lock);

    /**
     * The source a lock built with {@link RwsemBuilder#padded(boolean) padded(pad)} takes its word from: this source,
     * except that the built-in on-heap source answers with its padded or unpadded twin.
     *
     * @param pad whether the lock pads its hot on-heap words
     * @return the source to allocate from
     */
    default SlotSource padded(final boolean pad)
    {
        return this;
    }

    /**
     * Whether words and event counters from this source live off-heap (and so need Agrona's JVM flag).
     *
     * @return true for off-heap sources
     */
    boolean isOffHeap();

    /**
     * The default source: off-heap Agrona slots.
     *
     * @return the shared off-heap slot arena
     * @throws IllegalStateException naming the missing {@code --add-opens} flag when Agrona cannot reach its
     *                               internal Unsafe
     */
    static SlotSource offHeap()
    {
        AgronaAccess.ensureAvailable();
        return OffHeapSlotArena.INSTANCE;
    }

    /**
     * On-heap words: no JVM flag, no direct memory; model checkers can see them. Unpadded (24 bytes a word); a lock
     * built with {@link RwsemBuilder#padded(boolean) padded(true)} gets the padded on-heap word instead.
     *
     * @return the on-heap source
     */
    static SlotSource onHeap()
    {
        return OnHeapSlotSource.COMPACT;
    }
}
