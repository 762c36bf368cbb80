package org.rwsem4j.osq;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;

import org.junit.jupiter.api.Test;

/**
 * The padding around the OSQ's tail does what its javadoc says: at least 128 bytes of the object come before the tail
 * and after it, in the layout this JVM chose. Before the {@code gap} filler of {@link OsqL1Pad}, JDK 17 put the tail
 * at offset 12, in front of the leading padding (issue 13), and this test failed there.
 */
class OsqLayoutTest
{
    private static final int LINE_PAIR = 128;

    @SuppressWarnings("removal")
    private static long offset(final Field field) throws ReflectiveOperationException
    {
        final Field theUnsafe = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
        theUnsafe.setAccessible(true);
        return ((sun.misc.Unsafe)theUnsafe.get(null)).objectFieldOffset(field);
    }

    @Test
    void theTailHasTwoCacheLinesOfTheObjectOnEachSide() throws ReflectiveOperationException
    {
        final long tail = offset(OsqTail.class.getDeclaredField("tail"));
        long last = 0;
        for (Class<?> c = Osq.class; c != Object.class; c = c.getSuperclass())
        {
            for (final Field f : c.getDeclaredFields())
            {
                if (!Modifier.isStatic(f.getModifiers()))
                {
                    last = Math.max(last, offset(f));
                }
            }
        }
        assertTrue(tail >= LINE_PAIR, "the tail is at offset " + tail + ", ahead of the leading padding");
        assertTrue(last + Long.BYTES - (tail + Integer.BYTES) >= LINE_PAIR - Integer.BYTES,
            "only " + (last + Long.BYTES - tail) + " bytes of the object from the tail on (last field at " + last +
            ")");
    }
}
