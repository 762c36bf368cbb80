package org.rwsem4j;

import java.lang.ref.PhantomReference;
import java.lang.ref.ReferenceQueue;

import org.agrona.UnsafeApi;
import org.agrona.concurrent.AtomicBuffer;

/**
 * A lock word in an off-heap slot: 8 bytes at a fixed, 8-byte-aligned native address, either in a 128-byte slot of an
 * {@link OffHeapSlotArena} chunk or in a counter slot of a mapped stats file. The bounds and alignment are checked
 * once, where the word is made; every access then goes straight to Agrona's {@link UnsafeApi} on the raw address,
 * because {@code AtomicBuffer}'s per-access bounds check (on unless a system property is set before Agrona
 * initialises, which a library cannot do for its users) measured as a large share of an uncontended lock/unlock.
 *
 * <p>The word is also the slot's release ticket: it is a {@link PhantomReference} to the lock that owns it, registered
 * with the arena's queue, so once the lock is unreachable the GC enqueues the word and {@link SlotReclaimer} returns
 * the slot. That takes no {@code Cleaner} registration (about 72 bytes of heap and a global monitor per lock): the
 * word is 40 bytes (12-byte header, the four reference fields of {@code Reference}, {@link #memory} in the gap before
 * the 8-aligned {@link #address}; {@code OffHeapLockWordLayoutTest} checks it). {@link #memory} keeps the slot's
 * memory reachable for as long as the word is: the {@link SlotChunk} for an arena word (which also tells the reclaimer
 * where the slot came from), the stats file's buffer for a published word (made with no referent and no queue, so it
 * is never enqueued: the stats file frees its counter itself).
 *
 * <p>One class serves both kinds, so the engine's {@code word.*} call sites see at most two receiver classes (this and
 * the on-heap word) and stay inlinable. {@code get()} of a phantom reference is always {@code null}: the word never
 * hands out its lock.
 *
 * <p>Every access is a volatile atomic ({@code lock xadd} / {@code lock cmpxchg} on x86), which pairs with itself:
 * the AtomicBuffer pairing rule "volatile with volatile".
 */
final class OffHeapLockWord extends PhantomReference<Object> implements LockWord
{
    private final long address;
    private final Object memory;

    /** An arena word: enqueued on {@code queue} once {@code lock} is unreachable. */
    OffHeapLockWord(final Object lock, final ReferenceQueue<Object> queue, final SlotChunk chunk, final long address)
    {
        super(lock, queue);
        this.memory = chunk;
        this.address = address;
    }

    /** A word over a stats file's counter slot: never enqueued; keeps {@code buffer} reachable. */
    OffHeapLockWord(final AtomicBuffer buffer, final int index)
    {
        super(null, null);
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

    /** The chunk this word's slot came from; {@code null} for a stats file's word. */
    SlotChunk chunk()
    {
        return memory instanceof SlotChunk ? (SlotChunk)memory : null;
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
