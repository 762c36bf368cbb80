package org.rwsem4j.stat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rwsem4j.Rwsem;
import org.rwsem4j.stats.StatsFile;
import org.rwsem4j.stats.StatsReader;

/**
 * Inputs that misbehave rather than just being malformed: a file cut short while it is mapped, a FIFO in place of the
 * file, lock names full of control characters, a {@code user.name} that cannot name a directory. Each gets one line
 * on stderr and exit 2 (or a clean print), never a stack trace, a hang, or a terminal escape passed through.
 */
class HostileInputTest
{
    @TempDir
    Path dir;

    @Test
    void aFileCutBetweenOpenAndSnapshotIsReportedNotFaulted() throws Exception
    {
        final StatsFile file = StatsFile.create(dir.resolve("cut.stats"), 8);
        final long length = Files.size(file.path());
        final StatsReader reader = StatsReader.open(file.path());
        cut(file.path());
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class, reader::snapshot);
        assertEquals(file.path() + " was truncated while being read (0 bytes, was " + length + ")", ex.getMessage());
        reader.close();
    }

    @Test
    void theCliReportsAFileCutBetweenTwoPrintsInOneLine() throws Exception
    {
        final StatsFile file = StatsFile.create(dir.resolve("cut.stats"), 64);
        final Rwsem lock = Rwsem.builder().variant("base").name("db").stats(file).build();
        lock.writeLock().lock();
        lock.writeLock().unlock();
        final ByteArrayOutputStream printed = new ByteArrayOutputStream();
        // The handshake is the first print itself: the file is cut when it is flushed, before the second snapshot.
        final OutputStream cutAfterFirstPrint = new OutputStream()
        {
            private boolean cut;

            @Override
            public void write(final int b)
            {
                printed.write(b);
            }

            @Override
            public void flush()
            {
                if (!cut && printed.size() > 0)
                {
                    cut = true;
                    cut(file.path());
                }
            }
        };
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int code = Main.run(new String[]{"--count", "2", "--interval", "1ms", file.path().toString()},
            new PrintStream(cutAfterFirstPrint, false, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
        final String stderr = err.toString(StandardCharsets.UTF_8);
        assertEquals(2, code, stderr);
        assertEquals(1, stderr.lines().count(), stderr);
        assertTrue(stderr.startsWith("rwsem-stat: " + file.path() + " was truncated while being read (0 bytes, was "),
            stderr);
        assertTrue(printed.toString(StandardCharsets.UTF_8).contains("db [base] #"),
            "the first print happened: " + printed.toString(StandardCharsets.UTF_8));
        assertTrue(lock.toString() != null); // keeps the lock reachable until here
    }

    @Test
    void aFifoIsRefusedInOneLineAndNeverOpened() throws Exception
    {
        final Path fifo = dir.resolve("fifo.stats");
        assumeTrue(mkfifo(fifo), "no mkfifo on this machine");
        // Opening a FIFO for reading blocks until a writer comes: a regression hangs, which the limit turns into a
        // failure naming the hang.
        final CliTest.Result r = assertTimeoutPreemptively(Duration.ofSeconds(30),
            () -> CliTest.run("--once", fifo.toString()), "rwsem-stat hung opening a FIFO");
        assertEquals(2, r.code(), r.toString());
        assertEquals(1, r.err().lines().count(), r.err());
        assertEquals("rwsem-stat: " + fifo + " is not a regular file, so not an rwsem4j stats file",
            r.err().strip());
    }

    @Test
    void controlCharactersInLockNamesAreNeverPrinted() throws Exception
    {
        final StatsFile file = StatsFile.create(dir.resolve("names.stats"), 64);
        final Rwsem lock = Rwsem.builder().variant("base").name("evil\u001b[2J\u0007\t\u0000\u009bname\nx")
            .stats(file).build();
        lock.writeLock().lock();
        lock.writeLock().unlock();
        final CliTest.Result r = CliTest.run("--once", file.path().toString());
        assertEquals(0, r.code(), r.toString());
        assertTrue(r.out().contains("evil?[2J????name?x [base] #"), r.out());
        assertTrue(r.out().chars().allMatch(c -> c == '\n' || !Character.isISOControl(c)),
            "a control character reached the terminal: " + r.out().replace("\u001b", "<ESC>"));
        assertTrue(lock.toString() != null); // keeps the lock reachable until here
    }

    @Test
    void aUserNameThatCannotNameADirectoryIsAUsageError()
    {
        final String user = System.getProperty("user.name");
        System.setProperty("user.name", "a/b");
        try
        {
            final CliTest.Result r = CliTest.run("--once", "999999999");
            assertEquals(2, r.code(), r.toString());
            assertEquals(List.of("rwsem-stat: rwsem4j stats: user name 'a/b' cannot name a directory",
                "run 'rwsem-stat --help' for usage"), r.err().lines().toList());
            assertFalse(r.err().contains("\tat "), r.err());
        }
        finally
        {
            System.setProperty("user.name", user);
        }
    }

    private static void cut(final Path p)
    {
        try (FileChannel ch = FileChannel.open(p, StandardOpenOption.WRITE))
        {
            ch.truncate(0);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
    }

    private static boolean mkfifo(final Path p) throws InterruptedException
    {
        try
        {
            return new ProcessBuilder("mkfifo", p.toString()).inheritIO().start().waitFor() == 0 &&
                Files.exists(p);
        }
        catch (final IOException absent)
        {
            return false;
        }
    }
}
