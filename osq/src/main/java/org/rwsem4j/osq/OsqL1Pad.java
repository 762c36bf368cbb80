package org.rwsem4j.osq;

/**
 * Cold padding before {@code OsqTail.tail}: 128 bytes, two cache lines (adjacent-line prefetch), so that whatever
 * the JVM lays out before an {@link Osq} cannot share a line with its tail. HotSpot lays out superclass fields
 * first, which is what makes this inheritance chain work; {@link AbstractOsq}, at its root, has no fields.
 *
 * <p>{@code gap} fills the 4 bytes between a 12-byte object header and the first 8-byte-aligned long. Without it,
 * JDK 15+ field layout (JDK-8237767) puts a subclass's 4-byte field there, and {@code tail} (a compressed reference)
 * lands at offset 12, ahead of all the padding ({@code OsqLayoutTest} checks it).
 */
@SuppressWarnings("unused")
abstract class OsqL1Pad extends AbstractOsq
{
    int gap;
    long p00, p01, p02, p03, p04, p05, p06, p07;
    long p10, p11, p12, p13, p14, p15, p16, p17;
}
