package org.rwsem4j.phasefair;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Timeout;
import org.rwsem4j.Rwsem;
import org.rwsem4j.Variant;
import org.rwsem4j.testkit.Holder;
import org.rwsem4j.testkit.Locker;

/**
 * A writer that holds the handoff behind a reader and then leaves without the lock (its timed wait ends, or it is
 * interrupted) admits the readers queued behind it at once, while the first reader still holds: the next head
 * inherits the bit and is woken (kernel 1ee326196c66), and a head reader on a reader-owned lock is granted. Run on
 * phase-fair (the writer claims the handoff the moment it queues behind a reader) and on recommended with a handoff
 * timeout of 0 (upstream's writer side of a phase change).
 */
@Timeout(120)
class CancelledHandoffTest
{
    static List<Object[]> cases()
    {
        return List.of(new Object[] {PhaseFairPatchTest.PHASE_FAIR, true}, new Object[] {PhaseFairPatchTest.PHASE_FAIR,
            false}, new Object[] {"recommended", true}, new Object[] {"recommended", false});
    }

    @ParameterizedTest(name = "{0}, interrupted={1}")
    @MethodSource("cases")
    void aWriterThatLeavesWithTheHandoffAdmitsTheReadersBehindIt(final String spec, final boolean interrupt)
        throws InterruptedException
    {
        Assumptions.assumeTrue(Variant.available().containsAll(Set.of("reader-owned", "reader-steal", "handoff",
            "wake-once", "wake-all-readers", "reader-spin")), "a module of this scenario is not in this build");
        final Rwsem lock = Rwsem.builder().variant(spec).onHeap().spinBudget(Duration.ofNanos(16))
            .handoffTimeout(Duration.ZERO).build();
        final Holder first = Holder.reader(lock, "r1");
        assertTrue(first.awaitIn());
        final AtomicBoolean gotIt = new AtomicBoolean();
        final Locker writer = Locker.start("w", () ->
        {
            try
            {
                // interrupted: a wait far longer than the test; timed out: long enough for r2 to queue behind it
                gotIt.set(lock.writeLock().tryLock(interrupt ? 3_600 : 5, TimeUnit.SECONDS));
            }
            catch (final InterruptedException ex)
            {
                // the interrupted case: it leaves the queue, and so the handoff
            }
        });
        Locker.awaitQueued(lock, 1);
        Locker.await(lock, "the writer holds the handoff", () -> lock.state().handoff());
        final Holder second = Holder.reader(lock, "r2");
        Locker.awaitQueued(lock, 2);
        assertFalse(second.isIn(), "r2 must queue behind the writer holding the handoff");
        if (interrupt)
        {
            writer.thread().interrupt();
        }
        writer.join();
        assertFalse(gotIt.get(), "the writer cannot get the lock while r1 holds it");
        assertTrue(second.awaitIn(), () -> "r2 was not admitted while r1 holds: " + lock.state());
        assertTrue(first.isIn() && first.thread().isAlive(), "r1 still holds");
        second.release();
        first.release();
        assertTrue(lock.state().isQuiescent(), lock.state()::toString);
    }
}
