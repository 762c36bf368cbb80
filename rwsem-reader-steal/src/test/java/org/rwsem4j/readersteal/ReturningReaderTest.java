package org.rwsem4j.readersteal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.rwsem4j.LockEvent;
import org.rwsem4j.Rwsem;
import org.rwsem4j.Variant;
import org.rwsem4j.testkit.Locker;

/**
 * Peng Wang's shape, one round at a time: a reader holds the lock, a writer queues behind it and sleeps, and the
 * reader lets go and at once asks again, as a loop of read sections does. With reader-steal alone the returning
 * reader steals past the writer it just woke (the writer starves while the reader keeps coming back); with
 * handoff-on-readers the writer set the handoff bit when it queued, and the reader waits for it every time.
 */
@Timeout(120)
class ReturningReaderTest
{
    private static final String WITHOUT = "reader-owned+reader-steal+handoff";
    private static final String WITH = WITHOUT + "+handoff-on-readers";
    private static final int ROUNDS = 20;

    /** @return the rounds in which the returning reader got in before the queued writer */
    private static int readerFirstRounds(final String spec)
    {
        Assumptions.assumeTrue(Variant.available().containsAll(Set.of("reader-owned", "handoff",
            "handoff-on-readers")), "a module of this scenario is not in this build");
        final Rwsem lock = Rwsem.builder().variant(spec).onHeap().spinBudget(Duration.ofNanos(16))
            .handoffTimeout(Duration.ofMinutes(1)).build();
        int readerFirst = 0;
        for (int round = 0; round < ROUNDS; round++)
        {
            lock.readLock().lock();
            final long slept = lock.events().get(LockEvent.SLEEP_WRITER);
            final AtomicBoolean writerWasIn = new AtomicBoolean();
            final Locker writer = Locker.start("w" + round, () ->
            {
                lock.writeLock().lock();
                writerWasIn.set(true);
                lock.writeLock().unlock();
            });
            Locker.await(lock, "the writer to sleep", () -> lock.events().get(LockEvent.SLEEP_WRITER) > slept);
            lock.readLock().unlock();
            lock.readLock().lock();
            if (!writerWasIn.get())
            {
                readerFirst++;
            }
            lock.readLock().unlock();
            writer.join();
            assertTrue(lock.state().isQuiescent(), lock.state()::toString);
        }
        return readerFirst;
    }

    @Test
    void withHandoffOnReadersTheReaderWaitsForTheQueuedWriter()
    {
        assertEquals(0, readerFirstRounds(WITH), "the returning reader got in before the queued writer");
    }

    @Test
    void controlReaderStealAloneStealsPastTheWokenWriter()
    {
        assertTrue(readerFirstRounds(WITHOUT) > 0, "control: the reader never stole in " + ROUNDS + " rounds");
    }
}
