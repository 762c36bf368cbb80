package org.rwsem4j.osq;

/**
 * Cold padding before {@code OsqTail.tail}: 128 bytes, two cache lines (adjacent-line prefetch), so that whatever
 * the JVM lays out before an {@link Osq} cannot share a line with its tail. HotSpot lays out superclass fields
 * first, which is what makes this inheritance chain work.
 */
@SuppressWarnings("unused")
abstract class OsqL1Pad
{
    long p00, p01, p02, p03, p04, p05, p06, p07;
    long p10, p11, p12, p13, p14, p15, p16, p17;
}
