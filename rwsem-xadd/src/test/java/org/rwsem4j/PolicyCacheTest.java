package org.rwsem4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Locks of one spec and tunables share one resolved {@link Policy}, so building a lock parses and installs
 * nothing again; extra patches, custom clocks and bad specs are never cached.
 */
final class PolicyCacheTest
{
    @BeforeEach
    void emptyCache()
    {
        Policy.clearCache(); // the bound test fills it; each test starts from an empty one
    }

    @Test
    void locksOfOneSpecAndTunablesShareOnePolicy()
    {
        final Rwsem a = Rwsem.of("base");
        final Rwsem b = Rwsem.of("base");
        assertSame(a.tunables(), b.tunables(), "the second lock reused the first one's resolved policy");
        assertSame(Policy.of("base", List.of(), Tunables.defaults()),
            Policy.of("base", List.of(), Tunables.defaults()));
        assertEquals(a.variant(), b.variant());
    }

    @Test
    void differentTunablesGetDifferentPolicies()
    {
        final Rwsem a = Rwsem.builder().variant("all").spinBudget(Duration.ofNanos(1_234)).build();
        final Rwsem b = Rwsem.builder().variant("all").spinBudget(Duration.ofNanos(1_235)).build();
        final Rwsem c = Rwsem.builder().variant("all").spinBudget(Duration.ofNanos(1_234)).build();
        assertNotSame(a.tunables(), b.tunables());
        assertSame(a.tunables(), c.tunables());
        assertEquals(1_234, a.tunables().spinBudgetNanos());
        assertEquals(1_235, b.tunables().spinBudgetNanos());
    }

    @Test
    void thePaddingOptionIsPartOfTheKey()
    {
        final Rwsem packed = Rwsem.builder().variant("all").onHeap().build();
        final Rwsem padded = Rwsem.builder().variant("all").onHeap().padded(true).build();
        final Rwsem paddedToo = Rwsem.builder().variant("all").onHeap().padded(true).build();
        assertNotSame(packed.tunables(), padded.tunables(), "a padded lock must not get the packed one's policy");
        assertSame(padded.tunables(), paddedToo.tunables());
        assertTrue(padded.tunables().padded());
        assertFalse(packed.tunables().padded());
    }

    @Test
    void aCustomClockOrExtraPatchesAreResolvedForEachBuild()
    {
        final NanoClock clock = System::nanoTime;
        final Rwsem a = Rwsem.builder().variant("base").clock(clock).build();
        final Rwsem b = Rwsem.builder().variant("base").clock(clock).build();
        assertNotSame(a.tunables(), b.tunables(), "a custom clock must not be cached");
        final Rwsem c = Rwsem.builder().variant("base").patch(TestPatch.named("policy-cache-test")).build();
        final Rwsem d = Rwsem.builder().variant("base").patch(TestPatch.named("policy-cache-test")).build();
        assertNotSame(c.tunables(), d.tunables(), "extra patches must not be cached");
    }

    @Test
    void aBadSpecIsNeverCachedAndThrowsTheSameMessageEachTime()
    {
        final int before = Policy.cachedCount();
        final IllegalArgumentException first =
            assertThrows(IllegalArgumentException.class, () -> Rwsem.of("no-such-patch"));
        final IllegalArgumentException second =
            assertThrows(IllegalArgumentException.class, () -> Rwsem.of("no-such-patch"));
        assertEquals(first.getMessage(), second.getMessage());
        assertEquals(before, Policy.cachedCount());
    }

    @Test
    void theCacheIsBounded()
    {
        for (int i = 0; i < Policy.MAX_CACHED + 8; i++)
        {
            Rwsem.builder().variant("base").nullOwnerRetries(1_000 + i).build();
        }
        assertTrue(Policy.cachedCount() <= Policy.MAX_CACHED, "cached: " + Policy.cachedCount());
        final Rwsem late = Rwsem.builder().variant("base").nullOwnerRetries(5_000).build();
        assertEquals("base", late.variant(), "past the bound a lock is still built, only not cached");
    }
}
