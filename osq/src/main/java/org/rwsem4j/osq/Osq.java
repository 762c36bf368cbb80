package org.rwsem4j.osq;

/**
 * The padded optimistic spin queue: its tail has two cache lines of the object on each side (128 bytes of padding
 * before and after it, about 288 bytes an object), so spinners swapping the tail share no line with whatever the heap
 * holds around it. {@link CompactOsq} is the same queue without the padding; {@link AbstractOsq} has the algorithm
 * and its notes.
 */
public final class Osq extends OsqL2Pad
{
    /** Creates an empty OSQ. */
    public Osq()
    {
    }
}
