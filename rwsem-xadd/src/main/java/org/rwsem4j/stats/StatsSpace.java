package org.rwsem4j.stats;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/**
 * Allocates a stats file's disk space before it is mapped. A mapping of a sparse file on a full file system faults
 * on the first store to a page that has no block behind it, and the JVM raises {@link InternalError}, which no caller
 * expects; writing every block through the channel first (as HotSpot does for its {@code hsperfdata} files) turns a
 * full file system into an {@link IOException} while the file is created.
 */
@FunctionalInterface
interface StatsSpace
{
    /** Writes zeros over the whole length, in blocks, so the file system allocates each one. */
    StatsSpace ZEROS = StatsSpace::writeZeros;

    /**
     * Makes {@code length} bytes of the file real, allocated blocks.
     *
     * @param channel the file, open for writing
     * @param length how many bytes from the start
     * @throws IOException if the space cannot be had (a full file system)
     */
    void reserve(FileChannel channel, long length) throws IOException;

    private static void writeZeros(final FileChannel channel, final long length) throws IOException
    {
        final ByteBuffer zeros = ByteBuffer.allocate(64 * 1024);
        long position = 0;
        while (position < length)
        {
            zeros.clear();
            zeros.limit((int)Math.min(zeros.capacity(), length - position));
            while (zeros.hasRemaining())
            {
                position += channel.write(zeros, position);
            }
        }
    }
}
