package org.rwsem4j;

import java.io.IOException;
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

/**
 * Reads a {@link StatsFile} from any process: maps it read-only, checks its header, and snapshots the counters of
 * every live named lock. Readers never write.
 */
public final class StatsReader
{
    private final Path path;
    private final CountersReader counters;
    private final long pid;
    @SuppressWarnings("unused") // keeps the mapping alive
    private final MappedByteBuffer mapped;

    private StatsReader(final Path path, final MappedByteBuffer mapped, final int maxCounters, final long pid)
    {
        this.path = path;
        this.mapped = mapped;
        this.pid = pid;
        final int metaLength = maxCounters * CountersReader.METADATA_LENGTH;
        final int valuesLength = maxCounters * CountersReader.COUNTER_LENGTH;
        counters = new CountersReader(new UnsafeBuffer(mapped, StatsFile.HEADER_LENGTH, metaLength),
            new UnsafeBuffer(mapped, StatsFile.HEADER_LENGTH + metaLength, valuesLength));
    }

    /**
     * Maps and validates a stats file.
     *
     * @param path the file
     * @return a reader
     * @throws IllegalArgumentException if the file is missing, unreadable, not an rwsem4j stats file, of another
     *                                  version, or not ready
     */
    public static StatsReader open(final Path path)
    {
        AgronaAccess.ensureAvailable();
        final MappedByteBuffer mapped;
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ))
        {
            if (ch.size() < StatsFile.HEADER_LENGTH)
            {
                throw new IllegalArgumentException(path + " is too short to be an rwsem4j stats file (" + ch.size() +
                    " bytes)");
            }
            mapped = ch.map(FileChannel.MapMode.READ_ONLY, 0, ch.size());
        }
        catch (final NoSuchFileException ex)
        {
            throw new IllegalArgumentException("no such stats file: " + path, ex);
        }
        catch (final IOException ex)
        {
            throw new IllegalArgumentException("cannot read stats file " + path + ": " + ex, ex);
        }
        final UnsafeBuffer header = new UnsafeBuffer(mapped, 0, StatsFile.HEADER_LENGTH);
        if (header.getInt(StatsFile.MAGIC_OFFSET) != StatsFile.MAGIC)
        {
            throw new IllegalArgumentException(path + " is not an rwsem4j stats file (bad magic)");
        }
        final int version = header.getInt(StatsFile.VERSION_OFFSET);
        if (version != StatsFile.VERSION)
        {
            throw new IllegalArgumentException(path + " has layout version " + version + "; this reader reads version " +
                StatsFile.VERSION);
        }
        if (header.getIntVolatile(StatsFile.READY_OFFSET) != 1)
        {
            throw new IllegalArgumentException(path + " is not ready yet (its owner is still creating it)");
        }
        final int maxCounters = header.getInt(StatsFile.MAX_COUNTERS_OFFSET);
        final long need = StatsFile.HEADER_LENGTH +
            (long)maxCounters * (CountersReader.METADATA_LENGTH + CountersReader.COUNTER_LENGTH);
        if (maxCounters <= 0 || mapped.capacity() < need)
        {
            throw new IllegalArgumentException(path + " is truncated: header says " + maxCounters + " counters");
        }
        return new StatsReader(path, mapped, maxCounters, header.getLong(StatsFile.PID_OFFSET));
    }

    /** @return the owning process id */
    public long pid()
    {
        return pid;
    }

    /** @return the file */
    public Path path()
    {
        return path;
    }

    /**
     * Snapshots every allocated counter, grouped by lock.
     *
     * @return lock label ({@code "<name> [<variant>] #<id>"}) to counter name to value, both sorted
     */
    public Map<String, Map<String, Long>> snapshot()
    {
        final Map<String, Map<String, Long>> out = new TreeMap<>();
        counters.forEach((counterId, typeId, keyBuffer, label) ->
        {
            if (typeId != StatsFile.TYPE_EVENT && typeId != StatsFile.TYPE_LOCK_WORD)
            {
                return;
            }
            final int split = label.lastIndexOf(' ');
            final String lock = label.substring(0, split) + " #" + counters.getCounterRegistrationId(counterId);
            final String name = label.substring(split + 1);
            out.computeIfAbsent(lock, k -> new TreeMap<>()).put(name, counters.getCounterValue(counterId));
        });
        return out;
    }

    static boolean isFile(final Path p)
    {
        return Files.isRegularFile(p);
    }
}
