package org.rwsem4j.slot;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

import org.rwsem4j.spi.LockWord;

/**
 * A lock word in a padded on-heap field (two cache lines of the object on each side, about 272 bytes), accessed
 * through a {@link VarHandle}; model checkers can see it. {@link OnHeapLockWord} is the same word unpadded; a builder's
 * {@code padded(true)} chooses this one.
 */
final class PaddedOnHeapLockWord extends PaddedOnHeapLockWordTrailer implements LockWord
{
    private static final VarHandle VALUE;

    static
    {
        try
        {
            VALUE = MethodHandles.lookup().findVarHandle(PaddedOnHeapLockWordValue.class, "value", long.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

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
        return "on-heap, padded";
    }
}
