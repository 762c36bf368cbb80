package org.rwsem4j.bench.ablation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

class AblationPlanTest
{
    /** The DESIGN.md catalogue. */
    private static final List<PatchInfo> CATALOGUE = List.of(
        PatchInfo.of("reader-owned"),
        PatchInfo.of("wake-once"),
        PatchInfo.of("trylock"),
        PatchInfo.of("spin-on-readers", "reader-owned"),
        PatchInfo.of("reader-spin", "spin-on-readers"),
        PatchInfo.of("writer-respin"),
        new PatchInfo("wake-skip", "rwsem-reader-spin", "000", Set.of(), Set.of("handoff"), true),
        new PatchInfo("handoff", "rwsem-handoff", "-", Set.of(), Set.of("wake-skip"), false),
        PatchInfo.of("handoff-spin", "handoff"),
        PatchInfo.of("wake-all-readers", "wake-once"),
        PatchInfo.of("reader-steal", "reader-owned"),
        PatchInfo.of("nonspinnable", "spin-on-readers"));

    private static final Set<String> ALL = Set.of("reader-owned", "wake-once", "trylock", "spin-on-readers",
        "reader-spin", "writer-respin", "handoff", "handoff-spin", "wake-all-readers", "reader-steal", "nonspinnable");

    private static Contribution find(final AblationPlan plan, final Contribution.Kind kind, final String patch)
    {
        return plan.contributions().stream().filter(c -> c.kind() == kind && c.patch().equals(patch)).findFirst()
            .orElseThrow(() -> new AssertionError("no " + kind + " " + patch));
    }

    private static Set<String> minus(final Set<String> all, final String... gone)
    {
        return all.stream().filter(n -> !List.of(gone).contains(n)).collect(Collectors.toSet());
    }

    @Test
    void allLeavesOutOptInPatches()
    {
        assertEquals(ALL, AblationPlan.of(CATALOGUE).all().patches());
    }

    @Test
    void addingIsBasePlusPatchAndItsRequirementsAgainstBasePlusRequirements()
    {
        final AblationPlan plan = AblationPlan.of(CATALOGUE);
        final Contribution spin = find(plan, Contribution.Kind.ADDING, "reader-spin");
        assertEquals(Set.of("reader-owned", "spin-on-readers"), spin.without().patches());
        assertEquals(Set.of("reader-owned", "spin-on-readers", "reader-spin"), spin.with().patches());
        final Contribution threshold = find(plan, Contribution.Kind.ADDING, "spin-on-readers");
        assertEquals(Set.of("reader-owned"), threshold.without().patches());
        assertEquals(Set.of("reader-owned", "spin-on-readers"), threshold.with().patches());
        final Contribution handoffSpin = find(plan, Contribution.Kind.ADDING, "handoff-spin");
        assertEquals(Set.of("handoff"), handoffSpin.without().patches());
        assertEquals(Set.of("handoff", "handoff-spin"), handoffSpin.with().patches());
        final Contribution trylock = find(plan, Contribution.Kind.ADDING, "trylock");
        assertEquals(Set.of(), trylock.without().patches());
        final Contribution steal = find(plan, Contribution.Kind.ADDING, "reader-steal");
        assertEquals(Set.of("reader-owned"), steal.without().patches());
        assertEquals(Set.of("reader-owned", "reader-steal"), steal.with().patches());
        final Contribution marked = find(plan, Contribution.Kind.ADDING, "nonspinnable");
        assertEquals(Set.of("reader-owned", "spin-on-readers"), marked.without().patches());
        assertEquals(Set.of("reader-owned", "spin-on-readers", "nonspinnable"), marked.with().patches());
        assertEquals("base", trylock.without().spec());
        assertEquals("trylock", trylock.with().spec());
        final Contribution wakeAll = find(plan, Contribution.Kind.ADDING, "wake-all-readers");
        assertEquals(Set.of("wake-once"), wakeAll.without().patches());
        assertEquals(Set.of("wake-once", "wake-all-readers"), wakeAll.with().patches());
    }

    @Test
    void removingTakesOutThePatchAndEverythingThatRequiresIt()
    {
        final AblationPlan plan = AblationPlan.of(CATALOGUE);
        final Contribution owned = find(plan, Contribution.Kind.REMOVING, "reader-owned");
        assertEquals(ALL, owned.with().patches());
        assertEquals(minus(ALL, "reader-owned", "spin-on-readers", "reader-spin", "reader-steal", "nonspinnable"),
            owned.without().patches());
        final Contribution steal = find(plan, Contribution.Kind.REMOVING, "reader-steal");
        assertEquals(minus(ALL, "reader-steal"), steal.without().patches());
        final Contribution handoff = find(plan, Contribution.Kind.REMOVING, "handoff");
        assertEquals(minus(ALL, "handoff", "handoff-spin"), handoff.without().patches());
        final Contribution spin = find(plan, Contribution.Kind.REMOVING, "reader-spin");
        assertEquals(minus(ALL, "reader-spin"), spin.without().patches());
        final Contribution threshold = find(plan, Contribution.Kind.REMOVING, "spin-on-readers");
        assertEquals(minus(ALL, "spin-on-readers", "reader-spin", "nonspinnable"), threshold.without().patches());
        final Contribution marked = find(plan, Contribution.Kind.REMOVING, "nonspinnable");
        assertEquals(minus(ALL, "nonspinnable"), marked.without().patches());
        final Contribution wakeOnce = find(plan, Contribution.Kind.REMOVING, "wake-once");
        assertEquals(minus(ALL, "wake-once", "wake-all-readers"), wakeOnce.without().patches());
    }

    /** Requirements two steps deep: adding takes them all in, removing takes out every patch above. */
    @Test
    void aChainOfRequirementsIsFollowedBothWays()
    {
        final AblationPlan plan = AblationPlan.of(List.of(PatchInfo.of("low"), PatchInfo.of("mid", "low"),
            PatchInfo.of("top", "mid"), PatchInfo.of("aside")));
        final Contribution addTop = find(plan, Contribution.Kind.ADDING, "top");
        assertEquals(Set.of("low", "mid"), addTop.without().patches());
        assertEquals(Set.of("low", "mid", "top"), addTop.with().patches());
        final Contribution removeLow = find(plan, Contribution.Kind.REMOVING, "low");
        assertEquals(Set.of("aside"), removeLow.without().patches());
        assertEquals("all-low-mid-top", removeLow.without().label());
        final Contribution removeMid = find(plan, Contribution.Kind.REMOVING, "mid");
        assertEquals(Set.of("aside", "low"), removeMid.without().patches());
    }

    @Test
    void optInPatchGoesOnTopOfAllMinusItsConflictsAndIsNeverRemoved()
    {
        final AblationPlan plan = AblationPlan.of(CATALOGUE);
        final Contribution skip = find(plan, Contribution.Kind.OPT_IN, "wake-skip");
        final Set<String> rest = minus(ALL, "handoff", "handoff-spin");
        assertEquals(rest, skip.without().patches());
        final Set<String> with = new java.util.TreeSet<>(rest);
        with.add("wake-skip");
        assertEquals(with, skip.with().patches());
        assertTrue(plan.contributions().stream()
            .noneMatch(c -> c.kind() == Contribution.Kind.REMOVING && c.patch().equals("wake-skip")));
        assertEquals(12 + 11 + 1, plan.contributions().size());
    }

    @Test
    void plansOnlyWhatIsAvailable()
    {
        final AblationPlan plan = AblationPlan.of(List.of(PatchInfo.of("trylock")));
        assertEquals(2, plan.contributions().size());
        assertEquals(Set.of("trylock"), plan.all().patches());
        final Contribution removing = find(plan, Contribution.Kind.REMOVING, "trylock");
        assertEquals("base", removing.without().spec());
        assertEquals(List.of("base", "trylock"),
            plan.configs().stream().map(Config::spec).collect(Collectors.toList()));
    }

    @Test
    void optInWithoutItsConflictOnTheClasspathGoesOnTopOfAll()
    {
        final AblationPlan plan = AblationPlan.of(List.of(PatchInfo.of("reader-owned"),
            new PatchInfo("wake-skip", "rwsem-reader-spin", "000", Set.of(), Set.of("handoff"), true)));
        final Contribution skip = find(plan, Contribution.Kind.OPT_IN, "wake-skip");
        assertEquals("all", skip.without().label());
        assertEquals(Set.of("reader-owned"), skip.without().patches());
        assertEquals(Set.of("reader-owned", "wake-skip"), skip.with().patches());
    }

    @Test
    void noPatchesNoContributions()
    {
        final AblationPlan plan = AblationPlan.of(List.of());
        assertTrue(plan.contributions().isEmpty());
        assertEquals("base", plan.all().spec());
    }

    @Test
    void onlyRestrictsTheMeasuredPatchesButNotAll()
    {
        final AblationPlan plan = AblationPlan.of(CATALOGUE, Set.of("handoff"));
        assertEquals(2, plan.contributions().size());
        assertEquals(ALL, plan.all().patches());
    }

    @Test
    void controlsAreComparedAsXPlusControlAgainstXAndNeverJoinAllOrTheContributions()
    {
        final List<PatchInfo> withControls = new java.util.ArrayList<>(CATALOGUE);
        withControls.add(PatchInfo.control("null-control", false));
        withControls.add(PatchInfo.control("slow-wake-control", true));
        final AblationPlan plan = AblationPlan.of(withControls, Set.of("handoff"));
        assertEquals(ALL, plan.all().patches());
        final List<Contribution> controls = plan.controlComparisons();
        assertEquals(4, controls.size());
        for (final Contribution c : controls)
        {
            final Set<String> expected = new java.util.TreeSet<>(c.without().patches());
            expected.add(c.patch());
            assertEquals(expected, c.with().patches());
            assertTrue(c.without().spec().equals("base") || c.without().patches().equals(ALL), c.title());
        }
        assertEquals(Contribution.Kind.POSITIVE_CONTROL,
            controls.stream().filter(c -> c.patch().equals("slow-wake-control")).findFirst().orElseThrow().kind());
        assertEquals(2 + 4, plan.contributions().size(), "only handoff's two contributions, and every control");
    }

    @Test
    void aControlThatConflictsWithAPatchOfAllIsComparedAgainstBaseOnly()
    {
        final AblationPlan plan = AblationPlan.of(List.of(PatchInfo.of("wake-skip"),
            new PatchInfo("slow", "bench", "control", Set.of(), Set.of("wake-skip"), true,
                PatchInfo.Control.POSITIVE)));
        assertEquals(List.of("base"), plan.controlComparisons().stream().map(c -> c.without().spec()).toList());
    }
}
