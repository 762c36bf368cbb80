package org.rwsem4j.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;
import org.rwsem4j.Rwsem;

/** Runs the demo program, as CI does, with the JVM flag from surefire's argLine. */
class LruCacheDemoTest
{
    @Test
    void theDemoRunsAndItsResultsAreConsistent() throws Exception
    {
        final LruCacheDemo.Summary s = LruCacheDemo.run("recommended", 4, 50_000);
        System.out.println(s);
        assertEquals("handoff+handoff-spin+reader-owned+reader-spin+wake-once", s.variant(), "the patch modules are on the classpath");
        assertEquals(0, s.wrongValues());
        assertTrue(s.size() <= s.capacity());
        assertTrue(s.hits() > 0 && s.misses() > 0);
        assertTrue(s.hits() + s.misses() <= s.ops(), "every lookup is a hit or a miss; puts and invalidations are neither");
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
    void theProgramRunsAndExitsZero() throws Exception
    {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(0, LruCacheDemo.run(new String[]{"base", "2", "10000"}, print(out), print(err)), text(err));
        assertTrue(text(out).startsWith("LRU cache demo: variant base, 2 threads, 20,000 ops"), text(out));
        assertEquals("", text(err));
    }

    /** The program's verdict can fail: a run with a wrong value is status 1 with a one-line reason. */
    @Test
    void aRunWithWrongValuesFails()
    {
        final LruCacheDemo.Summary bad = new LruCacheDemo.Summary("base", 1, 10, 5, 5, 0, 3, 1024, 2, 1_000_000,
            java.util.Map.of());
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(1, LruCacheDemo.status(bad, print(new ByteArrayOutputStream()), print(err)));
        assertEquals("LRU cache demo: FAILED (wrong values 2, size 3/1024)", text(err).strip());
        System.out.println("[expected] " + text(err).strip());
    }

    @Test
    void badArgumentsAreOneLineAndStatusTwo() throws Exception
    {
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(2, LruCacheDemo.run(new String[]{"base", "two"}, print(new ByteArrayOutputStream()),
            print(err)));
        assertEquals(1, text(err).strip().lines().count(), text(err));
    }

    @Test
    void everyRecommendedPatchResolves()
    {
        assertTrue(Rwsem.availablePatches().containsAll(java.util.Set.of("reader-owned", "wake-once", "handoff",
            "handoff-spin")), Rwsem.availablePatches().toString());
    }
}
