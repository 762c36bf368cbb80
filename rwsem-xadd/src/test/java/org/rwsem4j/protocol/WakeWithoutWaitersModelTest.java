package org.rwsem4j.protocol;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Validate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.rwsem4j.EngineFaults;
import org.rwsem4j.Rwsem;
import org.rwsem4j.testkit.TestClock;

/**
 * W7's lock-word transitions under Lincheck 3.7 model checking: the wake that swaps WAITERS for WRITER_WAKING for the
 * head writer it unparks, and the writer's restore, on a lock with a handoff (W7 needs one; its timeout does not pass
 * on the test clock here). Two timed writers (a timed writer's wait loop ends on the ticking
 * test clock, which keeps a queued writer within the model's reach, see {@link Schedules}; each yields twice in its
 * section, so that the other queues behind it) and a reader that reads three times, whose fast path takes the lock in
 * the window after a wake, or queues.
 *
 * <p>Checked in every explored interleaving: exclusion ({@link Occupancy}); every operation returns; and, at the end, a
 * quiescent lock (count 0, so no WAITERS or HANDOFF left; the queue empty; no owner). Seeded bug: the woken head writer
 * does not put WAITERS back before it tries and sleeps again. Lincheck reports the interleaving in which the window's
 * reader or the other writer takes the lock first, the woken writer's try fails, and nobody wakes it again ("the
 * execution has hung"); {@link WakeWithoutWaitersProtocolTest} finds the same bug with real threads in stress mode.
 */
@Timeout(120)
// The subjects' constructors are public (checkstyle calls that redundant): Lincheck constructs them reflectively.
@SuppressWarnings("checkstyle:RedundantModifier")
class WakeWithoutWaitersModelTest
{
    /** The timed writers' patience, in ticks of the test clock: a handful of turns of their wait loop. */
    static final long TICKS = 200;

    public abstract static class Subject
    {
        final Rwsem lock;
        final Occupancy occupancy;

        Subject(final int engineFault)
        {
            lock = EngineFaults.build(Rwsem.builder().onHeap().clock(TestClock.ticking())
                .spinBudget(Duration.ofNanos(16)).patch(TestPolicies.handoff()), engineFault);
            occupancy = new Occupancy(lock);
        }

        @Operation
        public int write() throws InterruptedException
        {
            if (!lock.writeLock().tryLock(TICKS, TimeUnit.NANOSECONDS))
            {
                return Occupancy.OK;
            }
            final int verdict = occupancy.enterWrite();
            Thread.yield(); // switch points inside the section: the other writer queues behind it
            Thread.yield();
            occupancy.exitWrite();
            lock.writeLock().unlock();
            return verdict;
        }

        @Operation
        public int read()
        {
            lock.readLock().lock();
            return occupancy.exitRead(occupancy.enterRead());
        }

        @Validate
        public void quiescent()
        {
            Schedules.requireQuiescent(lock);
        }
    }

    public static final class Spec
    {
        public int write()
        {
            return Occupancy.OK;
        }

        public int read()
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

    /** Seeded bug: the woken head writer does not put WAITERS back. */
    public static final class NoRestore extends Subject
    {
        public NoRestore()
        {
            super(EngineFaults.W7_NO_RESTORE);
        }
    }

    private static ModelCheckingOptions options(final Class<?> subject, final int invocations)
    {
        return Schedules.modelChecking(Schedules.parallel(subject,
                Schedules.thread("write"), Schedules.thread("write"), Schedules.thread("read", "read", "read")),
                invocations)
            .sequentialSpecification(Spec.class);
    }

    @Test
    void theWakeTakesWaitersOutAndTheWriterPutsItBack()
    {
        Schedules.timed("W7 model: correct",
            () -> options(Correct.class, Schedules.invocations(1000)).check(Correct.class));
    }

    @Test
    void lincheckFindsAWokenWriterThatDoesNotPutWaitersBack()
    {
        Schedules.expectLincheckFailure("the woken head writer does not put WAITERS back",
            () -> options(NoRestore.class, Schedules.invocations(1000)).minimizeFailedScenario(false)
                .check(NoRestore.class), Schedules.HUNG);
    }
}
