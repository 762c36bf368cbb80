package org.rwsem4j.stat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rwsem4j.Rwsem;
import org.rwsem4j.stats.StatsFile;
import org.rwsem4j.testkit.FullTableBias;

/** Exit codes and messages of the CLI for bad arguments and bad files, and its output format. */
class CliTest
{
    @TempDir
    Path dir;

    /** Exit code, stdout, stderr. */
    record Result(int code, String out, String err)
    {
    }

    static Result run(final String... args)
    {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int code = Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** A usage error: exit 2, nothing on stdout, one line naming the problem, one hint line, no stack trace. */
    private static void assertBadArgs(final String expected, final String... args)
    {
        final Result r = run(args);
        assertEquals(2, r.code, r.toString());
        final List<String> lines = r.err.lines().toList();
        assertEquals(2, lines.size(), r.toString());
        assertTrue(lines.get(0).startsWith("rwsem-stat: ") && lines.get(0).contains(expected), r.err);
        assertTrue(lines.get(1).endsWith("run 'rwsem-stat --help' for usage"), r.err);
        assertFalse(r.err.contains("\tat "), r.err);
        assertEquals("", r.out);
    }

    @Test
    void helpExitsZeroWithUsageOnStdout()
    {
        for (final String h : new String[]{"--help", "-h"})
        {
            final Result r = run(h);
            assertEquals(0, r.code);
            assertTrue(r.out.startsWith("Usage: rwsem-stat"), r.out);
            assertTrue(r.out.contains("<stats-file | pid>") && r.out.contains("--interval"), r.out);
            assertEquals("", r.err);
        }
        assertEquals(0, run("--once", "--help", "no-such-file").code);
    }

    @Test
    void badArgumentsPrintOneLineAndAHintAndExitTwo()
    {
        assertBadArgs("missing required parameter: '<stats-file | pid>'");
        assertBadArgs("unknown option: '--frobnicate'", "--frobnicate", "x.stats");
        assertBadArgs("unknown option: '--intervall'", "--intervall", "2s", "x.stats");
        assertTrue(run("--intervall", "2s", "x.stats").err.contains("\ndid you mean --interval? run 'rwsem-stat"));
        assertBadArgs("missing required parameter for option '--interval'", "x.stats", "--interval");
        assertBadArgs("invalid value for option '--interval': 'soon' is not a duration", "--interval", "soon",
            "x.stats");
        assertBadArgs("invalid value for option '--interval': '0s' is out of range", "--interval", "0s", "x.stats");
        assertBadArgs("--interval must be at least 1ms, got 500us", "--interval", "500us", "x.stats");
        assertBadArgs("--count must be at least 1, got 0", "--count", "0", "x.stats");
        assertBadArgs("--count must be at least 1, got -3", "--count", "-3", "x.stats");
        assertBadArgs("invalid value for option '--count': 'many' is not a long", "--count=many", "x.stats");
        assertBadArgs("unexpected argument 'b.stats' (one stats file or pid)", "a.stats", "b.stats");
        assertBadArgs("--once and --count 3 contradict", "--once", "--count", "3", "a.stats");
        assertBadArgs("empty <stats-file | pid>", " ");
        assertBadArgs("unexpected argument '@args.txt'", "x.stats", "@args.txt");
        assertBadArgs("nul character not allowed: x?y", "--once", "x\u0000y");
        assertBadArgs("unknown option: '--evil?[2J'", "--evil\u001b[2J", "x.stats");
    }

    @Test
    void missingFileExitsTwoWithTheReadersMessage()
    {
        final Path missing = dir.resolve("nope.stats");
        final Result r = run("--once", missing.toString());
        assertEquals(2, r.code);
        assertTrue(r.err.contains("no such stats file: " + missing), r.err);
        assertEquals("", r.out);
    }

    @Test
    void aPidWithoutAFileSaysWhichFileItLookedFor()
    {
        final long pid = 999_999_999L; // above Linux's pid_max: no such process
        final Result r = run("--once", Long.toString(pid));
        assertEquals(2, r.code);
        assertEquals(1, r.err.lines().count(), "the hint is on the same line: " + r.err);
        assertTrue(r.err.startsWith("rwsem-stat: no such stats file: " + Main.pidFile(pid) + " (pid " + pid +
            " maps to it; is that process running a named rwsem4j lock"), r.err);
    }

    @Test
    void foreignShortWrongVersionUnreadyTruncatedAndDirectoryAreRejected() throws Exception
    {
        final Path empty = Files.write(dir.resolve("empty.stats"), new byte[0]);
        assertFile(empty, "too short to be an rwsem4j stats file");

        final byte[] junk = new byte[4096];
        java.util.Arrays.fill(junk, (byte)'x');
        assertFile(Files.write(dir.resolve("junk.stats"), junk), "is not an rwsem4j stats file (bad magic)");

        assertFile(header(dir.resolve("v2.stats"), 2, 1, 4, 4096), "has layout version 2; this reader reads version 1");
        assertFile(header(dir.resolve("unready.stats"), 1, 0, 4, 4096), "is not ready yet");
        assertFile(header(dir.resolve("cut.stats"), 1, 1, 1000, 4096), "is truncated");

        // A real file whose version word was changed afterwards (as a newer owner would write it).
        final Path real = StatsFile.create(dir.resolve("real.stats"), 8).path();
        assertEquals(0, run("--once", real.toString()).code);
        try (var ch = java.nio.channels.FileChannel.open(real, java.nio.file.StandardOpenOption.WRITE))
        {
            ch.write(ByteBuffer.allocate(4).order(ByteOrder.nativeOrder()).putInt(0, 7), 4);
        }
        assertFile(real, "has layout version 7");

        final Result d = run("--once", dir.toString());
        assertEquals(2, d.code, d.toString());
        assertTrue(d.err.startsWith("rwsem-stat: "), d.err);
    }

    private static Path header(final Path p, final int version, final int ready, final int maxCounters,
        final int length) throws Exception
    {
        final ByteBuffer b = ByteBuffer.allocate(length).order(ByteOrder.nativeOrder());
        b.putInt(0, StatsFile.MAGIC).putInt(4, version).putInt(8, ready).putInt(12, maxCounters);
        return Files.write(p, b.array());
    }

    private static void assertFile(final Path p, final String expected)
    {
        final Result r = run("--once", p.toString());
        assertEquals(2, r.code, r.toString());
        assertTrue(r.err.contains(expected), r.err);
        assertFalse(r.err.contains("usage:"), "a bad file is not a usage error: " + r.err);
        assertEquals("", r.out);
    }

    @Test
    void aPidArgumentReadsThatProcesssDefaultFile()
    {
        final long pid = ProcessHandle.current().pid();
        assertEquals(Path.of(System.getProperty("java.io.tmpdir"), "rwsem4j_" + System.getProperty("user.name"),
            pid + ".stats"), Main.pidFile(pid));
        assertEquals(Main.pidFile(pid), Main.resolve(Long.toString(pid)));
        assertEquals(Path.of("some.stats"), Main.resolve("some.stats"));
        assumeTrue(System.getProperty(StatsFile.FILE_PROPERTY) == null,
            "the default file is elsewhere in this JVM (" + StatsFile.FILE_PROPERTY + " is set)");
        // A named lock without .stats(...) publishes in this process's default file.
        final Rwsem lock = Rwsem.builder().variant("base").name("pid-lookup").build();
        lock.writeLock().lock();
        lock.writeLock().unlock();
        final Result r = run("--once", Long.toString(pid));
        assertEquals(0, r.code, r.toString());
        assertTrue(r.out.contains("pid-lookup [base] #"), r.out);
        assertTrue(r.out.contains("pid " + pid + "  "), r.out);
        assertTrue(lock.toString() != null); // keeps the lock reachable until here
    }

    @Test
    void renderShowsNonZeroCountersRatesAndTheDecodedWord()
    {
        final StatView view = new StatView(Path.of("f.stats"), ProcessHandle.current().pid());
        final Map<String, Map<String, Long>> before = new TreeMap<>();
        before.put("db [base] #1", new TreeMap<>(Map.of("rwsem_wlock", 1000L, "rwsem_rlock", 0L,
            "rwsem_sleep_writer", 5L, "lock-word", 0L)));
        final Map<String, Map<String, Long>> after = new TreeMap<>();
        after.put("db [base] #1", new TreeMap<>(Map.of("rwsem_wlock", 4210L, "rwsem_rlock", 0L,
            "rwsem_sleep_writer", 5L, "lock-word", 0x303L)));
        after.put("idle [base] #2", new TreeMap<>(Map.of("rwsem_wlock", 0L)));

        final String first = view.render(before, null, 0);
        assertTrue(first.contains(line("rwsem_wlock", "1000", "")), first);
        assertFalse(first.contains("/s)"), "no rates on the first print: " + first);
        assertFalse(first.contains("rwsem_rlock"), "zero counters are not printed: " + first);

        final String second = view.render(after, before, 1_000_000_000L);
        assertTrue(second.contains(line("rwsem_wlock", "4210", "  (+3,210/s)")), second);
        assertTrue(second.contains(line("rwsem_sleep_writer", "5", "  (+0/s)")), second);
        assertTrue(second.contains(line("lock-word", "0x303", "  readers=3,writer,waiters")), second);
        assertTrue(second.contains("idle [base] #2\n  (no events)\n"), second);
        assertTrue(view.render(Map.of(), null, 0).contains("(no live named locks)"));
    }

    /** A lock's reader-bias events (from a test bias) are printed like every other counter. */
    @Test
    void theReaderBiasCountersArePrinted() throws Exception
    {
        final StatsFile file = StatsFile.create(dir.resolve("bias.stats"), 128);
        final Rwsem lock = Rwsem.builder().variant("base").patch(FullTableBias.patch()).name("biased").stats(file)
            .build();
        FullTableBias.armFallbackRevokeArm(lock);
        final Result r = run("--once", file.path().toString());
        assertEquals(0, r.code, r.err);
        for (final String[] event : List.of(new String[] {"rwsem_bias_fallback", "1"},
            new String[] {"rwsem_bias_revoke", "1"}, new String[] {"rwsem_bias_arm", "2"}))
        {
            assertTrue(r.out.contains(line(event[0], event[1], "")), event[0] + " in:\n" + r.out);
        }
        java.lang.ref.Reference.reachabilityFence(lock);
    }

    /** Two spaces, the name padded to 25, the value right-aligned in 12, then the rest. */
    private static String line(final String name, final String value, final String rest)
    {
        return String.format("  %-25s%12s%s%n", name, value, rest).replace(System.lineSeparator(), "\n");
    }
}
