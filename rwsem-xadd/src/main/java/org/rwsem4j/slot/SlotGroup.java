package org.rwsem4j.slot;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A run of {@link OffHeapSlotArena#GROUP_SLOTS} consecutive slots of a {@link SlotChunk}, handed out one by one to
 * the locks built while it is the arena's current group, and reclaimed as one: every word of the group holds it, and
 * its {@link SlotTicket} (a phantom reference to it) is enqueued once no word does, that is once every lock built from
 * it is unreachable. The group is the unit of reclamation so that a lock costs no reference object of its own: the
 * GC discovers and the reclaimer handles one ticket per {@code GROUP_SLOTS} locks (a ticket per lock costs every
 * lock built and dropped a reference object, and the GC's reference processing its time).
 *
 * <p>The price: a lock that lives on keeps its whole group (a group whose other locks are gone is not handed out
 * again until the last one goes), so off-heap memory can exceed the live locks' slots by up to
 * {@code GROUP_SLOTS} times when long-lived locks are few and scattered among short-lived ones.
 */
final class SlotGroup
{
    /** What {@link #take} returns once the group has no slot left. */
    static final long NONE = -1L;
    private static final int SLOT_SHIFT = Integer.numberOfTrailingZeros(OffHeapSlotArena.SLOT_BYTES);

    private static final VarHandle TAKEN;

    static
    {
        try
        {
            TAKEN = MethodHandles.lookup().findVarHandle(SlotGroup.class, "taken", int.class);
        }
        catch (final ReflectiveOperationException e)
        {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Keeps the chunk, and so its memory, reachable for as long as any word of the group is. */
    final SlotChunk chunk;
    /** The group's place in its chunk. */
    final int index;
    private final long base;
    @SuppressWarnings("unused") // accessed through TAKEN
    private volatile int taken;

    SlotGroup(final SlotChunk chunk, final int index, final long base)
    {
        this.chunk = chunk;
        this.index = index;
        this.base = base;
    }

    /**
     * Takes the next unused slot: one atomic add, so threads building locks at once each get their own slot. Past
     * the end the count goes on rising (by one per caller that finds the group spent, before it installs the next),
     * which {@code int} holds.
     *
     * @return the slot's address, or {@link #NONE} if every slot of the group is taken
     */
    long take()
    {
        final int i = (int)TAKEN.getAndAdd(this, 1);
        return i < OffHeapSlotArena.GROUP_SLOTS ? base + ((long)i << SLOT_SHIFT) : NONE;
    }

    /** Slots taken so far, at most {@link OffHeapSlotArena#GROUP_SLOTS}. */
    int taken()
    {
        return Math.min((int)TAKEN.getVolatile(this), OffHeapSlotArena.GROUP_SLOTS);
    }

    boolean contains(final long address)
    {
        return address >= base && address < base + ((long)OffHeapSlotArena.GROUP_SLOTS << SLOT_SHIFT);
    }
}
