package org.rwsem4j;

import org.agrona.concurrent.AtomicBuffer;

/**
 * A lock word in an off-heap slot: {@code buffer} is a shared, 128-byte-aligned direct chunk and {@code index} the
 * byte offset of this lock's slot. Every access is a volatile Agrona atomic ({@code lock xadd} / {@code lock
 * cmpxchg} on x86), which pairs with itself: the AtomicBuffer pairing rule "volatile with volatile".
 */
final class OffHeapLockWord implements LockWord
{
    private final AtomicBuffer buffer;
    private final int index;

    OffHeapLockWord(final AtomicBuffer buffer, final int index)
    {
        this.buffer = buffer;
        this.index = index;
    }

    @Override
    public long getVolatile()
    {
        return buffer.getLongVolatile(index);
    }

    @Override
    public long getAndAdd(final long delta)
    {
        return buffer.getAndAddLong(index, delta);
    }

    @Override
    public long compareAndExchange(final long expected, final long update)
    {
        return buffer.compareAndExchangeLong(index, expected, update);
    }

    @Override
    public void initialise(final long value)
    {
        buffer.putLongVolatile(index, value);
    }

    @Override
    public String toString()
    {
        return "off-heap@" + Long.toHexString(buffer.addressOffset() + index);
    }
}
