package org.rwsem4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.RecordComponent;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Locks of one spec and tunables share one resolved {@link Policy}, so building a lock parses and installs
 * nothing again; extra patches, custom clocks and bad specs are never cached.
 */
final class PolicyCacheTest
{
    /** The resolved choices of the policy {@code lock} was built from: one object per policy. */
    private static Choices choices(final Rwsem lock)
    {
        return ((WriteCondition)lock.writeLock().newCondition()).engine().choices();
    }

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

    /**
     * The cache's key is the spec and the whole {@link Tunables} value: a lock that asks for a different value of any
     * one tunable must get a policy of its own, never the one cached for the defaults. The clock is the exception:
     * a custom clock is never cached at all (below). The map must vary every record component but the clock, so a
     * tunable added later without an entry here fails the test.
     */
    @Test
    void everyTunableButTheClockIsPartOfTheKey() throws ReflectiveOperationException
    {
        final Map<String, UnaryOperator<RwsemBuilder>> vary = Map.of(
            "spinBudgetNanos", b -> b.spinBudget(Duration.ofNanos(Tunables.DEFAULT_SPIN_BUDGET_NANOS + 1)),
            "handoffTimeoutNanos", b -> b.handoffTimeout(Duration.ofNanos(Tunables.DEFAULT_HANDOFF_TIMEOUT_NANOS + 1)),
            "readerSpinThreshold", b -> b.readerSpinThreshold(Tunables.ReaderSpinThreshold.TIME),
            "readerSpinCount", b -> b.readerSpinCount(Tunables.DEFAULT_READER_SPIN_COUNT + 1),
            "nullOwnerRetries", b -> b.nullOwnerRetries(Tunables.DEFAULT_NULL_OWNER_RETRIES + 1),
            "platformAdaptations", b -> b.platformAdaptations(false),
            "padded", b -> b.padded(true));
        final Set<String> components = Arrays.stream(Tunables.class.getRecordComponents())
            .map(RecordComponent::getName).filter(n -> !n.equals("clock")).collect(Collectors.toSet());
        assertEquals(components, vary.keySet(), "every tunable but the clock is varied");
        final Rwsem defaults = Rwsem.builder().variant("base").onHeap().build();
        for (final RecordComponent c : Tunables.class.getRecordComponents())
        {
            if (c.getName().equals("clock"))
            {
                continue;
            }
            final Rwsem varied = vary.get(c.getName()).apply(Rwsem.builder().variant("base").onHeap()).build();
            final Rwsem again = vary.get(c.getName()).apply(Rwsem.builder().variant("base").onHeap()).build();
            assertFalse(c.getAccessor().invoke(defaults.tunables()).equals(c.getAccessor().invoke(varied.tunables())),
                c.getName() + " was not varied: " + varied.tunables());
            assertNotSame(choices(defaults), choices(varied),
                "a lock with another " + c.getName() + " got the defaults' cached policy");
            assertEquals(c.getAccessor().invoke(again.tunables()), c.getAccessor().invoke(varied.tunables()));
            assertSame(choices(varied), choices(again), c.getName() + ": a second build reuses the policy");
        }
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
        assertNotSame(choices(c), choices(d), "extra patches must not be cached");
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
