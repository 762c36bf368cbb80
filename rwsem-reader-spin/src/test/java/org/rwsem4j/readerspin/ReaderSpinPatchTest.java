package org.rwsem4j.readerspin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.rwsem4j.LockEvent;
import org.rwsem4j.LockEvents;
import org.rwsem4j.Rwsem;
import org.rwsem4j.Variant;
import org.rwsem4j.testkit.Contention;

/**
 * reader-spin alone: slow-path readers spin. Everything here needs reader-owned, which reader-spin requires through
 * spin-on-readers; skipped when the build leaves it out.
 */
class ReaderSpinPatchTest
{
    private static final String WITH = "reader-owned+spin-on-readers+reader-spin";
    private static final String WITHOUT = "reader-owned+spin-on-readers";

    @BeforeEach
    void needsReaderOwned()
    {
        Assumptions.assumeTrue(Variant.available().contains("reader-owned"), "rwsem-reader-owned is not in this build");
    }

    /**
     * Up to three tries: a spinner gives up when the owner thread is not RUNNABLE, and a cold JVM's first release can
     * briefly block the writer (class loading and initialisation take locks), which once made the only try fail
     * (rwsem_opt_fail=1). Without the patch no try can spin, so the test still fails when reader spinning is gone.
     */
    @Test
    void readerSpinsOnAWriterOwnerAndTakesTheLockWithoutSleeping() throws InterruptedException
    {
        LockEvents e = Meetings.readerMeetsWriter(WITH);
        for (int tries = 1; tries < 3 && e.get(LockEvent.OPT_RLOCK) == 0; tries++)
        {
            e = Meetings.readerMeetsWriter(WITH);
        }
        assertEquals(1, e.get(LockEvent.OPT_RLOCK), e::toString);
        assertEquals(0, e.get(LockEvent.SLEEP_READER), e::toString);
    }

    /** Its requirements alone (the 5.11 configuration) leave the slow-path reader queueing. */
    @Test
    void withoutThePatchTheReaderQueues() throws InterruptedException
    {
        final LockEvents e = Meetings.readerMeetsWriter(WITHOUT);
        assertEquals(0, e.get(LockEvent.OPT_RLOCK), e::toString);
        assertTrue(e.get(LockEvent.SLEEP_READER) >= 1, e::toString);
    }

    /** The requirement is named, and the spec that lacks it says to add it; no variant is built. */
    @Test
    void withoutSpinOnReadersItIsRejected()
    {
        final IllegalArgumentException e =
            assertThrows(IllegalArgumentException.class, () -> Rwsem.of("reader-owned+reader-spin"));
        assertEquals("reader-spin requires spin-on-readers: add it to the spec", e.getMessage());
    }

    @Test
    void contendedRunEndsQuiescent()
    {
        final Rwsem lock = Rwsem.of(WITH);
        assertTrue(Contention.run(lock, 6, 4, Duration.ofMillis(800), 20) > 0);
        assertTrue(lock.state().isQuiescent(), lock.state()::toString);
    }
}
