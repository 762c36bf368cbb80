package org.rwsem4j.stats;

import java.io.IOException;
import java.lang.ref.Cleaner;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.status.CountersManager;
import org.agrona.concurrent.status.CountersReader;

import org.rwsem4j.LockEvent;
import org.rwsem4j.slot.AgronaAccess;
import org.rwsem4j.slot.OffHeapLockWord;
import org.rwsem4j.spi.LockWord;
import org.rwsem4j.spi.LockWordBits;

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
 * <p>
 * The file is created safely, on the model of HotSpot's {@code hsperfdata}: by default in a per-user directory
 * {@code <java.io.tmpdir>/rwsem4j_<user>} of mode 0700 (refused if it is a symbolic link, another user's, or group or
 * world writable), as {@code <pid>.stats}, created new without following links, mode 0600; stale files of dead
 * processes there are removed. An explicit path gets the same file rules. A lock never fails because of its
 * statistics: if the default place is refused (or its file system is full: the file's blocks are all written
 * before it is mapped, so a full file system is an error at creation, never a fault later) or a file is full, the
 * lock keeps its counters in process (and its word in its ordinary slot), and one warning goes to the
 * {@link System.Logger} {@value #LOGGER_NAME}.
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

    /** Largest capacity: the metadata and values must each fit in one mapped buffer. */
    public static final int MAX_COUNTERS = (Integer.MAX_VALUE - HEADER_LENGTH) /
        (CountersReader.METADATA_LENGTH + CountersReader.COUNTER_LENGTH);
    /** Name of the {@link System.Logger} that reports a refused or full stats file. */
    public static final String LOGGER_NAME = "org.rwsem4j.stats";

    private static final System.Logger LOGGER = System.getLogger(LOGGER_NAME);
    private static final Cleaner CLEANER = Cleaner.create();
    private static final AtomicLong LOCK_IDS = new AtomicLong();
    private static final AtomicBoolean DEFAULT_WARNED = new AtomicBoolean();
    private static StatsFile defaultFile;
    private static RuntimeException defaultRefusal;
    private static Path baseOverride;
    private static volatile StatsSpace space = StatsSpace.ZEROS;

    private final Path path;
    private final UnsafeBuffer header;
    private final UnsafeBuffer values;
    private final CountersManager manager;
    @SuppressWarnings("unused") // keeps the mapping alive
    private final MappedByteBuffer mapped;
    private final AtomicBoolean warnedFull = new AtomicBoolean();

    private StatsFile(final Path path, final FileChannel channel, final int maxCounters)
    {
        this.path = path;
        final int metaLength = maxCounters * CountersReader.METADATA_LENGTH;
        final int valuesLength = maxCounters * CountersReader.COUNTER_LENGTH;
        final long length = HEADER_LENGTH + (long)metaLength + valuesLength;
        try (FileChannel ch = channel)
        {
            reserve(path, ch, length);
            mapped = ch.map(FileChannel.MapMode.READ_WRITE, 0, length);
        }
        catch (final IOException ex)
        {
            throw new IllegalStateException("rwsem4j stats file " + path + " cannot be mapped: " + ex, ex);
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
     * Writes every block of the file before it is mapped, so a full file system is a refusal here (the message says
     * why) and never a fault on a store to the mapping; a file whose space cannot be had is cut back to nothing, so
     * it holds no space (a later start replaces it, or removes it as a stale file).
     */
    private static void reserve(final Path path, final FileChannel ch, final long length)
    {
        try
        {
            space.reserve(ch, length);
        }
        catch (final IOException ex)
        {
            try
            {
                ch.truncate(0);
            }
            catch (final IOException suppressed)
            {
                ex.addSuppressed(suppressed);
            }
            throw new IllegalStateException("rwsem4j stats file " + path + " cannot have its " + length +
                " bytes (full file system?): " + ex, ex);
        }
    }

    /**
     * Creates a stats file at an explicit path, safely: never through a symbolic link, mode 0600. An existing regular
     * file of this user at that path is replaced (so a restart with a fixed path works); anything else there (a
     * link, a directory, another user's file) is refused.
     *
     * @param path where
     * @param maxCounters capacity, 1 to {@value #MAX_COUNTERS}
     * @return the file, owned by this process
     * @throws IllegalStateException if the path is refused or the file cannot be created (the message says why)
     */
    public static StatsFile create(final Path path, final int maxCounters)
    {
        if (maxCounters < 1 || maxCounters > MAX_COUNTERS)
        {
            throw new IllegalArgumentException("maxCounters must be 1 to " + MAX_COUNTERS + ", was " + maxCounters);
        }
        AgronaAccess.ensureAvailable();
        return new StatsFile(path, StatsPlace.createFile(path, user()), maxCounters);
    }

    /**
     * Where the default file of process {@code pid} lives when {@value #FILE_PROPERTY} is not set:
     * {@code <java.io.tmpdir>/rwsem4j_<user.name>/<pid>.stats}, with this JVM's {@code java.io.tmpdir} and user.
     *
     * @param pid a process id
     * @return the path
     */
    public static Path defaultPath(final long pid)
    {
        return StatsPlace.pidFile(StatsPlace.directory(Paths.get(System.getProperty("java.io.tmpdir")), user()), pid);
    }

    /**
     * The process-wide file that named locks use unless told otherwise: the path in system property
     * {@value #FILE_PROPERTY}, else {@link #defaultPath(long) the per-user place} in a
     * per-user directory of mode 0700 (refused if it is a link, another user's, or group/world writable), where
     * stale files of dead processes are removed. Created on first use; a refusal is remembered.
     *
     * @return the default file
     * @throws IllegalStateException if the place is refused (the message names the path and the problem)
     */
    public static synchronized StatsFile defaultFile()
    {
        if (defaultFile == null && defaultRefusal == null)
        {
            try
            {
                final String p = System.getProperty(FILE_PROPERTY);
                defaultFile = p != null ? create(Paths.get(p), DEFAULT_MAX_COUNTERS) :
                    createAtDefaultPlace(baseDirectory(), ProcessHandle.current().pid());
                defaultFile.path().toFile().deleteOnExit();
            }
            catch (final RuntimeException ex)
            {
                defaultRefusal = ex;
            }
        }
        if (defaultFile == null)
        {
            throw new IllegalStateException(defaultRefusal.getMessage(), defaultRefusal);
        }
        return defaultFile;
    }

    /**
     * The default file for a named lock, or {@code null} if it is refused: a lock never fails because of its
     * statistics. The first refusal is logged once, as a warning.
     *
     * <p>Engine-facing: public because the engine lives in another package; applications do not call it.
     *
     * @return the default file, or null
     */
    public static StatsFile defaultForLocks()
    {
        try
        {
            return defaultFile();
        }
        catch (final RuntimeException ex)
        {
            warnOnce(DEFAULT_WARNED, ex.getMessage() + "; named locks keep their counters in process only");
            return null;
        }
    }

    /** Creates {@code <tmpdir>/rwsem4j_<user>/<pid>.stats}, securing the directory and removing stale files. */
    static StatsFile createAtDefaultPlace(final Path tmpdir, final long pid)
    {
        AgronaAccess.ensureAvailable();
        final String user = user();
        final Path dir = StatsPlace.directory(tmpdir, user);
        StatsPlace.secureDirectory(dir, user);
        return new StatsFile(StatsPlace.pidFile(dir, pid), StatsPlace.createInDirectory(dir, user, pid),
            DEFAULT_MAX_COUNTERS);
    }

    /**
     * Test seam: forget the default file (and any refusal) and take {@code tmpdir} instead of
     * {@code java.io.tmpdir} as the base of the default place ({@code null}: back to {@code java.io.tmpdir}).
     */
    static synchronized void resetDefault(final Path tmpdir)
    {
        baseOverride = tmpdir;
        defaultFile = null;
        defaultRefusal = null;
        DEFAULT_WARNED.set(false);
    }

    /** Test seam: how files allocate their space before they are mapped ({@code null}: zeros, the real way). */
    static void reserveWith(final StatsSpace reserver)
    {
        space = reserver != null ? reserver : StatsSpace.ZEROS;
    }

    private static synchronized Path baseDirectory()
    {
        return baseOverride != null ? baseOverride : Paths.get(System.getProperty("java.io.tmpdir"));
    }

    static String user()
    {
        return System.getProperty("user.name");
    }

    private static void warnOnce(final AtomicBoolean warned, final String message)
    {
        if (warned.compareAndSet(false, true))
        {
            LOGGER.log(System.Logger.Level.WARNING, message);
        }
    }

    /** {@return where the file lives} */
    public Path path()
    {
        return path;
    }

    /** {@return counters still free} */
    public synchronized int available()
    {
        return manager.available();
    }

    /**
     * A fresh lock id for this JVM.
     *
     * <p>Engine-facing: public because the engine lives in another package; applications do not call it.
     *
     * @return the id
     */
    public long nextLockId()
    {
        return LOCK_IDS.incrementAndGet();
    }

    /**
     * Allocates one counter per {@link LockEvent} for a lock, freed when {@code lock} becomes unreachable.
     *
     * <p>Engine-facing: public because the engine lives in another package; applications do not call it.
     *
     * @param lock the lock the counters belong to
     * @param lockId its id ({@link #nextLockId()})
     * @param name its name
     * @param variant its variant's spec
     *
     * @return the value offsets, by event ordinal; {@code null} if the file is full (warned once per file)
     */
    public synchronized int[] registerEvents(final Object lock, final long lockId, final String name,
        final String variant)
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
            warnFull();
            return null;
        }
        CLEANER.register(lock, new Free(this, ids.clone()));
        final int[] offsets = new int[ids.length];
        for (int i = 0; i < ids.length; i++)
        {
            offsets[i] = CountersReader.counterOffset(ids[i]);
        }
        return offsets;
    }

    /**
     * Allocates a published lock word (a counter of type {@link #TYPE_LOCK_WORD}), freed with {@code lock}.
     *
     * <p>Engine-facing: public because the engine lives in another package; applications do not call it.
     *
     * @param lock the lock the word belongs to
     * @param lockId its id ({@link #nextLockId()})
     * @param name its name
     * @param variant its variant's spec
     *
     * @return the word; {@code null} if the file is full (warned once per file)
     */
    public synchronized LockWord allocateWord(final Object lock, final long lockId, final String name,
        final String variant)
    {
        final int id;
        try
        {
            id = manager.allocate(name + " [" + variant + "] lock-word", TYPE_LOCK_WORD);
        }
        catch (final RuntimeException full)
        {
            warnFull();
            return null;
        }
        manager.setCounterRegistrationId(id, lockId);
        CLEANER.register(lock, new Free(this, new int[]{id}));
        final OffHeapLockWord word = new OffHeapLockWord(values, CountersReader.counterOffset(id));
        word.initialise(LockWordBits.UNLOCKED);
        return word;
    }

    private void warnFull()
    {
        warnOnce(warnedFull, "rwsem4j stats file " + path + " is full (" + manager.capacity() +
            " counters); further locks keep their counters in process only. Create a larger one with" +
            " StatsFile.create(path, maxCounters)");
    }

    /**
     * The buffer of counter values, where the engine's published counters live.
     *
     * <p>Engine-facing: public because the engine lives in another package; applications do not call it.
     *
     * @return the values buffer
     */
    public UnsafeBuffer values()
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
}
