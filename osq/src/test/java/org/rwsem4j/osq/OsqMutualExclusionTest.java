package org.rwsem4j.osq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.IntStream;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Test 1: mutual exclusion among OSQ heads, 2 to 16 threads on however few cores (oversubscribed), with random
 * give-ups, so that all three unqueue steps race with joins and handoffs; on both layouts, {@link Osq} and
 * {@link CompactOsq}.
 */
class OsqMutualExclusionTest
{

    private static final int TOTAL_ATTEMPTS = 150_000;

    static Stream<Arguments> kindsAndThreads()
    {
        return Stream.of(OsqKind.values()).flatMap(k -> IntStream.of(2, 4, 8, 16).mapToObj(t -> Arguments.of(k, t)));
    }

    @ParameterizedTest(name = "{0}, {1} threads")
    @MethodSource("kindsAndThreads")
    void headsAreMutuallyExclusiveWithRandomGiveUps(final OsqKind kind, final int threads)
    {
        final AbstractOsq osq = kind.create();
        final long seed = System.nanoTime();
        final QueueUnderTest q = QueueUnderTest.of(osq);
        final MutexHarness.Report r = MutexHarness.run(q.toString(), q,
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
