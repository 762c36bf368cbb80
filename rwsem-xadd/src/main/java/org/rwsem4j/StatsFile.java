package org.rwsem4j;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.ref.Cleaner;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicLong;

import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.status.CountersManager;
import org.agrona.concurrent.status.CountersReader;

/**
 * A memory-mapped counters file where named locks publish their {@link LockEvent} counters (and, if asked, their
 * lock word) for other processes to read live, in the Aeron CnC / AeronStat pattern: this process is the one owner
 * that allocates; readers ({@link StatsReader}, the {@code rwsem-stat} CLI) only map and read.
 *
 * <pre>
 *   0                   4                   8                  12                 16
 *  +-------------------+-------------------+------------------+------------------+
 *  | magic 'RWST'      | version (1)       | ready (0 -> 1)   | max counters     |
 *  +-------------------+-------------------+------------------+------------------+
 *  | pid (long)                            | start time, epoch ms (long)         |
 *  +---------------------------------------+-------------------------------------+
 *  | reserved up to HEADER_LENGTH (128)                                          |
 *  +-----------------------------------------------------------------------------+
 *  | Agrona counters metadata: max counters x 512 B (type, key, label)           |
 *  +-----------------------------------------------------------------------------+
 *  | Agrona counters values:   max counters x 128 B (one long each, padded)      |
 *  +-----------------------------------------------------------------------------+
 * </pre>
 *
 * The {@code ready} word is written last with a volatile store; a reader that sees it set sees the header. Each
 * counter's label is {@code "<lock name> [<variant>] <kernel event name>"} and its registration id the lock's id in
 * this process. Counters of a lock that is collected are freed at once for reuse, so the file never fills up with dead
 * locks. Allocation and free run under this object's monitor (CountersManager is not thread-safe); counter updates
 * are atomic adds on the mapped values and need no lock.
 */
public final class StatsFile
{
    /** 'RWST'. */
    public static final int MAGIC = 0x52575354;
    /** Layout version. */
    public static final int VERSION = 1;
    /** Bytes before the metadata buffer. */
    public static final int HEADER_LENGTH = 128;
    static final int MAGIC_OFFSET = 0;
    static final int VERSION_OFFSET = 4;
    static final int READY_OFFSET = 8;
    static final int MAX_COUNTERS_OFFSET = 12;
    static final int PID_OFFSET = 16;
    static final int START_OFFSET = 24;
    /** Type id of an event counter. */
    public static final int TYPE_EVENT = 0x52570001;
    /** Type id of a published lock word. */
    public static final int TYPE_LOCK_WORD = 0x52570002;
    /** Default capacity in counters (a named lock uses one per event, plus one for a published word). */
    public static final int DEFAULT_MAX_COUNTERS = 4096;
    /** System property naming the default file. */
    public static final String FILE_PROPERTY = "rwsem4j.stats.file";

    private static final Cleaner CLEANER = Cleaner.create();
    private static final AtomicLong LOCK_IDS = new AtomicLong();
    private static StatsFile defaultFile;

    private final Path path;
    private final UnsafeBuffer header;
    private final UnsafeBuffer values;
    private final CountersManager manager;
    @SuppressWarnings("unused") // keeps the mapping alive
    private final MappedByteBuffer mapped;

    private StatsFile(final Path path, final int maxCounters)
    {
        AgronaAccess.ensureAvailable();
        this.path = path;
        final int metaLength = maxCounters * CountersReader.METADATA_LENGTH;
        final int valuesLength = maxCounters * CountersReader.COUNTER_LENGTH;
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.READ,
            StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING))
        {
            mapped = ch.map(FileChannel.MapMode.READ_WRITE, 0, HEADER_LENGTH + (long)metaLength + valuesLength);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot create the rwsem4j stats file " + path, ex);
        }
        header = new UnsafeBuffer(mapped, 0, HEADER_LENGTH);
        final UnsafeBuffer meta = new UnsafeBuffer(mapped, HEADER_LENGTH, metaLength);
        values = new UnsafeBuffer(mapped, HEADER_LENGTH + metaLength, valuesLength);
        manager = new CountersManager(meta, values, java.nio.charset.StandardCharsets.UTF_8, System::currentTimeMillis,
            0);
        header.putInt(MAGIC_OFFSET, MAGIC);
        header.putInt(VERSION_OFFSET, VERSION);
        header.putInt(MAX_COUNTERS_OFFSET, maxCounters);
        header.putLong(PID_OFFSET, ProcessHandle.current().pid());
        header.putLong(START_OFFSET, System.currentTimeMillis());
        header.putIntVolatile(READY_OFFSET, 1);
    }

    /**
     * Creates (or truncates) a stats file.
     *
     * @param path where
     * @param maxCounters capacity
     * @return the file, owned by this process
     */
    public static StatsFile create(final Path path, final int maxCounters)
    {
        if (maxCounters < 1)
        {
            throw new IllegalArgumentException("maxCounters must be positive, was " + maxCounters);
        }
        return new StatsFile(path, maxCounters);
    }

    /**
     * The process-wide file that named locks use unless told otherwise: the path in system property
     * {@value #FILE_PROPERTY}, else {@code <java.io.tmpdir>/rwsem4j-<pid>.stats}. Created on first use.
     *
     * @return the default file
     */
    public static synchronized StatsFile defaultFile()
    {
        if (defaultFile == null)
        {
            final String p = System.getProperty(FILE_PROPERTY);
            final Path path = p != null ? Paths.get(p) :
                Paths.get(System.getProperty("java.io.tmpdir"), "rwsem4j-" + ProcessHandle.current().pid() + ".stats");
            defaultFile = create(path, DEFAULT_MAX_COUNTERS);
            path.toFile().deleteOnExit();
        }
        return defaultFile;
    }

    /** @return where the file lives */
    public Path path()
    {
        return path;
    }

    /** @return counters still free */
    public synchronized int available()
    {
        return manager.available();
    }

    long nextLockId()
    {
        return LOCK_IDS.incrementAndGet();
    }

    /**
     * Allocates one counter per {@link LockEvent} for a lock, freed when {@code lock} becomes unreachable.
     *
     * @return the value offsets, by event ordinal
     */
    synchronized int[] registerEvents(final Object lock, final long lockId, final String name, final String variant)
    {
        final LockEvent[] events = LockEvent.values();
        final int[] ids = new int[events.length];
        int n = 0;
        try
        {
            for (final LockEvent e : events)
            {
                ids[n] = manager.allocate(name + " [" + variant + "] " + e.kernelName(), TYPE_EVENT);
                manager.setCounterRegistrationId(ids[n], lockId);
                manager.setCounterReferenceId(ids[n], e.ordinal());
                n++;
            }
        }
        catch (final RuntimeException full)
        {
            free(java.util.Arrays.copyOf(ids, n));
            throw new IllegalStateException("rwsem4j stats file " + path + " is full (" + manager.capacity() +
                " counters); create a larger one with StatsFile.create(path, maxCounters)", full);
        }
        CLEANER.register(lock, new Free(this, ids.clone()));
        final int[] offsets = new int[ids.length];
        for (int i = 0; i < ids.length; i++)
        {
            offsets[i] = CountersReader.counterOffset(ids[i]);
        }
        return offsets;
    }

    /** Allocates a published lock word (a counter of type {@link #TYPE_LOCK_WORD}), freed with {@code lock}. */
    synchronized LockWord allocateWord(final Object lock, final long lockId, final String name, final String variant)
    {
        final int id;
        try
        {
            id = manager.allocate(name + " [" + variant + "] lock-word", TYPE_LOCK_WORD);
        }
        catch (final RuntimeException full)
        {
            throw new IllegalStateException("rwsem4j stats file " + path + " is full", full);
        }
        manager.setCounterRegistrationId(id, lockId);
        CLEANER.register(lock, new Free(this, new int[]{id}));
        final OffHeapLockWord word = new OffHeapLockWord(values, CountersReader.counterOffset(id));
        word.initialise(LockWordBits.UNLOCKED);
        return word;
    }

    UnsafeBuffer values()
    {
        return values;
    }

    synchronized void free(final int[] ids)
    {
        for (final int id : ids)
        {
            manager.free(id);
        }
    }

    /** The cleaning action: references the file, never the lock. */
    private static final class Free implements Runnable
    {
        private final StatsFile file;
        private final int[] ids;

        Free(final StatsFile file, final int[] ids)
        {
            this.file = file;
            this.ids = ids;
        }

        @Override
        public void run()
        {
            file.free(ids);
        }
    }

    static boolean exists(final Path p)
    {
        return Files.exists(p);
    }
}
