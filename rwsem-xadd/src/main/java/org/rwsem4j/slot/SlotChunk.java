package org.rwsem4j.slot;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.ref.Reference;
import java.nio.ByteBuffer;

import org.agrona.BufferUtil;

/**
 * One {@link OffHeapSlotArena#CHUNK_BYTES} block of direct memory, aligned to {@link OffHeapSlotArena#SLOT_BYTES},
 * cut into {@link #GROUPS} {@link SlotGroup}s of {@link OffHeapSlotArena#GROUP_SLOTS} slots. The whole state is one
 * word, {@link #state}: bit {@code i} set while group {@code i} is handed out, and {@link #RETIRED} once the chunk is
 * closed for good. {@link #tickets} holds each handed-out group's ticket strongly, so the ticket is enqueued when its
 * group becomes unreachable. The algorithm is in {@link OffHeapSlotArena}'s notes.
 */
final class SlotChunk
{
    static final int GROUPS = OffHeapSlotArena.SLOTS_PER_CHUNK / OffHeapSlotArena.GROUP_SLOTS;
    /** The state bit that closes the chunk: no group is ever handed out of it again. */
    static final long RETIRED = Long.MIN_VALUE;
    private static final long ALL_GROUPS = GROUPS == Long.SIZE - 1 ? Long.MAX_VALUE : (1L << GROUPS) - 1;
    private static final long GROUP_BYTES = (long)OffHeapSlotArena.GROUP_SLOTS * OffHeapSlotArena.SLOT_BYTES;

    private static final VarHandle STATE;
    private static final VarHandle TICKETS = MethodHandles.arrayElementVarHandle(SlotTicket[].class);

    static
    {
        if (GROUPS < 1 || GROUPS >= Long.SIZE)
        {
            throw new ExceptionInInitializerError("a chunk needs 1 to 63 groups, not " + GROUPS);
        }
        try
        {
            STATE = MethodHandles.lookup().findVarHandle(SlotChunk.class, "state", long.class);
        }
        catch (final ReflectiveOperationException e)
        {
            throw new ExceptionInInitializerError(e);
        }
    }

    final OffHeapSlotArena arena;
    /** Keeps the memory: the JDK frees it once the chunk (and so this buffer) is unreachable. */
    @SuppressWarnings("unused")
    private final ByteBuffer memory;
    private final long base;
    private final SlotTicket[] tickets = new SlotTicket[GROUPS];
    @SuppressWarnings("unused") // accessed through STATE
    private volatile long state;
    /**
     * The arena's sweep count when a group was last claimed here: the sweep gives back only chunks that stayed idle
     * for {@link OffHeapSlotArena#IDLE_SWEEPS} sweeps. A hint (a plain field): retiring itself is a CAS that fails if a group is out.
     */
    private int lastClaimed;

    SlotChunk(final OffHeapSlotArena arena)
    {
        this.arena = arena;
        this.memory = BufferUtil.allocateDirectAligned(OffHeapSlotArena.CHUNK_BYTES, OffHeapSlotArena.SLOT_BYTES);
        this.base = BufferUtil.address(memory);
    }

    private long lvState()
    {
        return (long)STATE.getVolatile(this);
    }

    private boolean casState(final long expected, final long update)
    {
        return STATE.compareAndSet(this, expected, update);
    }

    private void soTicket(final int index, final SlotTicket ticket)
    {
        TICKETS.setRelease(tickets, index, ticket);
    }

    private boolean casTicket(final int index, final SlotTicket expected, final SlotTicket update)
    {
        return TICKETS.compareAndSet(tickets, index, expected, update);
    }

    /**
     * Repeatedly: read the state; give up if the chunk is retired or every group is out; else set the lowest clear
     * group bit by CAS, and on success register the group's ticket before anyone can drop the group.
     *
     * @return a group of this chunk now handed out to the caller, or {@code null} if there is none
     */
    SlotGroup tryClaimGroup()
    {
        for (;;)
        {
            final long s = lvState();
            if ((s & RETIRED) != 0 || (s & ALL_GROUPS) == ALL_GROUPS)
            {
                return null;
            }
            final long bit = Long.lowestOneBit(~s);
            if (casState(s, s | bit))
            {
                lastClaimed = arena.sweeps();
                final int index = Long.numberOfTrailingZeros(bit);
                final SlotGroup group = new SlotGroup(this, index, base + index * GROUP_BYTES);
                soTicket(index, new SlotTicket(group, this, index));
                // The ticket must be in tickets[] before the group can be dropped and its ticket enqueued.
                Reference.reachabilityFence(group);
                return group;
            }
        }
    }

    /**
     * Takes back the group of {@code ticket}: forgets the ticket, then clears the group's bit. A ticket this chunk
     * does not hold (already released) is left alone rather than risk handing a group out twice.
     *
     * @return whether the chunk was full before (the arena queues it again as a chunk with room)
     */
    boolean release(final SlotTicket ticket)
    {
        if (!casTicket(ticket.index, ticket, null))
        {
            return false;
        }
        final long bit = 1L << ticket.index;
        for (;;)
        {
            final long s = lvState();
            if (casState(s, s & ~bit))
            {
                return (s & ALL_GROUPS) == ALL_GROUPS;
            }
        }
    }

    /**
     * Takes back a group nobody took a slot of (its claimer lost the race to install it): clears its ticket, so the
     * GC has nothing to enqueue, and releases it at once.
     *
     * @return whether the chunk was full before
     */
    boolean giveBack(final SlotGroup group)
    {
        final SlotTicket ticket = ticketOf(group);
        ticket.clear();
        return release(ticket);
    }

    /** The ticket of {@code group}, a group of this chunk that is out (the caller holds it, so it is registered). */
    SlotTicket ticketOf(final SlotGroup group)
    {
        return (SlotTicket)TICKETS.getVolatile(tickets, group.index);
    }

    /** Closes an empty chunk for good; fails if a group is out. */
    boolean tryRetire()
    {
        return casState(0, RETIRED);
    }

    boolean isEmpty()
    {
        return lvState() == 0;
    }

    /** Whether no group was claimed here for the last {@code idle} sweeps before {@code sweeps}. */
    boolean idleFor(final int idle, final int sweeps)
    {
        return sweeps - lastClaimed > idle;
    }

    /** Whether a group could be claimed here now. */
    boolean hasRoom()
    {
        final long s = lvState();
        return (s & RETIRED) == 0 && (s & ALL_GROUPS) != ALL_GROUPS;
    }

    boolean isRetired()
    {
        return (lvState() & RETIRED) != 0;
    }

    /** Groups handed out and not yet given back. */
    int groupsOut()
    {
        return Long.bitCount(lvState() & ALL_GROUPS);
    }

    boolean contains(final long address)
    {
        return address >= base && address < base + OffHeapSlotArena.CHUNK_BYTES;
    }
}
