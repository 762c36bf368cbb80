package org.rwsem4j.osq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Test 1: mutual exclusion among OSQ heads, 2 to 16 threads on however few cores (oversubscribed), with random
 * give-ups, so that all three unqueue steps race with joins and handoffs.
 */
class OsqMutualExclusionTest
{

    private static final int TOTAL_ATTEMPTS = 150_000;

    @ParameterizedTest(name = "{0} threads")
    @ValueSource(ints = {2, 4, 8, 16})
    void headsAreMutuallyExclusiveWithRandomGiveUps(final int threads)
    {
        final Osq osq = new Osq();
        final long seed = System.nanoTime();
        final MutexHarness.Report r = MutexHarness.run("Osq", QueueUnderTest.of(osq),
                new MutexHarness.Config(threads, TOTAL_ATTEMPTS / threads, seed, 10_000));
        System.out.println(r);

        assertTrue(r.failures().isEmpty(), r::toString);
        assertEquals(r.attempts(), r.holds() + r.giveUps(), "holds + give-ups == attempts");
        assertEquals(r.holds(), r.oracle(), "plain-field oracle");
        assertTrue(r.holds() > 0 && r.giveUps() > 0, "both outcomes exercised: " + r);
        assertFalse(osq.isLocked(), "empty at the end");
        assertNull(osq.describeTail(), "no tail at the end");
    }
}
