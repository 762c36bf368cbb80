package org.rwsem4j.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;

import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.StressOptions;
import org.jetbrains.lincheck.datastructures.Validate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.rwsem4j.LockEvent;
import org.rwsem4j.LockEvents;
import org.rwsem4j.Rwsem;
import org.rwsem4j.RwsemState;
import org.rwsem4j.testkit.TestClock;

/**
 * Handoff set, inherit and clear under cancellation, in Lincheck 3.7 stress mode (real threads, real parking:
 * model checking cannot follow a queued writer, see {@link Schedules}). A writer holds the lock until HANDOFF
 * appears; a timed writer queues, sets HANDOFF at its first failed try (fake clock, zero handoff timeout) and gives
 * up soon after, so that the bit is either inherited by the uninterruptible writer queued behind it or cleared with
 * the emptied queue; a reader keeps probing with the read trylock.
 *
 * <p>Checked in every invocation: while HANDOFF is set and the uninterruptible writer H is the queue head, nobody
 * else gets the lock before H (the probe's trylock must fail; its soundness is argued at {@link Subject#barge()});
 * exclusion (see {@link Occupancy}); and, at the end, HANDOFF clear, WAITERS clear, the queue empty and nobody
 * holding (count 0, owner NULL).
 *
 * <p>The read trylock may steal past queued waiters unless HANDOFF is set ({@link TestPolicies#stealingTrylock}),
 * so the bit is all that reserves the lock for the head. Seeded bug: the same steal ignoring HANDOFF.
 */
@Timeout(120)
// The subjects' constructors are public (checkstyle calls that redundant): Lincheck constructs them reflectively.
@SuppressWarnings("checkstyle:RedundantModifier")
class HandoffProtocolTest
{
    /** The timed writer's patience, in fake-clock ticks (a handful of its own loop turns). */
    static final long CANCEL_TICKS = 40;
    /** How long the holder waits for HANDOFF to appear, in polls. */
    static final int HOLD_POLLS = 20_000;
    /** How long the probe keeps trying, in polls. */
    static final int PROBES = 200_000;

    /** What the stress runs exercised, summed over invocations (read from each lock's event counters). */
    static final class Tally
    {
        static final LongAdder INVOCATIONS = new LongAdder();
        static final LongAdder HANDOFF_SET = new LongAdder();
        static final LongAdder HANDOFF_TAKEN = new LongAdder();
        static final LongAdder WRITER_GAVE_UP = new LongAdder();
        static final LongAdder ARMED_PROBES = new LongAdder();
        /** Invocations where the timed writer left as the head holding the handoff, with H queued behind it. */
        static final LongAdder INHERIT_DUE = new LongAdder();
        /** ... and the probe then saw H at the head holding it, with the bit set all the while. */
        static final LongAdder INHERITED = new LongAdder();
        /** ... but the bit was seen clear in between, so H's later mark was its own (not counted as inherited). */
        static final LongAdder SET_AGAIN_BY_H = new LongAdder();

        static void reset()
        {
            for (final LongAdder a : List.of(INVOCATIONS, HANDOFF_SET, HANDOFF_TAKEN, WRITER_GAVE_UP, ARMED_PROBES,
                INHERIT_DUE, INHERITED, SET_AGAIN_BY_H))
            {
                a.reset();
            }
        }

        static String describe()
        {
            return INVOCATIONS.sum() + " invocations: HANDOFF set " + HANDOFF_SET.sum() + " times, taken by the head " +
                HANDOFF_TAKEN.sum() + ", timed writer gave up " + WRITER_GAVE_UP.sum() + ", probes armed " +
                ARMED_PROBES.sum() + ", head left holding it with H behind " +
                INHERIT_DUE.sum() + ", H seen inheriting " + INHERITED.sum() + ", H seen setting it again after it" +
                " was cleared " + SET_AGAIN_BY_H.sum();
        }
    }

    public abstract static class Subject
    {
        final Rwsem lock;
        final Occupancy occupancy;
        volatile String handoffWriter;
        volatile String timedWriter;
        /** The probe saw the timed writer at the head holding the handoff ("(handoff)"), with H queued behind it. */
        volatile boolean timedHeadBeforeH;
        /** Later the probe saw H at the head holding the handoff, the word's bit never seen clear in between. */
        volatile boolean hInheritedMark;
        /** After the timed head's mark the probe saw the word's HANDOFF bit clear: it was not passed on. */
        volatile boolean handoffLapsed;
        /** After such a lapse the probe saw H at the head holding a handoff: one H set itself. */
        volatile boolean hOwnMark;
        /** The timed writer's tryLock gave up. */
        volatile boolean timedWriterGaveUp;
        final AtomicBoolean handoffWriterIn = new AtomicBoolean();
        final AtomicBoolean handoffWriterDone = new AtomicBoolean();
        final AtomicBoolean cancelDone = new AtomicBoolean();
        final boolean outlastTheTimedWriter = ThreadLocalRandom.current().nextBoolean();

        Subject(final boolean stealIgnoresHandoff)
        {
            this(stealIgnoresHandoff, 0);
        }

        Subject(final boolean stealIgnoresHandoff, final int engineFault)
        {
            lock = org.rwsem4j.EngineFaults.build(Rwsem.builder().onHeap().clock(TestClock.ticking())
                .handoffTimeout(Duration.ZERO).spinBudget(Duration.ofNanos(16)).patch(TestPolicies.handoff())
                .patch(TestPolicies.stealingTrylock(stealIgnoresHandoff)), engineFault);
            occupancy = new Occupancy(lock);
        }

        /**
         * Holds the write lock until a waiter has set HANDOFF (or nobody is left to set it, or a bound ran out); in
         * half of the invocations it then also waits for the timed writer to give up, so that the bit is inherited
         * or cleared under cancellation rather than taken by the timed writer.
         */
        @Operation
        public int hold()
        {
            lock.writeLock().lock();
            final int verdict = occupancy.enterWrite();
            int i = 0;
            for (; i < HOLD_POLLS && !lock.state().handoff() && !(handoffWriterDone.get() && cancelDone.get()); i++)
            {
                Thread.yield();
            }
            for (; outlastTheTimedWriter && i < HOLD_POLLS && !cancelDone.get(); i++)
            {
                Thread.yield();
            }
            occupancy.exitWrite();
            lock.writeLock().unlock();
            return verdict;
        }

        /** A timed writer: queues, sets HANDOFF, gives up after {@link #CANCEL_TICKS} (or gets the lock). */
        @Operation
        public int cancel() throws InterruptedException
        {
            timedWriter = Thread.currentThread().getName();
            try
            {
                if (!lock.writeLock().tryLock(CANCEL_TICKS, TimeUnit.NANOSECONDS))
                {
                    timedWriterGaveUp = true;
                    return Occupancy.OK;
                }
                final int verdict = occupancy.enterWrite();
                occupancy.exitWrite();
                lock.writeLock().unlock();
                return verdict;
            }
            finally
            {
                cancelDone.set(true);
            }
        }

        /** H: an uninterruptible writer, which inherits HANDOFF if it is queued behind the timed one. */
        @Operation
        public int handoffWriter()
        {
            handoffWriter = Thread.currentThread().getName();
            lock.writeLock().lock();
            handoffWriterIn.set(true);
            final int verdict = occupancy.enterWrite();
            occupancy.exitWrite();
            lock.writeLock().unlock();
            handoffWriterDone.set(true);
            return verdict;
        }

        /**
         * Probes with the read trylock while H waits. First it waits until the handoff is armed: {@code state()} saw
         * H at the head (under the wait lock) and then HANDOFF in the word, and H had not got in when we looked after
         * that. H never leaves the queue but by acquiring, so from then until H gets in, H owns the handoff (set by
         * it, inherited, or set by a waiter behind it, which gives it to the head) and nobody else may take the lock.
         * Then it retries the trylock; a success while H is still not in (checked while we hold the read lock, so H
         * cannot get in meanwhile) is a lock taken past the handoff owner.
         */
        @Operation
        public int barge()
        {
            int i = 0;
            boolean armed = false;
            for (; i < PROBES && !armed && !handoffWriterIn.get(); i++)
            {
                final RwsemState st = lock.state();
                final String h = handoffWriter;
                armed = h != null && st.handoff() && isHead(st.waiters(), h) && !handoffWriterIn.get();
                watchInheritance(st, h);
                if (!armed)
                {
                    Thread.yield();
                }
            }
            if (armed)
            {
                Tally.ARMED_PROBES.increment();
            }
            for (; armed && i < PROBES && !handoffWriterIn.get(); i++)
            {
                if (lock.readLock().tryLock())
                {
                    final int verdict = handoffWriterIn.get() ? Occupancy.OK : Occupancy.HANDOFF_BYPASSED;
                    return occupancy.exitRead(Occupancy.first(verdict, occupancy.enterRead()));
                }
                Thread.onSpinWait();
            }
            return Occupancy.OK;
        }

        /**
         * The inheritance, as state steps the probe sees: first the timed writer is the head and holds the handoff
         * ("(handoff)"), H queued behind it; later H is the head and holds it, the word's HANDOFF bit never seen clear
         * in between. Counted at the end, if the timed writer gave up: it then left the queue as the head with HANDOFF
         * set (only the head's acquisition clears the bit while waiters remain), and H could not have set the bit
         * itself while it was set, so H's mark can only be an inheritance (kernel {@code rwsem_del_waiter}). If the bit
         * was seen clear in between (as under NO_HANDOFF_INHERIT: the bit goes with the timed head, a barger may steal,
         * and H sets the bit itself after its own wait), H's mark is its own and is not counted.
         */
        private void watchInheritance(final RwsemState st, final String h)
        {
            final String t = timedWriter;
            if (h == null || t == null)
            {
                return;
            }
            if (timedHeadBeforeH && !hInheritedMark && !st.handoff())
            {
                handoffLapsed = true;
            }
            final List<String> waiters = st.waiters();
            if (waiters.isEmpty())
            {
                return;
            }
            if (waiters.get(0).equals("W:" + t + "(handoff)") && isQueued(waiters, h))
            {
                timedHeadBeforeH = true;
            }
            else if (timedHeadBeforeH && waiters.get(0).equals("W:" + h + "(handoff)"))
            {
                if (handoffLapsed)
                {
                    hOwnMark = true;
                }
                else
                {
                    hInheritedMark = true;
                }
            }
        }

        private static boolean isQueued(final List<String> waiters, final String thread)
        {
            return waiters.stream().anyMatch(w -> w.equals("W:" + thread) || w.startsWith("W:" + thread + "("));
        }

        static boolean isHead(final List<String> waiters, final String thread)
        {
            if (waiters.isEmpty())
            {
                return false;
            }
            final String head = waiters.get(0);
            final String me = "W:" + thread;
            return head.equals(me) || head.startsWith(me + "(");
        }

        @Validate
        public void quiescent()
        {
            final LockEvents ev = lock.events();
            Tally.INVOCATIONS.increment();
            Tally.HANDOFF_SET.add(ev.get(LockEvent.WLOCK_HANDOFF));
            Tally.HANDOFF_TAKEN.add(ev.get(LockEvent.HANDOFF_TAKEN));
            Tally.WRITER_GAVE_UP.add(ev.get(LockEvent.WLOCK_FAIL));
            if (timedHeadBeforeH && timedWriterGaveUp)
            {
                Tally.INHERIT_DUE.increment();
                if (hInheritedMark)
                {
                    Tally.INHERITED.increment();
                }
                else if (hOwnMark)
                {
                    Tally.SET_AGAIN_BY_H.increment();
                }
            }
            final RwsemState st = lock.state();
            if (st.count() != 0 || !st.waiters().isEmpty() || !"NULL".equals(st.owner()))
            {
                throw new IllegalStateException("handoff/waiters/count not clear at quiescence: " + st);
            }
        }
    }

    public static final class Spec
    {
        public int hold()
        {
            return Occupancy.OK;
        }

        public int cancel()
        {
            return Occupancy.OK;
        }

        public int handoffWriter()
        {
            return Occupancy.OK;
        }

        public int barge()
        {
            return Occupancy.OK;
        }
    }

    public static final class Correct extends Subject
    {
        public Correct()
        {
            super(false);
        }
    }

    public static final class StealIgnoresHandoff extends Subject
    {
        public StealIgnoresHandoff()
        {
            super(true);
        }
    }

    /** Seeded bug for the inheritance check: the next head is not given the handoff when the head gives up. */
    public static final class NoInherit extends Subject
    {
        public NoInherit()
        {
            super(false, org.rwsem4j.EngineFaults.NO_HANDOFF_INHERIT);
        }
    }

    private static StressOptions options(final Class<?> subject, final int invocations)
    {
        return new StressOptions().iterations(0).invocationsPerIteration(invocations)
            .addCustomScenario(Schedules.parallel(subject, Schedules.thread("hold"), Schedules.thread("cancel"),
                Schedules.thread("handoffWriter"), Schedules.thread("barge")))
            .sequentialSpecification(Spec.class).minimizeFailedScenario(false).invocationTimeout$lincheck(20_000L);
    }

    @Test
    void handoffIsSetInheritedAndClearedAndOnlyTheHeadGetsIn()
    {
        Tally.reset();
        Schedules.timed("handoff stress: correct",
            () -> options(Correct.class, Schedules.invocations(2000)).check(Correct.class));
        System.out.println("[handoff stress] " + Tally.describe());
        // Not a timing assertion: the scenario must have exercised what it claims to check, at least once.
        assertTrue(Tally.HANDOFF_SET.sum() > 0 && Tally.HANDOFF_TAKEN.sum() > 0 && Tally.WRITER_GAVE_UP.sum() > 0 &&
            Tally.ARMED_PROBES.sum() > 0, Tally::describe);
        assertTrue(Tally.INHERITED.sum() > 0, () -> "no inheritance seen: " + Tally.describe());
    }

    /**
     * The inheritance check can fail: with the seeded NO_HANDOFF_INHERIT the timed head still leaves holding the
     * handoff with H behind it, and H is then never seen holding it.
     */
    @Test
    void theInheritanceCheckSeesAMissingInheritance()
    {
        Tally.reset();
        Schedules.timed("handoff stress: no inheritance",
            () -> options(NoInherit.class, Schedules.invocations(2000)).check(NoInherit.class));
        System.out.println("[expected] " + Tally.describe());
        assertTrue(Tally.INHERIT_DUE.sum() > 0, Tally::describe);
        assertEquals(0, Tally.INHERITED.sum(), Tally::describe);
    }

    @Test
    void lincheckStressFindsAStealThatIgnoresHandoff()
    {
        Schedules.expectLincheckFailure("stealing read trylock ignores HANDOFF",
            () -> options(StealIgnoresHandoff.class, Schedules.invocations(2000)).check(StealIgnoresHandoff.class),
            "barge(): " + Occupancy.HANDOFF_BYPASSED);
    }
}
