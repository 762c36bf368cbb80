package org.rwsem4j.readersteal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.LockSupport;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.rwsem4j.LockEvent;
import org.rwsem4j.LockEvents;
import org.rwsem4j.Rwsem;
import org.rwsem4j.RwsemState;
import org.rwsem4j.Variant;
import org.rwsem4j.testkit.TestClock;
import org.rwsem4j.testkit.Locker;

/**
 * When a reader must not steal: from an active reader phase with a writer queued (2f06f702925b, so a stream of
 * readers cannot starve the writer), and while HANDOFF reserves the lock for the queue head.
 */
class StealGuardsTest
{
    private static final int READERS = 3;

    @BeforeEach
    void needsReaderOwned()
    {
        Assumptions.assumeTrue(Variant.available().contains("reader-owned"), "rwsem-reader-owned is not in this build");
    }

    /**
     * A reader holds, a writer sleeps in the queue, and more readers arrive: each sees the reader marker and another
     * reader counted, so each queues behind the writer, and the writer takes the lock as soon as the holder leaves.
     */
    @Test
    void readersArrivingOnAnActiveReaderPhaseQueueBehindTheWriter()
    {
        final Rwsem lock = Steps.lock("reader-owned+reader-steal", TestClock.manual());
        final Queue<String> order = new ConcurrentLinkedQueue<>();
        final Holder h = Holder.holding(lock, "h", false, order);
        final Locker w = Steps.writer(lock, "w", order);
        final List<Holder> readers = new ArrayList<>();
        final LockEvents events;
        final RwsemState state;
        try
        {
            Steps.await(lock, "w asleep in the queue", () -> lock.events().get(LockEvent.SLEEP_WRITER) >= 1 &&
                w.thread().getState() == Thread.State.WAITING);
            for (int i = 0; i < READERS; i++)
            {
                readers.add(Holder.reader(lock, "r" + i, order));
            }
            Steps.await(lock, "every reader to steal or sleep", () ->
                lock.events().get(LockEvent.RLOCK_STEAL) + lock.events().get(LockEvent.SLEEP_READER) >= READERS);
            events = lock.events();
            state = lock.state();
        }
        finally
        {
            h.release();
            readers.forEach(Holder::letGo); // before the writer's join: a reader that stole blocks the writer
            w.join();
            readers.forEach(Holder::join);
        }
        assertEquals(0, events.get(LockEvent.RLOCK_STEAL), events::toString);
        assertEquals(READERS, events.get(LockEvent.SLEEP_READER), events::toString);
        assertEquals(1, state.readers(), state::toString);
        assertEquals(List.of("h", "w"), List.copyOf(order).subList(0, 2));
        assertTrue(lock.state().isQuiescent(), lock.state()::toString);
    }

    /**
     * The writer at the head has set HANDOFF (it waited past the timeout while a writer held), the holder releases,
     * and the woken head is stopped before its try: the lock is free with HANDOFF set. An arriving reader, the only
     * one counted, must queue; the head then takes the lock handed to it.
     */
    @Test
    void noStealWhileHandoffIsSet()
    {
        Assumptions.assumeTrue(Variant.available().contains("handoff"), "rwsem-handoff is not in this build");
        final TestClock clock = TestClock.manual();
        final Rwsem lock = Steps.lock("reader-owned+handoff+reader-steal", clock);
        final Queue<String> order = new ConcurrentLinkedQueue<>();
        final Holder h = Holder.holding(lock, "h", true, order);
        clock.stop("w", () -> lock.events().get(LockEvent.WLOCK_HANDOFF) >= 1); // read after the try, outside the lock
        final Locker w = Steps.timedWriter(lock, "w", order);
        Holder r = null;
        final LockEvents events;
        try
        {
            Steps.await(lock, "w asleep in the queue", () -> lock.events().get(LockEvent.SLEEP_WRITER) >= 1 &&
                w.thread().getState() == Thread.State.TIMED_WAITING);
            clock.step(2 * Steps.HANDOFF_TIMEOUT);
            LockSupport.unpark(w.thread()); // it tries again, now past its handoff timeout, and sets HANDOFF
            clock.awaitStopped(lock);
            h.release();
            final RwsemState freed = lock.state();
            assertTrue(freed.handoff() && freed.waitersFlag() && !freed.writerLocked() && freed.readers() == 0,
                () -> "precondition: a free lock with HANDOFF set: " + freed);
            r = Holder.reader(lock, "r", order);
            Steps.await(lock, "r to steal or sleep",
                () -> lock.events().get(LockEvent.RLOCK_STEAL) + lock.events().get(LockEvent.SLEEP_READER) >= 1);
            events = lock.events();
        }
        finally
        {
            clock.open();
            if (r != null)
            {
                r.release();
            }
            w.join();
        }
        assertEquals(0, events.get(LockEvent.RLOCK_STEAL), events::toString);
        assertEquals(1, events.get(LockEvent.SLEEP_READER), events::toString);
        assertEquals(List.of("h", "w", "r"), List.copyOf(order));
        assertEquals(1, lock.events().get(LockEvent.HANDOFF_TAKEN), lock.events()::toString);
        assertTrue(lock.state().isQuiescent(), lock.state()::toString);
    }
}
