package org.rwsem4j.stat;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.rwsem4j.stats.StatsFile;

/**
 * The stats file's safety end to end, through the real default place of a child JVM (its own
 * {@code java.io.tmpdir} and user, no seam): the symlink attack planted before the child names its locks, at the
 * old place {@code <tmpdir>/rwsem4j-<pid>.stats} and at the new one {@code <tmpdir>/rwsem4j_<user>/<pid>.stats}.
 * The target stays byte for byte, the child's locks work, and {@code rwsem-stat <pid>} reads the child (old place)
 * or refuses the planted file in one line with exit 2 (new place).
 */
class DefaultPlaceEndToEndTest
{
    private static final byte[] PRECIOUS = "precious user data\n".getBytes(StandardCharsets.UTF_8);

    @TempDir
    Path dir;

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void theOldPlaceSymlinkIsIgnoredAndRwsemStatReadsTheChildAtTheNewPlace() throws Exception
    {
        final Path target = Files.write(dir.resolve("precious.txt"), PRECIOUS);
        try (Child child = new Child(dir.resolve("child.err")))
        {
            final Path old = Path.of(System.getProperty("java.io.tmpdir"), "rwsem4j-" + child.pid + ".stats");
            Files.deleteIfExists(old);
            Files.createSymbolicLink(old, target);
            try
            {
                final long sleptReaders = child.go();
                assertTrue(sleptReaders > 0, "the child's lock did not count its queued reader");
                assertArrayEquals(PRECIOUS, Files.readAllBytes(target));

                final Path file = StatsFile.defaultPath(child.pid);
                assertEquals("rw-------", mode(file));
                assertEquals("rwx------", mode(file.getParent()));
                final String user = System.getProperty("user.name");
                assertEquals(user, Files.getOwner(file, LinkOption.NOFOLLOW_LINKS).getName());
                assertEquals(user, Files.getOwner(file.getParent(), LinkOption.NOFOLLOW_LINKS).getName());
                final CliTest.Result r = CliTest.run("--once", Long.toString(child.pid));
                assertEquals(0, r.code(), r.toString());
                assertTrue(r.out().contains("rwsem-stat " + file + "  pid " + child.pid), r.out());
                assertTrue(r.out().contains("db [base] #"), r.out());
                assertTrue(r.out().matches("(?s).*\\n  rwsem_sleep_reader +[1-9]\\d*\\n.*"), r.out());
                assertTrue(r.out().contains("other [base] #"), r.out());
                child.stop();
                assertFalse(Files.exists(file, LinkOption.NOFOLLOW_LINKS), "the file outlived its process");
                assertEquals("", child.warnings(), "no warning when nothing is refused");
            }
            finally
            {
                Files.deleteIfExists(old);
            }
        }
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aSymlinkPlantedAtTheNewPlaceIsRefusedOnceAndTheLocksWork() throws Exception
    {
        final Path target = Files.write(dir.resolve("precious.txt"), PRECIOUS);
        try (Child child = new Child(dir.resolve("child.err")))
        {
            final Path file = StatsFile.defaultPath(child.pid);
            if (!Files.exists(file.getParent(), LinkOption.NOFOLLOW_LINKS))
            {
                Files.createDirectory(file.getParent(), PosixFilePermissions.asFileAttribute(
                    PosixFilePermissions.fromString("rwx------")));
            }
            Files.createSymbolicLink(file, target);
            try
            {
                final long sleptReaders = child.go();
                assertTrue(sleptReaders > 0, "the child's lock did not count its queued reader");
                assertArrayEquals(PRECIOUS, Files.readAllBytes(target));

                final CliTest.Result r = CliTest.run("--once", Long.toString(child.pid));
                assertEquals(2, r.code(), r.toString());
                assertEquals(1, r.err().lines().count(), "one line on stderr: " + r.err());
                assertEquals("rwsem-stat: " + file + " is too short to be an rwsem4j stats file (" +
                    PRECIOUS.length + " bytes)", r.err().strip());
                child.stop();
                assertEquals("WARNING: rwsem4j stats: refused " + file + ": it is a symbolic link; named locks keep" +
                    " their counters in process only", child.warnings(), "one warning for two named locks");
                assertArrayEquals(PRECIOUS, Files.readAllBytes(target));
            }
            finally
            {
                Files.deleteIfExists(file);
            }
        }
    }

    private static String mode(final Path p) throws IOException
    {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(p, LinkOption.NOFOLLOW_LINKS));
    }

    /** A {@link DefaultPlaceChild} JVM, its stderr in a file. */
    private static final class Child implements AutoCloseable
    {
        final Process process;
        final long pid;
        final BufferedReader out;
        final Writer in;
        final Path err;

        Child(final Path err) throws Exception
        {
            this.err = err;
            final String java = ProcessHandle.current().info().command().orElse(
                Path.of(System.getProperty("java.home"), "bin", "java").toString());
            process = new ProcessBuilder(List.of(java, "--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED",
                "-cp", System.getProperty("java.class.path"), DefaultPlaceChild.class.getName()))
                .redirectError(err.toFile()).start();
            out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
            in = new java.io.OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
            final String first = line();
            assertTrue(first.startsWith("PID "), first);
            pid = Long.parseLong(first.substring(4).trim());
            assertEquals(process.pid(), pid);
        }

        /** Lets the child build its locks; returns its in-process {@code rwsem_sleep_reader} count. */
        long go() throws Exception
        {
            in.write("go\n");
            in.flush();
            final String ready = line();
            assertTrue(ready.startsWith("READY "), ready);
            return Long.parseLong(ready.substring(6).trim());
        }

        void stop() throws Exception
        {
            in.close();
            assertEquals("DONE false", line());
            assertTrue(process.waitFor(20, TimeUnit.SECONDS), "child did not stop when its stdin closed");
            assertEquals(0, process.exitValue());
        }

        /** The WARNING lines of the child's stderr (java.util.logging's console format), joined. */
        String warnings() throws IOException
        {
            return String.join("\n", Files.readAllLines(err).stream().filter(l -> l.startsWith("WARNING:")).toList());
        }

        private String line() throws Exception
        {
            final String line = CompletableFuture.supplyAsync(() ->
            {
                try
                {
                    return out.readLine();
                }
                catch (final IOException ex)
                {
                    throw new UncheckedIOException(ex);
                }
            }).get(60, TimeUnit.SECONDS);
            assertNotNull(line, "child exited early; stderr: " + Files.readString(err));
            return line;
        }

        @Override
        public void close() throws Exception
        {
            process.getOutputStream().close();
            if (!process.waitFor(20, TimeUnit.SECONDS))
            {
                process.destroyForcibly().waitFor(20, TimeUnit.SECONDS);
                fail("child did not stop when its stdin closed");
            }
        }
    }
}
