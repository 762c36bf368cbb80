package org.rwsem4j.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;

import org.junit.jupiter.api.Test;
import org.rwsem4j.spi.DecisionPoint;
import org.rwsem4j.Rwsem;
import org.rwsem4j.Variant;
import org.rwsem4j.bench.ablation.AblationPlan;
import org.rwsem4j.bench.ablation.Contribution;
import org.rwsem4j.bench.ablation.PatchInfo;
import org.rwsem4j.bench.cli.PatchList;

/** The bench-only controls as ServiceLoader finds them with the bench on the classpath. */
class ControlPatchTest
{
    @Test
    void controlsAreFoundButStayOutOfThePresetsAndTheLibraryPatchList()
    {
        assertTrue(Variant.available().containsAll(Set.of(NullControlPatch.NAME, SlowWakeControlPatch.NAME)));
        for (final String preset : new String[] {"all", "recommended"})
        {
            final Variant v = Variant.parse(preset);
            assertFalse(v.contains(NullControlPatch.NAME) || v.contains(SlowWakeControlPatch.NAME), v.spec());
        }
        assertFalse(PatchInfo.libraryPatchNames().contains(NullControlPatch.NAME));
        assertFalse(PatchInfo.libraryPatchNames().contains(SlowWakeControlPatch.NAME));
        final String list = PatchList.render();
        final String table = list.substring(0, list.indexOf("bench-only controls"));
        assertFalse(table.contains(NullControlPatch.NAME), table);
        assertTrue(list.contains("slow-wake-control (positive)"), list);
    }

    @Test
    void thePlanOverTheClasspathComparesControlsOnlyAsControls()
    {
        final AblationPlan plan = AblationPlan.of(PatchInfo.available());
        assertFalse(plan.all().patches().contains(NullControlPatch.NAME));
        assertTrue(plan.contributions().stream().filter(c -> c.patch().equals(NullControlPatch.NAME) ||
            c.patch().equals(SlowWakeControlPatch.NAME)).allMatch(Contribution::isControl));
        assertEquals(4, plan.controlComparisons().size());
    }

    @Test
    void theNullControlTouchesNoDecisionPointAndThePositiveOneOnlyTheUnlockWake()
    {
        assertEquals(Set.of(), Variant.patch(NullControlPatch.NAME).decisionPoints());
        assertEquals(Set.of(DecisionPoint.UNLOCK_WAKE), Variant.patch(SlowWakeControlPatch.NAME).decisionPoints());
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> Variant.parse("wake-skip+" + SlowWakeControlPatch.NAME));
        assertTrue(e.getMessage().contains("conflicts"), e.getMessage());
    }

    @Test
    void locksWithTheControlsStillExclude() throws Exception
    {
        for (final String spec : new String[] {NullControlPatch.NAME, "base+" + SlowWakeControlPatch.NAME})
        {
            final Rwsem lock = Rwsem.of(spec.replace("base+", ""));
            final GuardedPair pair = new GuardedPair();
            final LockTestRun run = new LockTestRun(lock, pair, 4, 20_000, Ratio.parse("1:1"), 1, 0, 1);
            run.start();
            run.go();
            run.join();
            assertTrue(run.overlap().overlap() <= 1);
        }
    }
}
