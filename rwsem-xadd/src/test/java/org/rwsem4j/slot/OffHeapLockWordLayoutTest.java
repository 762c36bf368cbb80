package org.rwsem4j.slot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.openjdk.jol.info.ClassLayout;

import org.rwsem4j.spi.LockWordBits;

/**
 * The off-heap word costs 24 bytes: a header, the reference that keeps its memory (its slot group, or a stats file's
 * buffer) and the address. It is no reference object: its group is reclaimed as a whole.
 */
class OffHeapLockWordLayoutTest
{
    @Test
    void anOffHeapWordIsTwentyFourBytes()
    {
        final ClassLayout layout = ClassLayout.parseClass(OffHeapLockWord.class);
        System.out.println("[layout] " + layout.toPrintable());
        assertTrue(layout.instanceSize() <= 24, "OffHeapLockWord is " + layout.instanceSize() + " B");
    }

    @Test
    void aStatsFileWordHasNoGroupAndWritesItsBuffer()
    {
        final UnsafeBuffer buffer = new UnsafeBuffer(ByteBuffer.allocateDirect(64));
        final OffHeapLockWord word = new OffHeapLockWord(buffer, 8);
        assertNull(word.group(), "a stats word has no slot group");
        assertEquals(buffer.addressOffset() + 8, word.address());
        word.initialise(LockWordBits.UNLOCKED);
        assertEquals(0, word.getAndAdd(5));
        assertEquals(5, buffer.getLongVolatile(8));
    }
}
