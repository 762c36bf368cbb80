package org.rwsem4j.osq;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Test 2: the harness of {@link OsqMutualExclusionTest} catches deliberately broken queues ({@link BrokenOsq}),
 * and passes the unmutated copy, so its verdict on the real queues ({@link Osq}, {@link CompactOsq}) means something.
 */
class OsqNegativeControlTest
{

    private static final int MAX_ROUNDS = 5;
    /** As long as the real test's limit: a loaded machine must not look like a wedged queue. */
    private static final long STALL_MILLIS = 10_000;

    private static MutexHarness.Report round(final BrokenOsq.Bug bug, final long seed)
    {
        final AtomicBoolean abandon = new AtomicBoolean();
        final BrokenOsq q = new BrokenOsq(bug, abandon::get);
        return MutexHarness.run(q.toString(), q, abandon, new MutexHarness.Config(4, 5_000, seed, STALL_MILLIS));
    }

    /**
     * The seeded bug's own symptom. A lost handoff (the first three) leaves the tail set with no holder after a run
     * in which every attempt completed on its own (no stall, no abandon, no hung thread): that is "isLocked() at
     * end" and nothing else. Check-then-act on the tail lets two heads in (an overlap or a lost oracle update), or
     * links two joiners behind the same predecessor, one of which is then orphaned: its unqueue waits in waitNext
     * for a successor link that never comes, and no attempt completes for {@link #STALL_MILLIS}.
     */
    static boolean showsItsSymptom(final BrokenOsq.Bug bug, final MutexHarness.Report r)
    {
        return switch (bug)
        {
            case SKIP_STEP_A, STEP_A_IGNORES_HANDOFF, UNLOCK_FORGETS_HANDOFF -> r.lockedAtEnd() && !r.stalled() &&
                    r.hung().isEmpty() && r.errors().isEmpty() && r.completed() == r.attempts();
            case TAIL_CHECK_THEN_ACT -> r.overlaps() > 0 || r.oracle() != r.holds() || orphanedInWaitNext(r);
            default -> throw new IllegalArgumentException(bug.toString());
        };
    }

    /**
     * A wedge with an orphan: no attempt completes for {@link #STALL_MILLIS}, and every spinner left was caught
     * inside the queue's own waits (abandoned in step A, behind the orphan, or in waitNext, the orphan's wait for a
     * successor link that never comes); none hung anywhere else and nothing else failed.
     */
    static boolean orphanedInWaitNext(final MutexHarness.Report r)
    {
        return r.stalled() && r.hung().isEmpty() && !r.errors().isEmpty() &&
                r.errors().stream().allMatch(e -> e.endsWith("abandoned while spinning in waitNext") ||
                        e.endsWith("abandoned while spinning in step A"));
    }

    /**
     * Each round either is clean (the race did not happen: try another seed), or shows the bug's own symptom (pass),
     * or fails some other way, which is not the seeded bug and fails the test (a stall or a hang must not pass it).
     */
    @ParameterizedTest
    @EnumSource(value = BrokenOsq.Bug.class,
            names = {"SKIP_STEP_A", "STEP_A_IGNORES_HANDOFF", "UNLOCK_FORGETS_HANDOFF", "TAIL_CHECK_THEN_ACT"})
    void harnessReportsTheSeededBug(final BrokenOsq.Bug bug)
    {
        final long seed = System.nanoTime();
        for (int i = 0; i < MAX_ROUNDS; i++)
        {
            final MutexHarness.Report r = round(bug, seed + i);
            System.out.println("round " + i + ": " + r);
            if (showsItsSymptom(bug, r))
            {
                return;
            }
            if (!r.clean())
            {
                throw new AssertionError("the harness failed " + bug + ", but not with its symptom: " + r);
            }
        }
        throw new AssertionError("the harness did not catch " + bug + " in " + MAX_ROUNDS + " rounds");
    }

    /**
     * The symptom check itself: a stalled run that also ended locked is not taken for a lost handoff, and a stall with
     * a thread hung outside the queue's waits is not taken for the orphan.
     */
    @Test
    void aStallIsNotTakenForTheSeededBug()
    {
        final MutexHarness.Config c = new MutexHarness.Config(4, 5_000, 1, STALL_MILLIS);
        final MutexHarness.Report stalled = new MutexHarness.Report("stalled", c, 20_000, 7, 3, 4, 3, 0, 0, true, "t",
                true, java.util.List.of(), java.util.List.of("osq-stress-1: abandoned while spinning in step A"));
        assertFalse(showsItsSymptom(BrokenOsq.Bug.SKIP_STEP_A, stalled), stalled::toString);
        final MutexHarness.Report hung = new MutexHarness.Report("hung", c, 20_000, 7, 3, 4, 3, 0, 0, true, "t",
                true, java.util.List.of("osq-stress-2"),
                java.util.List.of("osq-stress-1: abandoned while spinning in step A"));
        assertFalse(showsItsSymptom(BrokenOsq.Bug.TAIL_CHECK_THEN_ACT, hung), hung::toString);
    }

    @Test
    void harnessPassesTheFaithfulCopy()
    {
        final MutexHarness.Report r = round(BrokenOsq.Bug.NONE, System.nanoTime());
        System.out.println(r);
        assertTrue(r.clean(), r::toString);
        assertFalse(r.lockedAtEnd());
    }
}
