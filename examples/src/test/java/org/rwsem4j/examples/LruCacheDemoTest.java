package org.rwsem4j.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rwsem4j.Rwsem;

/** Runs the demo program, as CI does, with the JVM flag from surefire's argLine. */
class LruCacheDemoTest
{
    /** The full recommended set: rwsem4j-all must bring every module it names, or this variant is smaller. */
    static final String RECOMMENDED =
        "handoff+handoff-on-readers+handoff-spin+reader-owned+reader-spin+reader-steal+spin-on-readers+wake-once";

    @Test
    void recommendedFromRwsem4jAllIsTheFullSet()
    {
        assertEquals(RECOMMENDED, Rwsem.of("recommended").variant(),
            "a patch module is missing from rwsem4j-all's dependencies: " + Rwsem.availablePatches());
    }

    @Test
    void theDemoRunsAndItsResultsAreConsistent() throws Exception
    {
        final LruCacheDemo.Summary s = LruCacheDemo.run("recommended", 4, 50_000);
        System.out.println(s);
        assertEquals("rwsem4j " + RECOMMENDED, s.kind(), "the patch modules are on the classpath");
        assertEquals(0, s.wrongValues());
        assertTrue(s.size() <= s.capacity());
        assertTrue(s.hits() > 0 && s.misses() > 0);
        assertTrue(s.hits() + s.misses() <= s.ops(),
            "every lookup is a hit or a miss; puts and invalidations are neither");
        assertTrue(s.lockEvents().get("rwsem_rlock") > 0, s.lockEvents().toString());
    }

    /** The JDK locks run the same workload, and report no lock events (they keep none). */
    @ParameterizedTest
    @ValueSource(strings = {"rrwl", "stamped", "mutex"})
    void theJdkLocksRunTheSameWorkload(final String lock) throws Exception
    {
        final LruCacheDemo.Summary s = LruCacheDemo.run(lock, 3, 20_000);
        assertEquals(60_000, s.ops());
        assertEquals(0, s.wrongValues());
        assertTrue(s.size() <= s.capacity());
        assertTrue(s.hits() > 0 && s.misses() > 0);
        assertEquals(Map.of(), s.lockEvents());
    }

    private static String text(final ByteArrayOutputStream bytes)
    {
        return bytes.toString(StandardCharsets.UTF_8);
    }

    private static PrintStream print(final ByteArrayOutputStream bytes)
    {
        return new PrintStream(bytes, true, StandardCharsets.UTF_8);
    }

    /** The program's body, without the process exit: its status is asserted here, not the test JVM's life. */
    @Test
    void theProgramPrintsOneLinePerLockAndExitsZero() throws Exception
    {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(0, LruCacheDemo.run(new String[]{"--locks", "base,rrwl,stamped,mutex", "--threads", "2",
            "--ops", "10000"}, print(out), print(err)), text(err));
        System.out.print(text(out));
        final List<String> lines = text(out).lines().toList();
        assertEquals(6, lines.size(), text(out));
        assertTrue(lines.get(0).startsWith("LRU cache demo: 2 threads, 10,000 ops per thread per lock"), lines.get(0));
        assertTrue(lines.get(2).matches("base +[0-9,]+ +20,000 .* rwsem4j base +rwsem_rlock=.*"), lines.get(2));
        assertTrue(lines.get(3).matches("rrwl +[0-9,]+ +20,000 .* ReentrantReadWriteLock \\(nonfair\\) +-"),
            lines.get(3));
        assertTrue(lines.get(4).startsWith("stamped "), lines.get(4));
        assertTrue(lines.get(5).startsWith("mutex "), lines.get(5));
        assertEquals("", text(err));
    }

    /** A timed run stops by itself and counts what the workers did. */
    @Test
    void aTimedRunStops() throws Exception
    {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(0, LruCacheDemo.run(new String[]{"--locks", "mutex", "--threads", "2", "--seconds", "0.2"},
            print(out), print(err)), text(err));
        assertTrue(text(out).contains("0.2 s per lock after a 0.1 s warm-up"), text(out));
    }

    /** The program's verdict can fail: a run with a wrong value is status 1 with a one-line reason. */
    @Test
    void aRunWithWrongValuesFails()
    {
        final LruCacheDemo.Summary good = new LruCacheDemo.Summary("rrwl", "ReentrantReadWriteLock (nonfair)", 1, 10,
            5, 5, 0, 3, 1024, 0, 1_000_000, Map.of());
        final LruCacheDemo.Summary bad = new LruCacheDemo.Summary("base", "rwsem4j base", 1, 10, 5, 5, 0, 3, 1024, 2,
            1_000_000, Map.of());
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(1, LruCacheDemo.status(List.of(good, bad), print(new ByteArrayOutputStream()), print(err)));
        assertEquals("LRU cache demo: FAILED on base (wrong values 2, size 3/1024)", text(err).strip());
        System.out.println("[expected] " + text(err).strip());
    }

    @ParameterizedTest
    @ValueSource(strings = {"--threads two", "--threads 0", "--ops -1", "--seconds 0", "--ops 5 --seconds 1",
        "--locks rrwl,,mutex", "--locks rrwl,no-such-patch", "--locks fair", "--verbose 1", "--threads"})
    void badArgumentsAreOneLineAndStatusTwo(final String args) throws Exception
    {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(2, LruCacheDemo.run(args.split(" "), print(out), print(err)));
        assertEquals(1, text(err).strip().lines().count(), text(err));
        assertTrue(text(err).startsWith("LRU cache demo: "), text(err));
        assertEquals("", text(out), "nothing runs before every lock is known");
        System.out.println("[expected] " + args + " -> " + text(err).strip());
    }

    @Test
    void everyRecommendedPatchResolves()
    {
        assertTrue(Rwsem.availablePatches().containsAll(Set.of(RECOMMENDED.split("\\+"))),
            Rwsem.availablePatches().toString());
    }
}
