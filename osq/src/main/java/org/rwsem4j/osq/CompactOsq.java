package org.rwsem4j.osq;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The unpadded optimistic spin queue: an object header and the tail (16 bytes with compressed references), for a lock
 * embedded one per object, as the kernel embeds its {@code optimistic_spin_queue} in each rwsem. The tail may share a
 * cache line with its neighbours on the heap; {@link Osq} pads it. {@link AbstractOsq} has the algorithm.
 */
public final class CompactOsq extends AbstractOsq
{
    private static final VarHandle TAIL;

    static
    {
        try
        {
            TAIL = MethodHandles.lookup().findVarHandle(CompactOsq.class, "tail", Node.class);
        }
        catch (final ReflectiveOperationException e)
        {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The tail node, null when the queue is empty; only ever accessed through {@link #TAIL}. */
    private Node tail;

    /** Creates an empty OSQ. */
    public CompactOsq()
    {
    }

    @Override
    Node lvTail()
    {
        return (Node)TAIL.getVolatile(this);
    }

    @Override
    Node xchgTail(final Node n)
    {
        return (Node)TAIL.getAndSet(this, n);
    }

    @Override
    boolean casTail(final Node expect, final Node update)
    {
        return TAIL.compareAndSet(this, expect, update);
    }
}
