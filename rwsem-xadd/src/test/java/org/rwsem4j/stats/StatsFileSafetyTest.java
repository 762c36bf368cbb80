package org.rwsem4j.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.rwsem4j.LockEvent;
import org.rwsem4j.LockEvents;
import org.rwsem4j.Rwsem;

/**
 * The stats file cannot be turned against another file: the symlink attack at the old and the new
 * default place leaves its target unchanged and the lock working; the per-user directory is 0700 and the file 0600,
 * both the user's; an unsafe directory or path is refused with a message naming it; stale files of dead processes are
 * removed and nothing else. The default place is pointed at a {@code @TempDir} through {@link StatsFile#resetDefault}.
 */
class StatsFileSafetyTest
{
    private static final byte[] PRECIOUS = "precious user data\n".getBytes(StandardCharsets.UTF_8);
    private static final long PID = ProcessHandle.current().pid();
    private static final String USER = System.getProperty("user.name");

    @TempDir
    Path tmp;
    @TempDir
    Path elsewhere;

    private final StatsWarnings warnings = new StatsWarnings();

    @BeforeEach
    void pointTheDefaultPlaceAtTmp()
    {
        StatsFile.resetDefault(tmp);
        warnings.start();
    }

    @AfterEach
    void restore()
    {
        warnings.stop();
        StatsFile.reserveWith(null);
        StatsFile.resetDefault(null);
    }

    private Path userDir()
    {
        return tmp.resolve("rwsem4j_" + USER);
    }

    private Path precious() throws Exception
    {
        return Files.write(elsewhere.resolve("precious.txt"), PRECIOUS);
    }

    @Test
    void theDefaultPlaceIsAPerUserDirectory0700AndAPidFile0600BothTheUsers() throws Exception
    {
        final Rwsem lock = Rwsem.builder().variant("base").name("placed").build();
        final Path file = userDir().resolve(PID + ".stats");
        assertEquals(file, StatsFile.defaultFile().path());
        assertEquals("rwx------", mode(userDir()));
        assertEquals("rw-------", mode(file));
        assertEquals(USER, Files.getOwner(userDir(), LinkOption.NOFOLLOW_LINKS).getName());
        assertEquals(USER, Files.getOwner(file, LinkOption.NOFOLLOW_LINKS).getName());
        assertTrue(StatsReader.open(file).snapshot().keySet().stream().anyMatch(k -> k.startsWith("placed [base] #")));
        assertWorks(lock);
        assertEquals(0, warnings.count(), warnings.toString());
    }

    @Test
    void theOldDefaultPlaceSymlinkedToAPreciousFileIsNeverWritten() throws Exception
    {
        final Path target = precious();
        // The old code wrote to the real java.io.tmpdir, whatever resetDefault says: the link goes there, or the
        // test could never catch a return of the old place.
        final Path old = Files.createSymbolicLink(Path.of(System.getProperty("java.io.tmpdir"),
            "rwsem4j-" + PID + ".stats"), target);
        try
        {
            final Rwsem lock = Rwsem.builder().variant("base").name("db").build();
            assertWorks(lock);
            assertArrayEquals(PRECIOUS, Files.readAllBytes(target));
            assertTrue(Files.isSymbolicLink(old));
            assertTrue(StatsReader.open(userDir().resolve(PID + ".stats")).snapshot().keySet().stream()
                .anyMatch(k -> k.startsWith("db [base] #")), "published at the new place instead");
        }
        finally
        {
            Files.deleteIfExists(old);
        }
    }

    @Test
    void aSymlinkedPidFileInTheDirectoryIsRefusedOnceAndTheLocksWork() throws Exception
    {
        final Path target = precious();
        Files.createDirectory(userDir(), PosixFilePermissions.asFileAttribute(StatsPlace.DIRECTORY_MODE));
        final Path link = Files.createSymbolicLink(userDir().resolve(PID + ".stats"), target);
        final Rwsem first = Rwsem.builder().variant("base").name("db").publishLockWord().build();
        final Rwsem second = Rwsem.builder().variant("base").name("db2").build();
        assertWorks(first);
        assertWorks(second);
        assertArrayEquals(PRECIOUS, Files.readAllBytes(target));
        assertEquals(1, warnings.count(), "one warning, not one per lock: " + warnings);
        assertTrue(warnings.first().contains("refused " + link + ": it is a symbolic link"), warnings.toString());
        final IllegalStateException ex = assertThrows(IllegalStateException.class, StatsFile::defaultFile);
        assertTrue(ex.getMessage().contains(link.toString()), ex.getMessage());
    }

    @Test
    void aDirectoryThatIsASymlinkIsRefused() throws Exception
    {
        final Path real = Files.createDirectory(elsewhere.resolve("real"),
            PosixFilePermissions.asFileAttribute(StatsPlace.DIRECTORY_MODE));
        Files.createSymbolicLink(userDir(), real);
        final Rwsem lock = Rwsem.builder().variant("base").name("db").publishLockWord().build();
        assertWorks(lock);
        assertEquals(1, warnings.count(), warnings.toString());
        assertTrue(warnings.first().contains("refused " + userDir() + ": it is a symbolic link"), warnings.toString());
        try (var entries = Files.list(real))
        {
            assertEquals(0, entries.count(), "nothing written through the linked directory");
        }
    }

    @Test
    void aDirectorySwappedForASymlinkAfterItsCheckIsNotFollowed() throws Exception
    {
        // secureDirectory checked the place; then the directory is swapped for a link to a directory that passes
        // every check (ours, 0700). The create must not follow the link.
        final Path real = Files.createDirectory(elsewhere.resolve("real"),
            PosixFilePermissions.asFileAttribute(StatsPlace.DIRECTORY_MODE));
        Files.createSymbolicLink(userDir(), real);
        final IllegalStateException ex = assertThrows(IllegalStateException.class,
            () -> StatsPlace.createInDirectory(userDir(), USER, PID));
        assertEquals("rwsem4j stats: refused " + userDir() + ": it is a symbolic link", ex.getMessage());
        try (var entries = Files.list(real))
        {
            assertEquals(0, entries.count(), "nothing created through the linked directory");
        }
    }

    @Test
    void aGroupOrWorldWritableDirectoryIsRefused() throws Exception
    {
        Files.createDirectory(userDir());
        Files.setPosixFilePermissions(userDir(), PosixFilePermissions.fromString("rwxrwxrwx"));
        assertWorks(Rwsem.builder().variant("base").name("db").build());
        assertEquals(1, warnings.count(), warnings.toString());
        assertTrue(warnings.first().contains("refused " + userDir() + ": it is writable by group or others " +
            "(rwxrwxrwx)"), warnings.toString());
        assertFalse(Files.exists(userDir().resolve(PID + ".stats"), LinkOption.NOFOLLOW_LINKS));
    }

    @Test
    void aDirectoryOfAnotherOwnerIsRefusedEvenForRoot() throws Exception
    {
        assumeTrue("root".equals(USER), "only root can give a directory away; file modes do not stop root");
        Files.createDirectory(userDir(), PosixFilePermissions.asFileAttribute(StatsPlace.DIRECTORY_MODE));
        Files.setAttribute(userDir(), "unix:uid", 12345, LinkOption.NOFOLLOW_LINKS);
        assertWorks(Rwsem.builder().variant("base").name("db").build());
        assertEquals(1, warnings.count(), warnings.toString());
        assertTrue(warnings.first().contains("refused " + userDir() + ": it is owned by 12345, not by root"),
            warnings.toString());
        assertFalse(Files.exists(userDir().resolve(PID + ".stats"), LinkOption.NOFOLLOW_LINKS));
    }

    @Test
    void staleFilesOfDeadProcessesAreRemovedAndNothingElse() throws Exception
    {
        Files.createDirectory(userDir(), PosixFilePermissions.asFileAttribute(StatsPlace.DIRECTORY_MODE));
        final long parent = ProcessHandle.current().parent().orElseThrow().pid();
        final Path dead = Files.write(userDir().resolve("999999999.stats"), PRECIOUS); // above Linux's pid_max
        final Path live = Files.write(userDir().resolve(parent + ".stats"), PRECIOUS);
        final Path other = Files.write(userDir().resolve("notes.txt"), PRECIOUS);
        final Path odd = Files.write(userDir().resolve("12ab.stats"), PRECIOUS);
        final Path target = precious();
        final Path deadLink = Files.createSymbolicLink(userDir().resolve("999999998.stats"), target);
        StatsFile.createAtDefaultPlace(tmp, PID);
        assertFalse(Files.exists(dead, LinkOption.NOFOLLOW_LINKS), "stale file of a dead pid kept");
        for (final Path kept : new Path[]{live, other, odd})
        {
            assertArrayEquals(PRECIOUS, Files.readAllBytes(kept), kept.toString());
        }
        assertTrue(Files.isSymbolicLink(deadLink), "a link is never removed nor followed");
        assertArrayEquals(PRECIOUS, Files.readAllBytes(target));
    }

    @Test
    void anExplicitPathReplacesTheUsersOwnFileAndRefusesAnythingElse() throws Exception
    {
        final Path own = Files.write(elsewhere.resolve("own.stats"), PRECIOUS);
        Files.setPosixFilePermissions(own, PosixFilePermissions.fromString("rw-r--r--"));
        final StatsFile replaced = StatsFile.create(own, 8);
        assertEquals("rw-------", mode(own));
        assertEquals(Map.of(), StatsReader.open(replaced.path()).snapshot());

        final Path target = precious();
        final Path link = Files.createSymbolicLink(elsewhere.resolve("link.stats"), target);
        assertRefused(link, "it is a symbolic link");
        final Path dangling = Files.createSymbolicLink(elsewhere.resolve("dangling.stats"), elsewhere.resolve("new"));
        assertRefused(dangling, "it is a symbolic link");
        assertFalse(Files.exists(elsewhere.resolve("new"), LinkOption.NOFOLLOW_LINKS));
        assertRefused(Files.createDirectory(elsewhere.resolve("dir.stats")), "it exists and is not a regular file");
        assertArrayEquals(PRECIOUS, Files.readAllBytes(target));

        final Path fresh = StatsFile.create(elsewhere.resolve("fresh.stats"), 8).path();
        assertEquals("rw-------", mode(fresh));
        assertEquals(USER, Files.getOwner(fresh, LinkOption.NOFOLLOW_LINKS).getName());
    }

    @Test
    void anExplicitPathOfAnotherOwnerIsRefusedEvenForRoot() throws Exception
    {
        assumeTrue("root".equals(USER), "only root can give a file away");
        final Path theirs = Files.write(elsewhere.resolve("theirs.stats"), PRECIOUS);
        Files.setAttribute(theirs, "unix:uid", 12345, LinkOption.NOFOLLOW_LINKS);
        assertRefused(theirs, "it exists and is owned by 12345, not by root");
        assertArrayEquals(PRECIOUS, Files.readAllBytes(theirs));
    }

    @Test
    void theSystemPropertyPathGetsTheSameRules() throws Exception
    {
        final Path target = precious();
        final Path link = Files.createSymbolicLink(elsewhere.resolve("prop.stats"), target);
        final String before = System.getProperty(StatsFile.FILE_PROPERTY);
        System.setProperty(StatsFile.FILE_PROPERTY, link.toString());
        try
        {
            final Rwsem lock = Rwsem.builder().variant("base").name("db").publishLockWord().build();
            assertWorks(lock);
            assertArrayEquals(PRECIOUS, Files.readAllBytes(target));
            assertEquals(1, warnings.count(), warnings.toString());
            assertTrue(warnings.first().contains("refused " + link + ": it is a symbolic link"), warnings.toString());
        }
        finally
        {
            if (before == null)
            {
                System.clearProperty(StatsFile.FILE_PROPERTY);
            }
            else
            {
                System.setProperty(StatsFile.FILE_PROPERTY, before);
            }
        }
    }

    @Test
    void aFullFileLeavesLocksWorkingWithOneWarning() throws Exception
    {
        final int events = LockEvent.values().length;
        final StatsFile file = StatsFile.create(elsewhere.resolve("small.stats"), events); // one lock's events, no word
        final Rwsem fits = Rwsem.builder().variant("base").name("fits").stats(file).publishLockWord().build();
        final Rwsem over = Rwsem.builder().variant("base").name("over").stats(file).publishLockWord().build();
        final Rwsem over2 = Rwsem.builder().variant("base").name("over2").stats(file).build();
        assertWorks(fits);
        assertWorks(over);
        assertWorks(over2);
        assertEquals(1, warnings.count(), "one warning per file, not one per lock: " + warnings);
        assertTrue(warnings.first().contains(file.path() + " is full (" + events + " counters)"), warnings.toString());
        final Map<String, Map<String, Long>> published = StatsReader.open(file.path()).snapshot();
        assertEquals(1, published.size(), published.toString());
        assertTrue(published.keySet().iterator().next().startsWith("fits [base] #"), published.toString());
        assertFalse(published.values().iterator().next().containsKey("lock-word"), "the word stayed in its slot");
        assertTrue(published.values().iterator().next().values().stream().mapToLong(Long::longValue).sum() > 0,
            "the published lock's counters are in the file: " + published);
    }

    @Test
    void aFullFileSystemLeavesLocksWorkingWithOneWarning() throws Exception
    {
        // A full tmpfs under a mapped sparse file faults on the first store (an InternalError out of build()); the
        // space is now written before the map, so a full file system fails there, as this IOException.
        StatsFile.reserveWith((channel, length) ->
        {
            throw new java.io.IOException("No space left on device");
        });
        final Rwsem first = Rwsem.builder().variant("base").name("db").build();
        final Rwsem second = Rwsem.builder().variant("base").name("db2").publishLockWord().build();
        assertWorks(first);
        assertWorks(second);
        final Path file = userDir().resolve(PID + ".stats");
        assertEquals(1, warnings.count(), "one warning, not one per lock: " + warnings);
        assertTrue(warnings.first().contains("rwsem4j stats file " + file + " cannot have its 2621568 bytes (full " +
            "file system?): java.io.IOException: No space left on device"), warnings.toString());
        assertEquals(0, Files.size(file), "the file that could not have its space holds none");
    }

    private static void assertRefused(final Path p, final String problem)
    {
        final IllegalStateException ex = assertThrows(IllegalStateException.class, () -> StatsFile.create(p, 8));
        assertEquals("rwsem4j stats: refused " + p + ": " + problem, ex.getMessage());
    }

    private static String mode(final Path p) throws Exception
    {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(p, LinkOption.NOFOLLOW_LINKS));
    }

    /** Write lock, then a reader that must queue behind it (a slow-path event), then both released. */
    private static void assertWorks(final Rwsem lock) throws Exception
    {
        lock.writeLock().lock();
        final Thread reader = new Thread(() ->
        {
            lock.readLock().lock();
            lock.readLock().unlock();
        });
        try
        {
            reader.start();
            final long deadline = System.nanoTime() + 10_000_000_000L;
            // the handshake is the counter itself: a queued reader may be granted in its pre-park spin, not sleep
            while (lock.events().get(LockEvent.SLEEP_READER) == 0 && System.nanoTime() < deadline)
            {
                Thread.onSpinWait();
            }
            assertTrue(lock.hasQueuedThreads(), "the reader never queued");
        }
        finally
        {
            lock.writeLock().unlock();
        }
        reader.join(10_000);
        assertFalse(reader.isAlive(), "the reader never got the lock");
        assertTrue(lock.writeLock().tryLock(), "lock not free after use");
        lock.writeLock().unlock();
        final LockEvents events = lock.events();
        assertNotNull(events);
        assertTrue(events.get(LockEvent.SLEEP_READER) > 0, "in-process counters: " + events);
    }
}
