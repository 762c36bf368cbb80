package org.rwsem4j.slot;

import java.lang.ref.PhantomReference;

/**
 * A {@link SlotGroup}'s release ticket: a phantom reference to the group, registered with {@link SlotReclaimer#QUEUE}
 * and held by the group's chunk (a phantom reference that is itself unreachable is never enqueued). Once the GC
 * enqueues it, no word of the group is reachable and the reclaimer gives the group's slots back to {@link #chunk}.
 */
final class SlotTicket extends PhantomReference<SlotGroup>
{
    final SlotChunk chunk;
    /** The group's place in its chunk. */
    final int index;

    SlotTicket(final SlotGroup group, final SlotChunk chunk, final int index)
    {
        super(group, SlotReclaimer.QUEUE);
        this.chunk = chunk;
        this.index = index;
    }
}
