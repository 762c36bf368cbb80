package org.rwsem4j.examples;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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

    @Test
    void mainRunsAsAProgram()
    {
        assertDoesNotThrow(() -> LruCacheDemo.main(new String[]{"base", "2", "10000"}));
    }

    @Test
    void everyRecommendedPatchResolves()
    {
        assertTrue(Rwsem.availablePatches().containsAll(java.util.Set.of("reader-owned", "wake-once", "handoff",
            "handoff-spin")), Rwsem.availablePatches().toString());
    }
}
