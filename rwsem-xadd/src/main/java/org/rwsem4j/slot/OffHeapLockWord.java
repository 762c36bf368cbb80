package org.rwsem4j.slot;

import org.agrona.UnsafeApi;
import org.agrona.concurrent.AtomicBuffer;

import org.rwsem4j.spi.LockWord;

/**
 * A lock word in an off-heap slot: 8 bytes at a fixed, 8-byte-aligned native address, either in a 128-byte slot of an
 * {@link OffHeapSlotArena} chunk or in a counter slot of a mapped stats file. The bounds and alignment are checked
 * once, where the word is made; every access then goes straight to Agrona's {@link UnsafeApi} on the raw address,
 * because {@code AtomicBuffer}'s per-access bounds check (on unless a system property is set before Agrona
 * initialises, which a library cannot do for its users) is a large share of an uncontended lock/unlock.
 *
 * <p>The word holds what keeps its memory: the {@link SlotGroup} its slot came from for an arena word (the group is
 * reclaimed once none of its words is reachable, and it keeps its chunk's memory), or the stats file's buffer for a
 * published word (the stats file frees its counter itself). So the word is 24 bytes (12-byte header, {@link #memory},
 * the 8-aligned {@link #address}; {@code OffHeapLockWordLayoutTest} checks it) and a lock needs no reference object
 * of its own to give its slot back.
 *
 * <p>One class serves both kinds, so the engine's {@code word.*} call sites see at most two receiver classes (this and
 * the on-heap word) and stay inlinable.
 *
 * <p>Every access is a volatile atomic ({@code lock xadd} / {@code lock cmpxchg} on x86), which pairs with itself:
 * the AtomicBuffer pairing rule "volatile with volatile".
 */
public final class OffHeapLockWord implements LockWord
{
    private final long address;
    private final Object memory;

    /** An arena word over the slot at {@code address} of {@code group}; keeps the group reachable. */
    OffHeapLockWord(final SlotGroup group, final long address)
    {
        this.memory = group;
        this.address = address;
    }

    /**
     * A word over a stats file's counter slot; keeps {@code buffer} reachable. Public for the stats file's package;
     * not meant for applications.
     *
     * @param buffer the off-heap buffer that holds the slot
     * @param index the slot's 8-byte-aligned offset in {@code buffer}
     * @throws IllegalArgumentException if the slot is on-heap or not 8-byte aligned
     */
    public OffHeapLockWord(final AtomicBuffer buffer, final int index)
    {
        buffer.boundsCheck(index, Long.BYTES);
        if (buffer.byteArray() != null || ((buffer.addressOffset() + index) & (Long.BYTES - 1)) != 0)
        {
            throw new IllegalArgumentException("a lock word needs an 8-byte-aligned off-heap slot");
        }
        this.memory = buffer;
        this.address = buffer.addressOffset() + index;
    }

    long address()
    {
        return address;
    }

    /** The group this word's slot came from; {@code null} for a stats file's word. */
    SlotGroup group()
    {
        return memory instanceof SlotGroup ? (SlotGroup)memory : null;
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

    /**
     * Zeroes a fresh arena slot with a release store. That orders it after the claim of the slot's group (the CASes
     * that follow the previous owner's last access); the publication of the lock then orders it as it orders every
     * other write of the constructor building the lock (a safe publication carries all earlier writes, and the freeze
     * of the engine's final fields orders them before a racy one). A volatile store's full fence buys nothing more
     * and slows construction.
     */
    void initialiseFresh(final long value)
    {
        UnsafeApi.putLongRelease(null, address, value);
    }

    @Override
    public String toString()
    {
        return "off-heap@0x" + Long.toHexString(address);
    }
}
