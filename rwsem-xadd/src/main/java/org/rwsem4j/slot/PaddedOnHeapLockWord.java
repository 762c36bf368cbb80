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

/**
 * Padding chain for {@link PaddedOnHeapLockWord}: 128 bytes before and after the hot field, the JCTools idiom
 * (objects are only 8-byte aligned, so 64 bytes per side would isolate the field but 128 also defeats the
 * adjacent-line prefetcher). This class holds the hot field.
 */
abstract class PaddedOnHeapLockWordValue extends LeadingPad128
{
    volatile long value;
}

/** Trailing padding. */
@SuppressWarnings("unused")
abstract class PaddedOnHeapLockWordTrailer extends PaddedOnHeapLockWordValue
{
    byte q000, q001, q002, q003, q004, q005, q006, q007, q008, q009, q010, q011, q012, q013, q014, q015;
    byte q016, q017, q018, q019, q020, q021, q022, q023, q024, q025, q026, q027, q028, q029, q030, q031;
    byte q032, q033, q034, q035, q036, q037, q038, q039, q040, q041, q042, q043, q044, q045, q046, q047;
    byte q048, q049, q050, q051, q052, q053, q054, q055, q056, q057, q058, q059, q060, q061, q062, q063;
    byte q064, q065, q066, q067, q068, q069, q070, q071, q072, q073, q074, q075, q076, q077, q078, q079;
    byte q080, q081, q082, q083, q084, q085, q086, q087, q088, q089, q090, q091, q092, q093, q094, q095;
    byte q096, q097, q098, q099, q100, q101, q102, q103, q104, q105, q106, q107, q108, q109, q110, q111;
    byte q112, q113, q114, q115, q116, q117, q118, q119, q120, q121, q122, q123, q124, q125, q126, q127;
}
