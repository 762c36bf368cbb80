package org.rwsem4j.stat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rwsem4j.LockEvent;
import org.rwsem4j.Rwsem;
import org.rwsem4j.stats.StatsFile;

/**
 * No file, however truncated, corrupt, foreign or of another version, gets anything from
 * {@code rwsem-stat} but a valid print (exit 0) or one line on stderr and exit 2: never a stack trace, never exit 1,
 * never an exception out of {@link Main#run}. Inputs: random bytes (many seeds and lengths), random bodies behind a
 * valid header, a valid file with random bytes of its counter metadata changed, a valid file truncated at every header
 * offset and a few beyond, and other layout versions. The counts by message kind are printed.
 */
class StatsFileFuzzTest
{
    private static final int COUNTERS = 64;
    private static final int HEADER = StatsFile.HEADER_LENGTH;
    private static final int META = 512;
    private static final int FULL = HEADER + COUNTERS * (META + 128);
    private static final String[] KINDS = {"too short", "bad magic", "layout version", "not ready",
        "is corrupt: header says", "is truncated", "has state", "label length", "has label"};

    @TempDir
    Path dir;

    private final Map<String, Integer> kinds = new TreeMap<>();
    private int inputs;
    private String lastError = "";

    @Test
    void everyBadFileGetsOneLineAndExitTwo() throws Exception
    {
        final StatsFile file = StatsFile.create(dir.resolve("valid.stats"), COUNTERS);
        final Rwsem lock = Rwsem.builder().variant("base").name("fuzzed").stats(file).publishLockWord().build();
        lock.writeLock().lock();
        lock.writeLock().unlock();
        final byte[] valid = Files.readAllBytes(file.path());
        assertEquals(FULL, valid.length);
        assertEquals(0, check("valid", valid), "the untouched file must read");

        final Map<String, Integer> byFamily = new LinkedHashMap<>();
        byFamily.put("random bytes", randomBytes());
        byFamily.put("random body behind a valid header", randomBodies());
        byFamily.put("valid file, metadata bytes changed", corruptMetadata(valid));
        byFamily.put("valid file truncated", truncations(valid));
        byFamily.put("other layout versions", otherVersions(valid));

        final StringBuilder report = new StringBuilder("stats file fuzz: ").append(inputs).append(" inputs\n");
        byFamily.forEach((family, n) -> report.append("  ").append(family).append(": ").append(n).append('\n'));
        kinds.forEach((kind, n) -> report.append("  ").append(String.format("%-24s", kind)).append(n).append('\n'));
        System.out.print(report);
        assertTrue(lock.toString() != null); // keeps the publishing lock reachable until here
    }

    private int randomBytes() throws Exception
    {
        final int[] lengths = {0, 1, 7, 64, 127, HEADER, HEADER + 1, HEADER + META, 4096, FULL};
        int n = 0;
        for (int seed = 0; seed < 200; seed++)
        {
            final Random random = new Random(seed);
            for (final int length : lengths)
            {
                final byte[] bytes = new byte[length];
                random.nextBytes(bytes);
                final String kind = length < HEADER ? "too short" : "bad magic";
                assertEquals(kind, kindOf(check("random", bytes)), "seed " + seed + " length " + length);
                n++;
            }
        }
        return n;
    }

    private int randomBodies() throws Exception
    {
        int n = 0;
        for (int seed = 0; seed < 300; seed++)
        {
            final Random random = new Random(1000 + seed);
            final int maxCounters = switch (seed % 5)
            {
                case 0 -> random.nextInt();
                case 1 -> -random.nextInt(Integer.MAX_VALUE) - 1;
                case 2 -> Integer.MAX_VALUE / 512 + random.nextInt(1000);
                default -> 1 + random.nextInt(16);
            };
            final long need = HEADER + (long)Math.max(maxCounters, 0) * (META + 128);
            final int length = seed % 3 == 0 || need > 1 << 20 ? HEADER + random.nextInt(4096) : (int)need;
            final byte[] bytes = new byte[length];
            random.nextBytes(bytes);
            final ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.nativeOrder());
            b.putInt(0, StatsFile.MAGIC).putInt(4, StatsFile.VERSION).putInt(8, 1).putInt(12, maxCounters);
            if (seed % 4 == 0 && length >= HEADER + META)
            {
                b.putInt(HEADER, 1).putInt(HEADER + 4, StatsFile.TYPE_EVENT); // allocated: the label is read
            }
            check("body", bytes);
            n++;
        }
        return n;
    }

    private int corruptMetadata(final byte[] valid) throws Exception
    {
        final int used = LockEvent.values().length + 1;
        int n = 0;
        for (int seed = 0; seed < 300; seed++)
        {
            final Random random = new Random(5000 + seed);
            final byte[] bytes = valid.clone();
            final ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.nativeOrder());
            final int record = HEADER + random.nextInt(used) * META;
            switch (seed % 3)
            {
                case 0 -> b.putInt(record, random.nextInt()); // state
                case 1 -> b.putInt(record + 128, random.nextInt(seed % 2 == 0 ? 1000 : Integer.MAX_VALUE)); // label
                default ->
                {
                    for (int i = 1 + random.nextInt(8); i > 0; i--)
                    {
                        bytes[record + random.nextInt(META)] = (byte)random.nextInt();
                    }
                }
            }
            check("meta", bytes);
            n++;
        }
        return n;
    }

    private int truncations(final byte[] valid) throws Exception
    {
        int n = 0;
        for (int length = 0; length <= HEADER; length++)
        {
            final String kind = length < HEADER ? "too short" : "is truncated";
            assertEquals(kind, kindOf(check("cut", Arrays.copyOf(valid, length))), "cut at " + length);
            n++;
        }
        for (final int length : new int[]{HEADER + 1, HEADER + META - 1, HEADER + META, HEADER + COUNTERS * META,
            FULL - 128, FULL - 1})
        {
            assertEquals("is truncated", kindOf(check("cut", Arrays.copyOf(valid, length))), "cut at " + length);
            n++;
        }
        assertEquals(0, check("cut", Arrays.copyOf(valid, FULL + 1)), "a longer file still reads");
        return n + 1;
    }

    private int otherVersions(final byte[] valid) throws Exception
    {
        int n = 0;
        for (final int version : new int[]{0, 2, -1, Integer.MAX_VALUE, Integer.MIN_VALUE})
        {
            final byte[] bytes = valid.clone();
            ByteBuffer.wrap(bytes).order(ByteOrder.nativeOrder()).putInt(4, version);
            assertEquals("layout version", kindOf(check("version", bytes)), "version " + version);
            n++;
        }
        final byte[] unready = valid.clone();
        ByteBuffer.wrap(unready).order(ByteOrder.nativeOrder()).putInt(8, 0);
        assertEquals("not ready", kindOf(check("unready", unready)));
        return n + 1;
    }

    /** Runs {@code rwsem-stat --once} on the bytes; 0 for a valid read, 2 for a one-line error (counted by kind). */
    private int check(final String name, final byte[] bytes) throws Exception
    {
        final Path p = Files.write(dir.resolve(name + ".stats"), bytes);
        inputs++;
        final CliTest.Result r = CliTest.run("--once", p.toString());
        if (r.code() == 0)
        {
            assertTrue(r.out().startsWith("rwsem-stat " + p), r.out());
            assertEquals("", r.err());
            kinds.merge("valid read", 1, Integer::sum);
            lastError = "";
            return 0;
        }
        assertEquals(2, r.code(), r.toString());
        assertEquals("", r.out());
        final String err = r.err().strip();
        assertFalse(err.contains("\n"), "more than one line: " + err);
        assertTrue(err.startsWith("rwsem-stat: " + p + " "), err);
        assertFalse(err.contains("Exception") || err.contains("\tat "), err);
        lastError = err;
        kinds.merge(kindOf(2), 1, Integer::sum);
        return 2;
    }

    private String kindOf(final int code)
    {
        if (code == 0)
        {
            return "valid read";
        }
        for (final String kind : KINDS)
        {
            if (lastError.contains(kind))
            {
                return kind;
            }
        }
        fail("an error of no known kind: " + lastError);
        return null;
    }
}
