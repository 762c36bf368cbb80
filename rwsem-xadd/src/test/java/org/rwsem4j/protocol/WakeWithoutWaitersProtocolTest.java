package org.rwsem4j.protocol;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.StressOptions;
import org.jetbrains.lincheck.datastructures.Validate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.rwsem4j.EngineFaults;
import org.rwsem4j.LockEvent;
import org.rwsem4j.LockEvents;
import org.rwsem4j.Rwsem;
import org.rwsem4j.RwsemState;

/**
 * W7, the wake that swaps WAITERS for WRITER_WAKING in the count for the head writer it unparks, in Lincheck 3.7
 * stress mode (real threads, real parking: the model checker's park returns at once and cannot follow a queued writer,
 * see {@link Schedules}), on a lock with a handoff (W7 needs one). Two writers (each yielding inside its section, so
 * that the others queue and sleep) and a reader loop over the lock; a watcher polls {@link Rwsem#state()} for the
 * window (WRITER_WAKING in the count, in place of WAITERS) so that the run shows W7 at work.
 *
 * <p>Checked in every invocation: exclusion ({@link Occupancy}); every operation returns (Lincheck reports a hang
 * otherwise); and, at the end, a quiescent lock. Seeded bug: the woken head writer does not put
 * WAITERS back before it tries the lock and sleeps again. When its try fails (a writer took the lock in the window),
 * it sleeps with WAITERS swapped out, the holder's unlock sees nobody to wake, and the writer is never woken: the lost
 * wakeup this test must report as a hang.
 */
@Timeout(180)
// The subjects' constructors are public (checkstyle calls that redundant): Lincheck constructs them reflectively.
@SuppressWarnings("checkstyle:RedundantModifier")
class WakeWithoutWaitersProtocolTest
{
    /** Acquisitions per locking thread and invocation. */
    static final int ROUNDS = 40;
    /** How long the watcher looks, in polls. */
    static final int WATCH_POLLS = 2_000;

    /** What the stress runs exercised, summed over invocations. */
    static final class Tally
    {
        static final LongAdder INVOCATIONS = new LongAdder();
        static final LongAdder WRITER_WAKES = new LongAdder();
        static final LongAdder WINDOWS_SEEN = new LongAdder();

        static void reset()
        {
            for (final LongAdder a : List.of(INVOCATIONS, WRITER_WAKES, WINDOWS_SEEN))
            {
                a.reset();
            }
        }

        static String describe()
        {
            return INVOCATIONS.sum() + " invocations: head writers woken " + WRITER_WAKES.sum() +
                ", the watcher saw WRITER_WAKING in the count " + WINDOWS_SEEN.sum() + " times";
        }
    }

    public abstract static class Subject
    {
        final Rwsem lock;
        final Occupancy occupancy;
        final AtomicInteger lockersDone = new AtomicInteger();

        Subject(final int engineFault)
        {
            lock = EngineFaults.build(Rwsem.builder().onHeap().patch(TestPolicies.handoff()), engineFault);
            occupancy = new Occupancy(lock);
        }

        @Operation
        public int writerA()
        {
            return writes();
        }

        @Operation
        public int writerB()
        {
            return writes();
        }

        @Operation
        public int reader()
        {
            int verdict = Occupancy.OK;
            try
            {
                for (int i = 0; i < ROUNDS; i++)
                {
                    lock.readLock().lock();
                    verdict = occupancy.exitRead(Occupancy.first(verdict, occupancy.enterRead()));
                }
                return verdict;
            }
            finally
            {
                lockersDone.incrementAndGet();
            }
        }

        /** Polls the state until the three lockers are done, counting the windows it sees (a monitoring read). */
        @Operation
        public int watch()
        {
            for (int i = 0; i < WATCH_POLLS && lockersDone.get() < 3; i++)
            {
                final RwsemState st = lock.state();
                if (st.writerWaking())
                {
                    Tally.WINDOWS_SEEN.increment();
                }
                Thread.yield();
            }
            return Occupancy.OK;
        }

        private int writes()
        {
            int verdict = Occupancy.OK;
            try
            {
                for (int i = 0; i < ROUNDS; i++)
                {
                    lock.writeLock().lock();
                    verdict = Occupancy.first(verdict, occupancy.enterWrite());
                    Thread.yield(); // a section long enough for the others to queue and sleep
                    occupancy.exitWrite();
                    lock.writeLock().unlock();
                }
                return verdict;
            }
            finally
            {
                lockersDone.incrementAndGet();
            }
        }

        @Validate
        public void quiescent()
        {
            final LockEvents ev = lock.events();
            Tally.INVOCATIONS.increment();
            Tally.WRITER_WAKES.add(ev.get(LockEvent.WAKE_WRITER));
            Schedules.requireQuiescent(lock);
        }
    }

    public static final class Spec
    {
        public int writerA()
        {
            return Occupancy.OK;
        }

        public int writerB()
        {
            return Occupancy.OK;
        }

        public int reader()
        {
            return Occupancy.OK;
        }

        public int watch()
        {
            return Occupancy.OK;
        }
    }

    public static final class Correct extends Subject
    {
        public Correct()
        {
            super(0);
        }
    }

    /** Seeded bug: the woken head writer sleeps again without putting WAITERS back. */
    public static final class NoRestore extends Subject
    {
        public NoRestore()
        {
            super(EngineFaults.W7_NO_RESTORE);
        }
    }

    private static StressOptions options(final Class<?> subject, final int invocations, final long timeoutMillis)
    {
        return new StressOptions().iterations(0).invocationsPerIteration(invocations)
            .addCustomScenario(Schedules.parallel(subject, Schedules.thread("writerA"), Schedules.thread("writerB"),
                Schedules.thread("reader"), Schedules.thread("watch")))
            .sequentialSpecification(Spec.class).minimizeFailedScenario(false)
            .invocationTimeout$lincheck(timeoutMillis);
    }

    @Test
    void theWokenWriterPutsWaitersBackAndNobodyIsLost()
    {
        Tally.reset();
        Schedules.timed("W7 stress: correct",
            () -> options(Correct.class, Schedules.invocations(500), 20_000L).check(Correct.class));
        System.out.println("[W7 stress] " + Tally.describe());
        assertTrue(Tally.WRITER_WAKES.sum() > 0 && Tally.WINDOWS_SEEN.sum() > 0, Tally::describe);
    }

    /**
     * The check can fail: without the restore, the woken writer that loses its try sleeps for good, or, when a later
     * wake reaches it anyway, the window it opened stays in the count: WRITER_WAKING with nobody queued, which the
     * quiescence check reports once every operation has returned.
     */
    @Test
    void lincheckStressFindsTheLostWakeupOfAMissingRestore()
    {
        Schedules.expectLincheckFailure("the woken head writer sleeps again with WAITERS out of the count",
            () -> options(NoRestore.class, Schedules.invocations(500), 3_000L).check(NoRestore.class),
            Schedules.HUNG, STALE_WRITER_WAKING);
    }

    /** The state a quiescence failure prints when a woken writer's window outlived every waiter. */
    private static final String STALE_WRITER_WAKING = "writer-waking) owner=NULL queue=[]";
}
