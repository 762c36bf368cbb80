package org.rwsem4j.readersteal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.rwsem4j.LockEvent;
import org.rwsem4j.Rwsem;
import org.rwsem4j.Variant;
import org.rwsem4j.testkit.Contention;

/**
 * reader-steal on a free lock with a queued writer ({@link FreedLock}): the arriving reader keeps its bias as the read
 * lock instead of queueing behind the writer. Everything here needs reader-owned, which reader-steal requires; skipped
 * when the build leaves it out.
 */
class ReaderStealPatchTest
{
    private static final String WITH = "reader-owned+reader-steal";
    private static final String WITHOUT = "reader-owned";

    @BeforeEach
    void needsReaderOwned()
    {
        Assumptions.assumeTrue(Variant.available().contains("reader-owned"), "rwsem-reader-owned is not in this build");
    }

    /** After a writer's release (owner word cleared), the reader takes the lock ahead of the woken writer. */
    @Test
    void aReaderStealsAFreedLockPastAQueuedWriter()
    {
        final FreedLock f = FreedLock.arrive(WITH, false);
        assertEquals("NULL", f.ownerBefore());
        assertStole(f);
    }

    /**
     * After a reader's release the owner word still says "readers" (a stale hint), but only this reader is counted
     * ({@code rcnt == 1}): 2f06f702925b's guard does not apply, and the reader steals.
     */
    @Test
    void aStaleReaderOwnerDoesNotStopTheOnlyReader()
    {
        final FreedLock f = FreedLock.arrive(WITH, true);
        assertEquals("READER_OWNED", f.ownerBefore());
        assertStole(f);
    }

    /** Its requirement alone: the same reader queues behind the writer and sleeps (the scenario tells them apart). */
    @Test
    void withoutThePatchTheReaderQueuesBehindTheWriter()
    {
        final FreedLock f = FreedLock.arrive(WITHOUT, false);
        assertEquals(0, f.atDecision().get(LockEvent.RLOCK_STEAL), f.atDecision()::toString);
        assertEquals(1, f.atDecision().get(LockEvent.SLEEP_READER), f.atDecision()::toString);
        assertEquals(List.of("h", "w", "r"), f.order());
        assertTrue(f.quiescentAfter());
    }

    /** The requirement is named, and the spec that lacks it says to add it; no variant is built. */
    @Test
    void withoutReaderOwnedItIsRejected()
    {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Rwsem.of("reader-steal"));
        assertEquals("reader-steal requires reader-owned: add it to the spec", e.getMessage());
    }

    @Test
    void itIsInAll()
    {
        assertTrue(List.of(Rwsem.builder().variant("all").onHeap().build().variant().split("\\+"))
            .contains("reader-steal"));
    }

    @Test
    void contendedRunEndsQuiescent()
    {
        final Rwsem lock = Rwsem.of(WITH);
        assertTrue(Contention.run(lock, 6, 4, Duration.ofMillis(800), 20) > 0);
        assertTrue(lock.state().isQuiescent(), lock.state()::toString);
    }

    private static void assertStole(final FreedLock f)
    {
        assertEquals(1, f.atDecision().get(LockEvent.RLOCK_STEAL), f.atDecision()::toString);
        assertEquals(0, f.atDecision().get(LockEvent.SLEEP_READER), f.atDecision()::toString);
        assertEquals(1, f.stateAtDecision().readers(), f.stateAtDecision()::toString);
        assertTrue(f.stateAtDecision().waitersFlag(), f.stateAtDecision()::toString);
        assertEquals("READER_OWNED", f.stateAtDecision().owner());
        assertEquals(List.of("h", "r", "w"), f.order());
        assertTrue(f.quiescentAfter());
    }
}
