package org.rwsem4j.osq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * The padding around the OSQ's tail does what its javadoc says: at least 128 bytes of the object come before the tail
 * and after it, in the layout this JVM chose. Before the {@code gap} filler of {@link OsqL1Pad}, JDK 17 put the tail
 * at offset 12, in front of the leading padding, and this test failed there. {@link CompactOsq} is the
 * opposite: its tail and nothing else, so the object is a header and one reference.
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
        for (final Field f : instanceFields(Osq.class))
        {
            last = Math.max(last, offset(f));
        }
        assertTrue(tail >= LINE_PAIR, "the tail is at offset " + tail + ", ahead of the leading padding");
        assertTrue(last + Long.BYTES - (tail + Integer.BYTES) >= LINE_PAIR - Integer.BYTES,
            "only " + (last + Long.BYTES - tail) + " bytes of the object from the tail on (last field at " + last +
            ")");
    }

    /** The instance fields of {@code c} and its superclasses. */
    private static List<Field> instanceFields(final Class<?> c)
    {
        final List<Field> fields = new ArrayList<>();
        for (Class<?> k = c; k != Object.class; k = k.getSuperclass())
        {
            for (final Field f : k.getDeclaredFields())
            {
                if (!Modifier.isStatic(f.getModifiers()))
                {
                    fields.add(f);
                }
            }
        }
        return fields;
    }

    @Test
    @SuppressWarnings("removal")
    void theCompactOsqIsAHeaderAndItsTail() throws ReflectiveOperationException
    {
        final List<Field> fields = instanceFields(CompactOsq.class);
        assertEquals(List.of(CompactOsq.class.getDeclaredField("tail")), fields, "the compact OSQ's fields");
        final int reference = sun.misc.Unsafe.ARRAY_OBJECT_INDEX_SCALE;
        final long end = offset(fields.get(0)) + reference;
        // A header is 12 bytes with compressed class pointers (JDK 17's default), 16 without; objects are 8-aligned.
        final long size = (end + 7) / 8 * 8;
        assertTrue(size <= 16 + reference, "the compact OSQ takes " + size + " bytes (tail ends at " + end + ")");
        System.out.println("[layout] CompactOsq: " + size + " B, tail at " + offset(fields.get(0)) +
            "; Osq: tail at " + offset(OsqTail.class.getDeclaredField("tail")));
    }
}
