package org.rwsem4j.bench.ablation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.Set;

import org.junit.jupiter.api.Test;

class BenchSpecsTest
{
    /** A method that no specification runs would never be planned; one that two run would be planned twice. */
    @Test
    void everyMethodBelongsToExactlyOneSpecification()
    {
        for (final Bench b : Bench.values())
        {
            assertEquals(1, BenchSpecs.ALL.stream().filter(s -> s.benches().contains(b)).count(), b.name());
            assertTrue(BenchSpecs.of(b).benches().contains(b), b.name());
        }
    }

    @Test
    void everySectionHasASpecification()
    {
        final Set<Section> covered = EnumSet.noneOf(Section.class);
        BenchSpecs.ALL.forEach(s -> covered.add(s.section()));
        assertEquals(EnumSet.allOf(Section.class), covered);
    }

    /** A patch's seed names the mail it comes from, or the mail that needs it; controls name none. */
    @Test
    void aPatchCountsForEverySeedItsSeedNames()
    {
        final PatchInfo handoff = new PatchInfo("h", "m", "5.3 (needed by 001)", Set.of(), Set.of(), false);
        assertTrue(handoff.fromSeed(Set.of("001")));
        assertTrue(!handoff.fromSeed(Set.of("002", "004")));
        assertTrue(new PatchInfo("t", "m", "004", Set.of(), Set.of(), false).fromSeed(TrylockSpec.SEEDS));
        assertTrue(!PatchInfo.control("c", false).fromSeed(Set.of("001", "002", "003", "004", "000")));
    }
}
