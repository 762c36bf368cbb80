package org.rwsem4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.rwsem4j.spi.DecisionPoint;
import org.rwsem4j.spi.Patch;
import org.rwsem4j.spi.ReadTrylock;

/**
 * The spec grammar, the presets, the canonical form, and the {@link IllegalArgumentException} messages; the patch
 * contract (requires, conflicts, one provider per decision point, declared hooks only) through test-only patches
 * given to {@link RwsemBuilder#patch(Patch)}. Only the base exists on this module's classpath.
 */
class VariantSpecTest
{
    private static <T extends Throwable> T assertMessage(final Class<T> type, final Executable call,
        final String... fragments)
    {
        final T ex = assertThrows(type, call);
        for (final String f : fragments)
        {
            assertTrue(ex.getMessage() != null && ex.getMessage().contains(f),
                () -> "message lacks '" + f + "': " + ex.getMessage());
        }
        return ex;
    }

    @ParameterizedTest
    @ValueSource(strings = {"base", "xadd", "all", " base ", "XADD", "\tBase\n", " ALL "})
    void presetsResolveToTheBaseHere(final String spec)
    {
        assertEquals("base", Rwsem.of(spec).variant());
        assertEquals("base", Variant.parse(spec).spec());
        assertTrue(Variant.parse(spec).patchNames().isEmpty());
    }

    @Test
    void noPatchesOnThisModulesClasspath()
    {
        assertTrue(Rwsem.availablePatches().isEmpty(), Rwsem.availablePatches()::toString);
        assertEquals(List.of(Variant.parse("base")), Variant.allValidCombinations());
        assertEquals(List.of(Variant.parse("base")), Variant.ciSet());
    }

    @Test
    void emptyOrBlankSpec()
    {
        for (final String spec : new String[] {"", "   ", "\t", null})
        {
            assertMessage(IllegalArgumentException.class, () -> Rwsem.of(spec), "empty variant spec",
                "available patches", "presets: base (alias xadd), all, recommended");
        }
    }

    @Test
    void emptyNameBetweenPluses()
    {
        for (final String spec : new String[] {"+trylock", "+", "  +  ", " + handoff"})
        {
            assertMessage(IllegalArgumentException.class, () -> Rwsem.of(spec), "empty patch name",
                "'" + spec + "'", "available patches");
        }
        // With nothing on the classpath, "a" is reported before the empty name; either way the spec is quoted.
        assertMessage(IllegalArgumentException.class, () -> Rwsem.of("a++b"), "'a++b'");
    }

    @Test
    void presetsCannotBeCombinedOrRepeated()
    {
        assertMessage(IllegalArgumentException.class, () -> Rwsem.of("base+base"),
            "preset 'base' cannot be combined", "'base+base'");
        assertMessage(IllegalArgumentException.class, () -> Rwsem.of("xadd+all"), "cannot be combined");
        assertMessage(IllegalArgumentException.class, () -> Rwsem.of("recommended + base"), "cannot be combined");
    }

    @Test
    void unknownNameListsWhatIsAvailable()
    {
        assertMessage(IllegalArgumentException.class, () -> Rwsem.of("trylok"), "unknown patch 'trylok'",
            "available patches", "(none on the classpath)", "presets: base (alias xadd), all, recommended");
    }

    @Test
    void knownPatchWhoseModuleIsMissingNamesTheModule()
    {
        assertMessage(IllegalArgumentException.class, () -> Rwsem.of("handoff"), "'handoff'",
            "not on the classpath", "rwsem-handoff");
        for (final Map.Entry<String, String> e : Catalogue.MODULE_OF.entrySet())
        {
            assertMessage(IllegalArgumentException.class, () -> Rwsem.of(e.getKey()), "'" + e.getKey() + "'",
                "org.rwsem4j:" + e.getValue());
        }
        assertMessage(IllegalArgumentException.class, () -> Rwsem.of(" wake-skip + handoff "),
            "rwsem-reader-spin");
    }

    @Test
    void missingRequirement()
    {
        assertMessage(IllegalArgumentException.class,
            () -> Rwsem.builder().patch(TestPatch.named("x-test").requires("y-test")).build(),
            "x-test requires y-test");
    }

    @Test
    void declaredConflict()
    {
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class, () -> Rwsem.builder()
            .patch(TestPatch.named("a-test").conflicts("b-test"))
            .patch(TestPatch.named("b-test"))
            .build());
        assertTrue(ex.getMessage().contains("a-test conflicts with b-test"), ex::getMessage);
    }

    @Test
    void twoProvidersOfOneDecisionPointWithoutRequires()
    {
        assertMessage(IllegalArgumentException.class, () -> Rwsem.builder()
                .patch(TestPatch.named("p-test").overrides(DecisionPoint.READER_COLLECT))
                .patch(TestPatch.named("q-test").overrides(DecisionPoint.READER_COLLECT))
                .build(),
            "both override READER_COLLECT", "neither requires the other", "p-test", "q-test");
    }

    /** A refining patch that requires the other may share its point; it is installed after and sees its choice. */
    @Test
    void aRefinementMayShareADecisionPoint()
    {
        final List<String> order = new ArrayList<>();
        final ReadTrylock never = word -> false;
        final Rwsem lock = Rwsem.builder()
            .patch(TestPatch.named("aa-refiner").requires("zz-base").overrides(DecisionPoint.READ_TRYLOCK)
                .installs(h ->
                {
                    order.add("aa-refiner saw " + (h.readTrylock() == never ? "zz-base's" : "another") + " trylock");
                    final ReadTrylock inner = h.readTrylock();
                    h.readTrylock(inner);
                }))
            .patch(TestPatch.named("zz-base").overrides(DecisionPoint.READ_TRYLOCK)
                .installs(h ->
                {
                    order.add("zz-base");
                    h.readTrylock(never);
                }))
            .build();
        // Dependency order, not name order: the required patch is installed first.
        assertEquals(List.of("zz-base", "aa-refiner saw zz-base's trylock"), order);
        assertEquals("aa-refiner+zz-base", lock.variant());
        // The chosen trylock is the one the lock uses: it never succeeds, even on a free lock.
        assertFalse(lock.readLock().tryLock());
        lock.readLock().lock();
        lock.readLock().unlock();
        TestSupport.assertQuiescent(lock);
    }

    @Test
    void requirementCycle()
    {
        assertMessage(IllegalArgumentException.class, () -> Rwsem.builder()
            .patch(TestPatch.named("c1-test").requires("c2-test"))
            .patch(TestPatch.named("c2-test").requires("c1-test"))
            .build(), "cycle");
    }

    @Test
    void duplicatePatchInstance()
    {
        final TestPatch p = TestPatch.named("dup-test");
        assertMessage(IllegalArgumentException.class, () -> Rwsem.builder().patch(p).patch(p).build(),
            "duplicate patch 'dup-test'");
    }

    @Test
    void settingAnUndeclaredHookIsAnIllegalState()
    {
        assertMessage(IllegalStateException.class, () -> Rwsem.builder()
                .patch(TestPatch.named("sneaky-test").overrides(DecisionPoint.READER_COLLECT)
                    .installs(h -> h.readTrylock(w -> false)))
                .build(),
            "patch sneaky-test sets decision point READ_TRYLOCK but does not declare it");
        assertMessage(IllegalStateException.class, () -> Rwsem.builder()
                .patch(TestPatch.named("bare-test").installs(h -> h.unlockWake(path -> path.wake())))
                .build(),
            "UNLOCK_WAKE");
    }

    @Test
    void canonicalVariantIsSortedNamesJoinedByPlus()
    {
        final Rwsem lock = Rwsem.builder().variant("xadd")
            .patch(TestPatch.named("zeta-test"))
            .patch(TestPatch.named("alpha-test"))
            .patch(TestPatch.named("mid-test"))
            .build();
        assertEquals("alpha-test+mid-test+zeta-test", lock.variant());
        assertTrue(lock.toString().contains("variant=alpha-test+mid-test+zeta-test"), lock::toString);
        assertEquals("base", Rwsem.builder().build().variant());
    }

    @Test
    void builderRejectsNegativeDurationsAndBadCounts()
    {
        assertMessage(IllegalArgumentException.class,
            () -> Rwsem.builder().spinBudget(Duration.ofNanos(-1)), "spinBudget must not be negative");
        assertMessage(IllegalArgumentException.class,
            () -> Rwsem.builder().handoffTimeout(Duration.ofMillis(-4)), "handoffTimeout must not be negative");
        assertMessage(IllegalArgumentException.class, () -> Rwsem.builder().readerSpinCount(0), "readerSpinCount");
        assertMessage(IllegalArgumentException.class, () -> Rwsem.builder().nullOwnerRetries(-1), "nullOwnerRetries");
        assertThrows(NullPointerException.class, () -> Rwsem.builder().spinBudget(null));
        assertThrows(NullPointerException.class, () -> Rwsem.builder().patch(null));

        final Rwsem lock = Rwsem.builder().spinBudget(Duration.ZERO).handoffTimeout(Duration.ofMillis(1))
            .nullOwnerRetries(0).build();
        assertEquals(0, lock.tunables().spinBudgetNanos());
        assertEquals(1_000_000, lock.tunables().handoffTimeoutNanos());
        assertEquals(0, lock.tunables().nullOwnerRetries());
        final Rwsem defaults = Rwsem.of("base");
        assertEquals(Tunables.DEFAULT_SPIN_BUDGET_NANOS, defaults.tunables().spinBudgetNanos());
        assertEquals(NanoClock.SYSTEM, defaults.tunables().clock());
    }
}
