package org.rwsem4j.slot;

import org.rwsem4j.spi.LockWord;

/**
 * Hands out on-heap words; the garbage collector reclaims them with their lock. Two instances: {@link #COMPACT}
 * (unpadded {@link OnHeapLockWord}s, the default) and {@link #PADDED} ({@link PaddedOnHeapLockWord}s, for a builder's
 * {@code padded(true)}).
 */
final class OnHeapSlotSource implements SlotSource
{
    /** Unpadded words: 24 bytes each. */
    static final OnHeapSlotSource COMPACT = new OnHeapSlotSource(false);
    /** Words with two cache lines of padding on each side: about 272 bytes each. */
    static final OnHeapSlotSource PADDED = new OnHeapSlotSource(true);

    private final boolean padded;

    private OnHeapSlotSource(final boolean padded)
    {
        this.padded = padded;
    }

    /** {@return {@link #PADDED} if {@code padded}, else {@link #COMPACT}} */
    static OnHeapSlotSource of(final boolean padded)
    {
        return padded ? PADDED : COMPACT;
    }

    @Override
    public LockWord allocate(final Object lock)
    {
        return padded ? new PaddedOnHeapLockWord() : new OnHeapLockWord();
    }

    @Override
    public SlotSource padded(final boolean pad)
    {
        return of(pad);
    }

    @Override
    public boolean isOffHeap()
    {
        return false;
    }

    @Override
    public String toString()
    {
        return padded ? "on-heap, padded" : "on-heap";
    }
}
