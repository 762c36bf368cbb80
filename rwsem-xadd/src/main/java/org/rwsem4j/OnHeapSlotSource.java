package org.rwsem4j;

/** Hands out on-heap words; the garbage collector reclaims them with their lock. */
final class OnHeapSlotSource implements SlotSource
{
    static final OnHeapSlotSource INSTANCE = new OnHeapSlotSource();

    private OnHeapSlotSource()
    {
    }

    @Override
    public LockWord allocate(final Object lock)
    {
        return new OnHeapLockWord();
    }

    @Override
    public boolean isOffHeap()
    {
        return false;
    }

    @Override
    public String toString()
    {
        return "on-heap";
    }
}
