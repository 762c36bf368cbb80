package org.rwsem4j.slot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import org.rwsem4j.LockInternals;
import org.rwsem4j.Rwsem;
import org.rwsem4j.RwsemBuilder;
import org.rwsem4j.spi.LockWord;

/**
 * The padding policy: {@link RwsemBuilder#padded(boolean)} is off by default, reaches the tunables, chooses
 * the on-heap word's class (a 24-byte {@link OnHeapLockWord}, or the {@link PaddedOnHeapLockWord} with two cache
 * lines on each side), and leaves the off-heap word, always padded by its slot, alone.
 */
final class PaddingOptionTest
{
    private static final int LINE_PAIR = 128;

    private static LockWord wordOf(final Rwsem lock)
    {
        return LockInternals.word(lock);
    }

    @SuppressWarnings("removal")
    private static long offset(final Field field) throws ReflectiveOperationException
    {
        final Field theUnsafe = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
        theUnsafe.setAccessible(true);
        return ((sun.misc.Unsafe)theUnsafe.get(null)).objectFieldOffset(field);
    }

    /** The offsets of {@code c}'s instance fields, its superclasses' included. */
    private static List<Long> instanceFieldOffsets(final Class<?> c) throws ReflectiveOperationException
    {
        final List<Long> offsets = new ArrayList<>();
        for (Class<?> k = c; k != Object.class; k = k.getSuperclass())
        {
            for (final Field f : k.getDeclaredFields())
            {
                if (!Modifier.isStatic(f.getModifiers()))
                {
                    offsets.add(offset(f));
                }
            }
        }
        return offsets;
    }

    @Test
    void offByDefaultAndCarriedInTheTunables()
    {
        assertFalse(Rwsem.builder().onHeap().build().tunables().padded(), "default");
        assertFalse(LockInternals.defaultTunables().padded());
        assertTrue(Rwsem.builder().onHeap().padded(true).build().tunables().padded());
        assertFalse(Rwsem.builder().onHeap().padded(true).padded(false).build().tunables().padded());
    }

    @Test
    void theOptionChoosesTheOnHeapWord()
    {
        assertEquals(OnHeapLockWord.class, wordOf(Rwsem.builder().onHeap().build()).getClass());
        assertEquals(PaddedOnHeapLockWord.class, wordOf(Rwsem.builder().onHeap().padded(true).build()).getClass());
        assertEquals(PaddedOnHeapLockWord.class,
            wordOf(Rwsem.builder().padded(true).slotSource(SlotSource.onHeap()).build()).getClass(),
            "an explicit on-heap source is padded too");
        assertSame(OnHeapSlotSource.COMPACT, SlotSource.onHeap());
    }

    @Test
    void theOffHeapWordIsTheSameEitherWay()
    {
        assertEquals(OffHeapLockWord.class, wordOf(Rwsem.builder().padded(true).build()).getClass());
        assertEquals(OffHeapLockWord.class, wordOf(Rwsem.builder().build()).getClass());
    }

    @Test
    void theWordsAreWhatTheirJavadocSays() throws ReflectiveOperationException
    {
        final List<Long> compact = instanceFieldOffsets(OnHeapLockWord.class);
        assertEquals(1, compact.size(), "the compact word has one field");
        // A header of 12 (compressed class pointers) or 16 bytes, then the long, 8-aligned: 24 bytes in all.
        assertTrue(compact.get(0) + Long.BYTES <= 24, "the compact word's long ends at " + (compact.get(0) + 8));

        final long value = offset(PaddedOnHeapLockWordValue.class.getDeclaredField("value"));
        final long last = instanceFieldOffsets(PaddedOnHeapLockWord.class).stream().max(Long::compare).orElseThrow();
        // The trailer is bytes, so the last field ends a byte after its offset; the next object starts 8-aligned.
        // JDK 15+ field layout puts 4 trailer bytes into the gap before the long (offset 140), so the object's own
        // bytes after the value are 124, and its alignment makes them 128.
        final long objectEnd = (last + 1 + 7) / 8 * 8;
        assertTrue(value >= LINE_PAIR, "the padded word's value is at offset " + value);
        assertTrue(objectEnd - (value + Long.BYTES) >= LINE_PAIR,
            "only " + (objectEnd - value - Long.BYTES) + " bytes after the padded word's value, to the object's end " +
            objectEnd);
        System.out.println("[layout] OnHeapLockWord: value at " + compact.get(0) + "; PaddedOnHeapLockWord: value at " +
            value + ", object ends at " + objectEnd);
    }
}
