package org.rwsem4j.torture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.rwsem4j.Variant;

/**
 * Every combination of the three independent seed patches 002, 003 and 004 ({@code reader-owned}, {@code wake-once},
 * {@code trylock}), the eight of them, passes the exclusion oracle with interrupts and timeouts and ends quiescent.
 * A combination whose module is not in this build (left out with {@code -P '!rwsem-trylock'}, say) is still listed,
 * and skipped by an assumption that names the missing module.
 */
class SeedPatchCombinationsTest
{
    private static final List<String> PATCHES = List.of("reader-owned", "wake-once", "trylock");

    @TestFactory
    List<DynamicTest> allEightCombinationsSurviveTorture()
    {
        final List<DynamicTest> tests = new ArrayList<>();
        for (int mask = 0; mask < 8; mask++)
        {
            final List<String> names = new ArrayList<>();
            for (int i = 0; i < PATCHES.size(); i++)
            {
                if ((mask & (1 << i)) != 0)
                {
                    names.add(PATCHES.get(i));
                }
            }
            final String spec = names.isEmpty() ? "base" : String.join("+", names);
            tests.add(DynamicTest.dynamicTest(spec, () ->
            {
                final List<String> missing = new ArrayList<>(names);
                missing.removeAll(Variant.available());
                assumeTrue(missing.isEmpty(), () -> "skipped: module(s) not on the classpath: " +
                    String.join(", ", missing.stream().map(p -> "rwsem-" + p).toList()));
                torture(spec);
            }));
        }
        return tests;
    }

    private static void torture(final String spec)
    {
        final TortureResult r = TortureRunner.builder()
            .variant(spec)
            .oracle(Oracle.EXCLUSION)
            .readers(8)
            .writers(8)
            .duration(Duration.ofMillis(1500))
            .interruptRate(500)
            .seed(spec.hashCode())
            .build()
            .run();
        assertTrue(r.success(), r::report);
        assertEquals(Variant.parse(spec).spec(), r.lockName());
        assertEquals(Boolean.TRUE, r.quiescent(), r::report);
        assertTrue(r.interruptsSent() > 0, r::report);
        assertTrue(r.reads().timeouts() + r.writes().timeouts() > 0, r::report);
    }
}
