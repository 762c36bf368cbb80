package org.rwsem4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

/** This module's tests have the engine and no patch module: {@code recommended} is unavailable, {@code all} is base. */
class PresetStatusTest
{
    @Test
    void recommendedWithoutItsModulesIsUnavailableWithTheLibrarysReason()
    {
        final PresetStatus s = PresetStatus.of(PresetStatus.RECOMMENDED, Set.of());
        assertFalse(s.available());
        assertTrue(s.became().startsWith("unavailable (spec 'recommended'"), s.became());
        assertTrue(s.reason().contains("org.rwsem4j:rwsem4j-all"), s.reason());
    }

    @Test
    void allWithoutPatchesIsBase()
    {
        final PresetStatus s = PresetStatus.of(PresetStatus.ALL, Set.of());
        assertTrue(s.available());
        assertEquals("= base", s.became());
    }

    @Test
    void anUnavailableRecommendedLeavesTheDefaultListWithItsOptions()
    {
        assertEquals(List.of("rrwl", "base", "all"),
            PresetStatus.runnable(List.of("rrwl", "recommended", "base", "recommended@heap", "all"), Set.of()));
    }
}
