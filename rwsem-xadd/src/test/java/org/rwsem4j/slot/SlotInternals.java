package org.rwsem4j.slot;

/**
 * What the engine package's tests need from the slot arena: its constants and its classes, for object layouts. Test
 * code only.
 */
public final class SlotInternals
{
    /** {@link OffHeapSlotArena#GROUP_SLOTS}. */
    public static final int GROUP_SLOTS = OffHeapSlotArena.GROUP_SLOTS;
    /** The arena's slot group. */
    public static final Class<?> SLOT_GROUP = SlotGroup.class;
    /** The phantom reference that returns a group's slots. */
    public static final Class<?> SLOT_TICKET = SlotTicket.class;
    /** The on-heap word, unpadded. */
    public static final Class<?> ON_HEAP_WORD = OnHeapLockWord.class;

    private SlotInternals()
    {
    }
}
