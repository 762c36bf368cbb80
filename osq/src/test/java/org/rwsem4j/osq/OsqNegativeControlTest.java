package org.rwsem4j.osq;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Test 2: the harness of {@link OsqMutualExclusionTest} catches deliberately broken queues ({@link BrokenOsq}),
 * and passes the unmutated copy, so its verdict on the real {@link Osq} means something.
 */
class OsqNegativeControlTest {

    private static final int MAX_ROUNDS = 5;

    private static MutexHarness.Report round(BrokenOsq.Bug bug, long seed) {
        AtomicBoolean abandon = new AtomicBoolean();
        BrokenOsq q = new BrokenOsq(bug, abandon::get);
        return MutexHarness.run(q.toString(), q, abandon, new MutexHarness.Config(4, 5_000, seed, 1_000));
    }

    @ParameterizedTest
    @EnumSource(value = BrokenOsq.Bug.class,
            names = {"SKIP_STEP_A", "STEP_A_IGNORES_HANDOFF", "UNLOCK_FORGETS_HANDOFF", "TAIL_CHECK_THEN_ACT"})
    void harnessReportsTheSeededBug(BrokenOsq.Bug bug) {
        long seed = System.nanoTime();
        for (int i = 0; i < MAX_ROUNDS; i++) {
            MutexHarness.Report r = round(bug, seed + i);
            System.out.println("round " + i + ": " + r);
            if (!r.clean()) {
                return;
            }
        }
        throw new AssertionError("the harness did not catch " + bug + " in " + MAX_ROUNDS + " rounds");
    }

    @Test
    void harnessPassesTheFaithfulCopy() {
        MutexHarness.Report r = round(BrokenOsq.Bug.NONE, System.nanoTime());
        System.out.println(r);
        assertTrue(r.clean(), r::toString);
        assertFalse(r.lockedAtEnd());
    }
}
