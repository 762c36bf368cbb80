package org.rwsem4j;

import org.agrona.UnsafeApi;
import org.agrona.concurrent.AtomicBuffer;

/**
 * A lock word in an off-heap slot: 8 bytes at a fixed, 8-byte-aligned native address inside {@code buffer} (a
 * 128-byte-aligned arena chunk, or a counter slot of a mapped stats file). The bounds and alignment are checked once,
 * here; every access then goes straight to Agrona's {@link UnsafeApi} on the raw address, because
 * {@code AtomicBuffer}'s per-access bounds check (on unless a system property is set before Agrona initialises,
 * which a library cannot do for its users) measured as a large share of an uncontended lock/unlock. The buffer
 * reference keeps the memory alive for as long as the word is.
 *
 * <p>Every access is a volatile atomic ({@code lock xadd} / {@code lock cmpxchg} on x86), which pairs with itself:
 * the AtomicBuffer pairing rule "volatile with volatile".
 */
final class OffHeapLockWord implements LockWord
{
    private final long address;
    @SuppressWarnings("unused") // keeps the slot's memory reachable
    private final AtomicBuffer buffer;

    OffHeapLockWord(final AtomicBuffer buffer, final int index)
    {
        buffer.boundsCheck(index, Long.BYTES);
        if (buffer.byteArray() != null || ((buffer.addressOffset() + index) & (Long.BYTES - 1)) != 0)
        {
            throw new IllegalArgumentException("a lock word needs an 8-byte-aligned off-heap slot");
        }
        this.buffer = buffer;
        this.address = buffer.addressOffset() + index;
    }

    @Override
    public long getVolatile()
    {
        return UnsafeApi.getLongVolatile(null, address);
    }

    @Override
    public long getAndAdd(final long delta)
    {
        return UnsafeApi.getAndAddLong(null, address, delta);
    }

    @Override
    public long compareAndExchange(final long expected, final long update)
    {
        return UnsafeApi.compareAndExchangeLong(null, address, expected, update);
    }

    @Override
    public void initialise(final long value)
    {
        UnsafeApi.putLongVolatile(null, address, value);
    }

    @Override
    public String toString()
    {
        return "off-heap@0x" + Long.toHexString(address);
    }
}
