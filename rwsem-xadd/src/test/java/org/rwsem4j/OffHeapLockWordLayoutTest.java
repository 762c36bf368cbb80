package org.rwsem4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.openjdk.jol.info.ClassLayout;

/**
 * The off-heap word is its own release ticket and costs 40 bytes: a phantom reference (header and four reference
 * fields) plus the address and one reference that keeps the memory, which fills the gap before the address.
 */
class OffHeapLockWordLayoutTest
{
    @Test
    void anOffHeapWordIsFortyBytes()
    {
        final ClassLayout layout = ClassLayout.parseClass(OffHeapLockWord.class);
        System.out.println("[layout] " + layout.toPrintable());
        assertTrue(layout.instanceSize() <= 40, "OffHeapLockWord is " + layout.instanceSize() + " B");
    }

    @Test
    void aStatsFileWordIsNeverEnqueuedAndKeepsItsBuffer()
    {
        final UnsafeBuffer buffer = new UnsafeBuffer(ByteBuffer.allocateDirect(64));
        final OffHeapLockWord word = new OffHeapLockWord(buffer, 8);
        assertNull(word.chunk(), "a stats word has no chunk");
        assertEquals(buffer.addressOffset() + 8, word.address());
        assertTrue(word.refersTo(null), "a stats word has no referent, so the GC never enqueues it");
        word.initialise(LockWordBits.UNLOCKED);
        assertEquals(0, word.getAndAdd(5));
        assertEquals(5, buffer.getLongVolatile(8));
        assertSame(null, word.get());
    }
}
