package org.rwsem4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import org.rwsem4j.spi.DecisionPoint;
import org.rwsem4j.spi.Patch;

/**
 * {@link Variant#requiresClosure}, the one requires-closure walk (the presets, the decision-point check,
 * {@link Variant#withRequirements} and the bench's ablation plan all use it).
 */
class RequiresClosureTest
{
    private static Set<String> closure(final Map<String, Set<String>> requires, final String... roots)
    {
        return Variant.requiresClosure(List.of(roots), requires::get);
    }

    @Test
    void aChainIsWalkedToItsEnd()
    {
        final Map<String, Set<String>> requires = Map.of("c", Set.of("b"), "b", Set.of("a"), "a", Set.of(),
            "other", Set.of());
        assertEquals(Set.of("a", "b", "c"), closure(requires, "c"));
        assertEquals(Set.of("a", "b"), closure(requires, "b"));
        assertEquals(Set.of("a"), closure(requires, "a"));
        assertEquals(Set.of(), closure(requires));
    }

    @Test
    void aDiamondAndSeveralRootsGiveEachNameOnce()
    {
        final Map<String, Set<String>> requires = Map.of("top", Set.of("left", "right"), "left", Set.of("bottom"),
            "right", Set.of("bottom"), "bottom", Set.of(), "lone", Set.of());
        assertEquals(List.of("bottom", "left", "lone", "right", "top"),
            List.copyOf(closure(requires, "top", "lone")));
    }

    @Test
    void aCycleEnds()
    {
        final Map<String, Set<String>> requires = Map.of("x", Set.of("y"), "y", Set.of("z"), "z", Set.of("x"));
        assertEquals(Set.of("x", "y", "z"), closure(requires, "y"));
    }

    @Test
    void anUnknownNameIsInTheClosureButNotWalked()
    {
        final Map<String, Set<String>> requires = Map.of("p", Set.of("missing"));
        assertEquals(Set.of("missing", "p"), closure(requires, "p"));
        assertEquals(Set.of("ghost"), closure(requires, "ghost"));
    }

    @Test
    void theClosureCannotBeChanged()
    {
        final Set<String> c = closure(Map.of("a", Set.of()), "a");
        assertThrows(UnsupportedOperationException.class, () -> c.add("b"));
    }

    @Test
    void withRequirementsAddsWhatIsRequiredTransitively()
    {
        final Variant v = Variant.withRequirements(List.of(TestPatch.named("c-test").requires("b-test"),
            TestPatch.named("b-test").requires("a-test"), TestPatch.named("a-test")));
        assertEquals("a-test+b-test+c-test", v.spec());
        assertEquals(List.of("a-test", "b-test", "c-test"), v.installOrder().stream().map(Patch::name).toList());
    }

    @Test
    void withRequirementsNamesTheMissingRequirementAndWhoNeedsIt()
    {
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
            () -> Variant.withRequirements(List.of(TestPatch.named("c-test").requires("b-test"),
                TestPatch.named("b-test").requires("nowhere-test"))));
        assertTrue(ex.getMessage().contains("b-test requires nowhere-test, which is not available"),
            ex::getMessage);
    }

    /** The decision-point check asks whether one patch requires the other through the same walk. */
    @Test
    void aRefinementTwoStepsAwayMayShareADecisionPoint()
    {
        final Rwsem lock = Rwsem.builder()
            .patch(TestPatch.named("top-test").requires("mid-test").overrides(DecisionPoint.READ_TRYLOCK)
                .installs(h -> h.readTrylock(h.readTrylock())))
            .patch(TestPatch.named("mid-test").requires("low-test"))
            .patch(TestPatch.named("low-test").overrides(DecisionPoint.READ_TRYLOCK)
                .installs(h -> h.readTrylock(h.readTrylock())))
            .build();
        assertEquals("low-test+mid-test+top-test", lock.variant());
    }
}
