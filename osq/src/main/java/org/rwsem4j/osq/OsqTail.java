package org.rwsem4j.osq;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The padded OSQ's only shared word: the tail node, null when the queue is empty (the kernel's
 * {@code OSQ_UNLOCKED_VAL}). Accessors name their memory order, as in {@link Node}; {@link CompactOsq} has the same
 * ones over its unpadded tail.
 */
abstract class OsqTail extends OsqL1Pad
{

    private static final VarHandle TAIL;

    static
    {
        try
        {
            TAIL = MethodHandles.lookup().findVarHandle(OsqTail.class, "tail", Node.class);
        }
        catch (final ReflectiveOperationException e)
        {
            throw new ExceptionInInitializerError(e);
        }
    }

    private Node tail;

    @Override
    final Node lvTail()
    {
        return (Node)TAIL.getVolatile(this);
    }

    @Override
    final Node xchgTail(final Node n)
    {
        return (Node)TAIL.getAndSet(this, n);
    }

    @Override
    final boolean casTail(final Node expect, final Node update)
    {
        return TAIL.compareAndSet(this, expect, update);
    }
}
