package org.rwsem4j.stats;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.TreeMap;

import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.status.CountersReader;

import org.rwsem4j.slot.AgronaAccess;

/**
 * Reads a {@link StatsFile} from any process: maps it read-only, checks its header, and snapshots the counters of
 * every live named lock. Readers never write.
 * <p>
 * Nothing in the file is trusted before it is checked: the header (magic, version, ready flag, counter count) is
 * read with plain reads and checked against the file's size before anything is mapped, and every metadata record
 * (state, type, label length, label form) is checked while it is walked. A file that fails a check gives an
 * {@link IllegalArgumentException} with a one-line message naming the file and the problem, never another exception.
 */
public final class StatsReader implements AutoCloseable
{
    private final Path path;
    private final FileChannel channel;
    private final long length;
    private final long pid;
    private final int maxCounters;
    private final UnsafeBuffer meta;
    private final UnsafeBuffer values;
    @SuppressWarnings("unused") // keeps the mapping alive
    private final MappedByteBuffer mapped;

    private StatsReader(final Path path, final FileChannel channel, final MappedByteBuffer mapped,
        final int maxCounters, final long pid)
    {
        this.path = path;
        this.channel = channel;
        this.length = mapped.capacity();
        this.mapped = mapped;
        this.pid = pid;
        this.maxCounters = maxCounters;
        final int metaLength = maxCounters * CountersReader.METADATA_LENGTH;
        final int valuesLength = maxCounters * CountersReader.COUNTER_LENGTH;
        meta = new UnsafeBuffer(mapped, StatsFile.HEADER_LENGTH, metaLength);
        values = new UnsafeBuffer(mapped, StatsFile.HEADER_LENGTH + metaLength, valuesLength);
    }

    /**
     * Maps and validates a stats file, and walks its metadata once. Only a regular file is opened (a FIFO or a
     * device would block or never end); the file stays open, so that each {@link #snapshot()} can check first that
     * it was not cut short under the mapping.
     *
     * @param path the file
     * @return a reader
     * @throws IllegalArgumentException if the file is missing, unreadable, not an rwsem4j stats file, of another
     *                                  version, not ready, truncated, or corrupt (the message says which)
     */
    public static StatsReader open(final Path path)
    {
        AgronaAccess.ensureAvailable();
        if (Files.exists(path) && !Files.isRegularFile(path))
        {
            throw new IllegalArgumentException(path + " is not a regular file, so not an rwsem4j stats file");
        }
        final StatsReader reader;
        FileChannel ch = null;
        try
        {
            ch = FileChannel.open(path, StandardOpenOption.READ);
            final long size = ch.size();
            final ByteBuffer header = ByteBuffer.allocate(StatsFile.HEADER_LENGTH).order(ByteOrder.nativeOrder());
            while (header.hasRemaining() && ch.read(header, header.position()) > 0)
            {
                // read the whole header, or what there is of it
            }
            final int maxCounters = checkHeader(path, header, size);
            final long length = StatsFile.HEADER_LENGTH +
                (long)maxCounters * (CountersReader.METADATA_LENGTH + CountersReader.COUNTER_LENGTH);
            final MappedByteBuffer mapped = ch.map(FileChannel.MapMode.READ_ONLY, 0, length);
            reader = new StatsReader(path, ch, mapped, maxCounters, header.getLong(StatsFile.PID_OFFSET));
        }
        catch (final NoSuchFileException ex)
        {
            closeQuietly(ch);
            throw new IllegalArgumentException("no such stats file: " + path, ex);
        }
        catch (final IOException ex)
        {
            closeQuietly(ch);
            throw new IllegalArgumentException("cannot read stats file " + path + ": " + ex, ex);
        }
        catch (final RuntimeException ex)
        {
            closeQuietly(ch);
            throw ex;
        }
        try
        {
            reader.snapshot(); // a corrupt metadata area is reported now, not on the first print
        }
        catch (final RuntimeException ex)
        {
            reader.close();
            throw ex;
        }
        return reader;
    }

    private static void closeQuietly(final FileChannel ch)
    {
        if (ch != null)
        {
            try
            {
                ch.close();
            }
            catch (final IOException ignored)
            {
                // nothing was read through it that could be lost
            }
        }
    }

    /** Closes the file; the mapping goes when this reader is collected. */
    @Override
    public void close()
    {
        closeQuietly(channel);
    }

    /** @return the header's counter count, once magic, version, ready flag and lengths are checked */
    private static int checkHeader(final Path path, final ByteBuffer header, final long size)
    {
        if (size < StatsFile.HEADER_LENGTH || header.position() < StatsFile.HEADER_LENGTH)
        {
            throw new IllegalArgumentException(path + " is too short to be an rwsem4j stats file (" + size +
                " bytes)");
        }
        if (header.getInt(StatsFile.MAGIC_OFFSET) != StatsFile.MAGIC)
        {
            throw new IllegalArgumentException(path + " is not an rwsem4j stats file (bad magic)");
        }
        final int version = header.getInt(StatsFile.VERSION_OFFSET);
        if (version != StatsFile.VERSION)
        {
            throw new IllegalArgumentException(path + " has layout version " + version +
                "; this reader reads version " + StatsFile.VERSION);
        }
        final int ready = header.getInt(StatsFile.READY_OFFSET);
        if (ready != 1)
        {
            throw new IllegalArgumentException(path + " is not ready yet (ready flag " + ready +
                "; its owner is still creating it, or it is corrupt)");
        }
        final int maxCounters = header.getInt(StatsFile.MAX_COUNTERS_OFFSET);
        if (maxCounters < 1 || maxCounters > StatsFile.MAX_COUNTERS)
        {
            throw new IllegalArgumentException(path + " is corrupt: header says " + maxCounters +
                " counters (1 to " + StatsFile.MAX_COUNTERS + " possible)");
        }
        final long need = StatsFile.HEADER_LENGTH +
            (long)maxCounters * (CountersReader.METADATA_LENGTH + CountersReader.COUNTER_LENGTH);
        if (size < need)
        {
            throw new IllegalArgumentException(path + " is truncated: header says " + maxCounters + " counters (" +
                need + " bytes), file has " + size + " bytes");
        }
        return maxCounters;
    }

    /** {@return the owning process id} */
    public long pid()
    {
        return pid;
    }

    /** {@return the file} */
    public Path path()
    {
        return path;
    }

    /**
     * Snapshots every allocated counter, grouped by lock.
     *
     * @return lock label ({@code "<name> [<variant>] #<id>"}) to counter name to value, both sorted
     * @throws IllegalArgumentException if a metadata record is corrupt (a bad state, label length or label), or the
     *                                  file was truncated under the mapping (checked first; a cut that races the
     *                                  walk faults the read, and that fault is reported the same way)
     */
    public Map<String, Map<String, Long>> snapshot()
    {
        checkNotTruncated();
        try
        {
            return walk();
        }
        catch (final InternalError fault)
        {
            // a read of a mapped page past the file's end (SIGBUS): the file was cut after the check above
            throw truncated("", fault);
        }
    }

    private void checkNotTruncated()
    {
        final long size;
        try
        {
            size = channel.size();
        }
        catch (final IOException ex)
        {
            throw new IllegalArgumentException("cannot read stats file " + path + ": " + ex, ex);
        }
        if (size < length)
        {
            throw truncated(" (" + size + " bytes, was " + length + ")", null);
        }
    }

    private IllegalArgumentException truncated(final String sizes, final Throwable cause)
    {
        return new IllegalArgumentException(path + " was truncated while being read" + sizes, cause);
    }

    private Map<String, Map<String, Long>> walk()
    {
        final Map<String, Map<String, Long>> out = new TreeMap<>();
        for (int id = 0; id < maxCounters; id++)
        {
            final int record = id * CountersReader.METADATA_LENGTH;
            final int state = meta.getIntVolatile(record);
            if (state == CountersReader.RECORD_UNUSED)
            {
                break;
            }
            if (state == CountersReader.RECORD_RECLAIMED)
            {
                continue;
            }
            if (state != CountersReader.RECORD_ALLOCATED)
            {
                throw corrupt(id, "has state " + state);
            }
            final int typeId = meta.getInt(record + CountersReader.TYPE_ID_OFFSET);
            if (typeId == StatsFile.TYPE_EVENT || typeId == StatsFile.TYPE_LOCK_WORD)
            {
                final String label = label(id, record);
                final int split = label.lastIndexOf(' ');
                if (split <= 0)
                {
                    throw corrupt(id, "has label '" + label + "', not '<lock> [<variant>] <counter>'");
                }
                final int value = CountersReader.counterOffset(id);
                final String lock = label.substring(0, split) + " #" +
                    values.getLongVolatile(value + CountersReader.REGISTRATION_ID_OFFSET);
                out.computeIfAbsent(lock, k -> new TreeMap<>()).put(label.substring(split + 1),
                    values.getLongVolatile(value));
            }
        }
        return out;
    }

    private String label(final int id, final int record)
    {
        final int length = meta.getInt(record + CountersReader.LABEL_OFFSET);
        if (length < 0 || length > CountersReader.MAX_LABEL_LENGTH)
        {
            throw corrupt(id, "has label length " + length + " (0 to " + CountersReader.MAX_LABEL_LENGTH + ")");
        }
        final byte[] bytes = new byte[length];
        meta.getBytes(record + CountersReader.LABEL_OFFSET + Integer.BYTES, bytes);
        return printable(new String(bytes, java.nio.charset.StandardCharsets.UTF_8));
    }

    /** @return {@code s} with every ISO control character (newlines, escapes, ...) replaced by {@code '?'} */
    private static String printable(final String s)
    {
        final StringBuilder b = new StringBuilder(s.length());
        s.codePoints().forEach(c -> b.appendCodePoint(Character.isISOControl(c) ? '?' : c));
        return b.toString();
    }

    private IllegalArgumentException corrupt(final int id, final String problem)
    {
        return new IllegalArgumentException(path + " is corrupt: counter " + id + " " + problem);
    }
}
