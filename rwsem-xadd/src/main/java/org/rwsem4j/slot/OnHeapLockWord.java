package org.rwsem4j.slot;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

import org.rwsem4j.spi.LockWord;

/**
 * A lock word in an unpadded on-heap field (an object header and one long: 24 bytes), accessed through a
 * {@link VarHandle}; model checkers can see it. The default on-heap word: the kernel does not pad an rwsem embedded in
 * another structure, and neither does this. {@link PaddedOnHeapLockWord} is the padded one.
 */
final class OnHeapLockWord implements LockWord
{
    private static final VarHandle VALUE;

    static
    {
        try
        {
            VALUE = MethodHandles.lookup().findVarHandle(OnHeapLockWord.class, "value", long.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    /** The word; volatile, and also accessed through {@link #VALUE}. */
    volatile long value;

    @Override
    public long getVolatile()
    {
        return value;
    }

    @Override
    public long getAndAdd(final long delta)
    {
        return (long)VALUE.getAndAdd(this, delta);
    }

    @Override
    public long compareAndExchange(final long expected, final long update)
    {
        return (long)VALUE.compareAndExchange(this, expected, update);
    }

    @Override
    public void initialise(final long value)
    {
        VALUE.setVolatile(this, value);
    }

    @Override
    public String toString()
    {
        return "on-heap";
    }
}
