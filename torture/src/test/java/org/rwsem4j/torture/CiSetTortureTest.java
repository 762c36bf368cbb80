package org.rwsem4j.torture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.rwsem4j.LockEvent;
import org.rwsem4j.Variant;

/**
 * The CI set (DESIGN.md "CI time"): base, each patch with what it requires, every pair sharing a decision point, and
 * {@code all}, over whatever patch modules are on the classpath. Each variant gets an exclusion run and a data run,
 * 16 threads on the build machine's cores (oversubscribed), with interrupts, timeouts and stutter, and the history
 * oracle on: every operation is recorded and the history must be an atomic register's.
 */
class CiSetTortureTest
{
    private static final Duration RUN = Duration.ofSeconds(2);

    @TestFactory
    List<DynamicTest> everyCiVariantSurvivesTorture()
    {
        final List<Variant> ciSet = Variant.ciSet();
        assertFalse(ciSet.isEmpty());
        final List<DynamicTest> tests = new ArrayList<>();
        for (final Variant v : ciSet)
        {
            for (final Oracle oracle : Oracle.values())
            {
                tests.add(DynamicTest.dynamicTest(v.spec() + " [" + oracle.cliName() + "]", () -> torture(v, oracle)));
            }
        }
        return tests;
    }

    private static void torture(final Variant v, final Oracle oracle)
    {
        final TortureResult r = TortureRunner.builder()
            .variant(v.spec())
            .oracle(oracle)
            .readers(8)
            .writers(8)
            .duration(RUN)
            .interruptRate(500)
            .stutter(true)
            .history(true)
            .seed(v.spec().hashCode() * 31L + oracle.ordinal())
            .build()
            .run();
        assertTrue(r.success(), r::report);
        assertEquals(v.spec(), r.lockName());
        assertEquals(Boolean.TRUE, r.quiescent(), r::report);
        assertTrue(r.reads().total() > 0 && r.writes().total() > 0, r::report);
        // the run did exercise the give-up paths and the slow path
        assertTrue(r.interruptsSent() > 0, r::report);
        assertTrue(r.reads().timeouts() + r.writes().timeouts() > 0, r::report);
        assertTrue(r.events().get(LockEvent.WLOCK) > 0, r::report);
        assertTrue(r.downgrades() > 0, r::report);
        assertTrue(r.historyChecked() && r.historyOperations() > r.reads().total(), r::report);
        assertEquals(0, r.historyViolationCount(), r::report);
    }
}
