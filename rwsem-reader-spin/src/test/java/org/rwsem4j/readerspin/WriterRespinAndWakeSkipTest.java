package org.rwsem4j.readerspin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.rwsem4j.LockEvent;
import org.rwsem4j.LockEvents;
import org.rwsem4j.Rwsem;
import org.rwsem4j.testkit.Contention;

/**
 * writer-respin and wake-skip act only under real contention, so these tests run a writer-heavy mix (oversubscribed:
 * 8 writers on 2 cores) until the counter moves, a few rounds at most; without the patch the counter never moves.
 * They run the kernel's algorithm alone ({@code platformAdaptations(false)}): with the engine's W5 a locker does not
 * spin while others are queued, so under this oversubscribed mix there are almost never spinners for writer-respin
 * to respin behind (its ablation says so).
 */
class WriterRespinAndWakeSkipTest
{
    private static long contendUntil(final String spec, final LockEvent event)
    {
        return contendUntilEvents(spec, event).get(event);
    }

    private static LockEvents contendUntilEvents(final String spec, final LockEvent event)
    {
        final Rwsem lock = Rwsem.builder().variant(spec).spinBudget(Duration.ofMillis(1))
            .platformAdaptations(false).build();
        for (int round = 0; round < 8 && lock.events().get(event) == 0; round++)
        {
            Contention.run(lock, 2, 8, Duration.ofMillis(400), 200);
        }
        assertTrue(lock.state().isQuiescent(), lock.state()::toString);
        return lock.events();
    }

    @Test
    void wokenWritersRespinWhenSpinnersArePresent()
    {
        assertTrue(contendUntil("writer-respin", LockEvent.WRITER_RESPIN) > 0);
    }

    @Test
    void withoutWriterRespinNobodyRespins()
    {
        final LockEvents e = contendUntilEvents("base", LockEvent.SLEEP_WRITER);
        assertEquals(0, e.get(LockEvent.WRITER_RESPIN));
        assertTrue(e.get(LockEvent.SLEEP_WRITER) > 0, "the run must have had sleeping writers");
    }

    @Test
    void unlocksSkipWakeupsWhenSomeoneElseWillWake()
    {
        assertTrue(contendUntil("wake-skip", LockEvent.WAKE_SKIP) > 0);
    }

    /** Not vacuous: the run had sleeping writers for the unlocks to wake, and they were woken. */
    @Test
    void withoutWakeSkipEveryUnlockWakes()
    {
        final LockEvents e = contendUntilEvents("writer-respin", LockEvent.SLEEP_WRITER);
        assertTrue(e.get(LockEvent.SLEEP_WRITER) > 0, () -> "no contention: no writer slept; " + e);
        assertTrue(e.get(LockEvent.WAKE_WRITER) > 0, () -> "no writer was woken; " + e);
        assertEquals(0, e.get(LockEvent.WAKE_SKIP), e::toString);
    }

    @Test
    void wakeSkipIsOptInAndNotInAll()
    {
        assertTrue(!Rwsem.of("all").variant().contains("wake-skip"), Rwsem.of("all").variant());
        assertEquals("wake-skip", Rwsem.of("wake-skip").variant());
    }
}
