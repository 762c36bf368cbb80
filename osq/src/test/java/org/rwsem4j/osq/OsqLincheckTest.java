package org.rwsem4j.osq;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jetbrains.lincheck.LincheckAssertionError;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Test 3: Lincheck model checking of join / give-up / hand-over, against a sequential try-lock.
 *
 * <p>Three clients ("slots") share one OSQ. Each slot's operations are pinned to one thread
 * ({@code nonParallelGroup}), so a slot is a stand-in for a thread identity the sequential spec can see.
 * {@code lockN} joins with a {@link GiveUp} that gives up at its first poll, so it returns false exactly when it
 * found the OSQ taken; {@code unlockN} releases if slot N is the head. The spec is a plain try-lock; any lost
 * handoff, double head or stuck tail shows up as a result the spec cannot produce, or as a livelock.
 */
class OsqLincheckTest
{

    /** The scenario; subclasses choose the queue. Operations inherited from here are picked up by Lincheck. */
    public abstract static class Scenario
    {
        private final QueueUnderTest q = queue();
        private final Node[] held = new Node[3];

        abstract QueueUnderTest queue();

        private boolean tryLock(final int slot)
        {
            if (held[slot] != null)
            {
                return false;
            }
            final Node n = Osq.newNode();
            if (q.lock(n, () -> true))
            {
                held[slot] = n;
                return true;
            }
            return false;
        }

        private boolean release(final int slot)
        {
            final Node n = held[slot];
            if (n == null)
            {
                return false;
            }
            held[slot] = null;
            q.unlock(n);
            return true;
        }

        @Operation(nonParallelGroup = "s0")
        public boolean lock0()
        {
            return tryLock(0);
        }

        @Operation(nonParallelGroup = "s0")
        public boolean unlock0()
        {
            return release(0);
        }

        @Operation(nonParallelGroup = "s1")
        public boolean lock1()
        {
            return tryLock(1);
        }

        @Operation(nonParallelGroup = "s1")
        public boolean unlock1()
        {
            return release(1);
        }

        @Operation(nonParallelGroup = "s2")
        public boolean lock2()
        {
            return tryLock(2);
        }

        @Operation(nonParallelGroup = "s2")
        public boolean unlock2()
        {
            return release(2);
        }

        @Operation
        public boolean isLocked()
        {
            return q.isLocked();
        }
    }

    public static final class RealOsq extends Scenario
    {
        @Override
        QueueUnderTest queue()
        {
            return QueueUnderTest.of(new Osq());
        }
    }

    public static final class RealCompactOsq extends Scenario
    {
        @Override
        QueueUnderTest queue()
        {
            return QueueUnderTest.of(new CompactOsq());
        }
    }

    public static final class SkipStepA extends Scenario
    {
        @Override
        QueueUnderTest queue()
        {
            return new BrokenOsq(BrokenOsq.Bug.SKIP_STEP_A);
        }
    }

    public static final class StepAIgnoresHandoff extends Scenario
    {
        @Override
        QueueUnderTest queue()
        {
            return new BrokenOsq(BrokenOsq.Bug.STEP_A_IGNORES_HANDOFF);
        }
    }

    public static final class PublishBeforePrev extends Scenario
    {
        @Override
        QueueUnderTest queue()
        {
            return new BrokenOsq(BrokenOsq.Bug.PUBLISH_BEFORE_PREV);
        }
    }

    /** Sequential specification: a try-lock with one holder slot. */
    public static final class TryLockSpec
    {
        private int holder = -1;

        private boolean tryLock(final int slot)
        {
            if (holder != -1)
            {
                return false;
            }
            holder = slot;
            return true;
        }

        private boolean release(final int slot)
        {
            if (holder != slot)
            {
                return false;
            }
            holder = -1;
            return true;
        }

        public boolean lock0()
        {
            return tryLock(0);
        }

        public boolean unlock0()
        {
            return release(0);
        }

        public boolean lock1()
        {
            return tryLock(1);
        }

        public boolean unlock1()
        {
            return release(1);
        }

        public boolean lock2()
        {
            return tryLock(2);
        }

        public boolean unlock2()
        {
            return release(2);
        }

        public boolean isLocked()
        {
            return holder != -1;
        }
    }

    static ModelCheckingOptions options()
    {
        return new ModelCheckingOptions()
                .iterations(20)
                .invocationsPerIteration(1_000)
                .threads(3)
                .actorsPerThread(2)
                .actorsBefore(1)
                .actorsAfter(2)
                .sequentialSpecification(TryLockSpec.class);
    }

    @ParameterizedTest
    @EnumSource(OsqKind.class)
    void realOsqIsALinearizableTryLock(final OsqKind kind)
    {
        options().check(kind == OsqKind.PADDED ? RealOsq.class : RealCompactOsq.class);
    }

    /** Lincheck's headline when an operation returned a result the sequential try-lock cannot produce. */
    static final String INVALID_RESULTS = "= Invalid execution results =";
    /** The model checker's own (deterministic, spin-cycle counting) livelock verdict; not a wall-clock timeout. */
    static final String MODEL_LIVELOCK = "All unfinished threads are in livelock";

    /**
     * Each seeded bug is found, with its own symptom: a lost handoff or a double head is a result the try-lock spec
     * cannot produce ({@link #INVALID_RESULTS}). PUBLISH_BEFORE_PREV is the Java form of the kernel's 2017 queue
     * corruption: the late node.prev store overwrites the prev given by an unqueuing predecessor's step C, and the
     * node's own give-up then spins in step A on a departed node (a livelock, until its real predecessor hands
     * over), which the model checker reports from its spin-cycle count ({@link #MODEL_LIVELOCK}); a wall-clock
     * timeout ("see the thread dump") is not that symptom and fails the test. The stress harness cannot see that
     * one, because there every holder soon unlocks and heals the queue.
     */
    @ParameterizedTest
    @EnumSource(value = BrokenOsq.Bug.class, names = {"SKIP_STEP_A", "STEP_A_IGNORES_HANDOFF", "PUBLISH_BEFORE_PREV"})
    void modelCheckerFindsTheSeededBug(final BrokenOsq.Bug bug)
    {
        final Class<? extends Scenario> subject = switch (bug)
        {
            case SKIP_STEP_A -> SkipStepA.class;
            case STEP_A_IGNORES_HANDOFF -> StepAIgnoresHandoff.class;
            case PUBLISH_BEFORE_PREV -> PublishBeforePrev.class;
            default -> throw new IllegalArgumentException(bug.toString());
        };
        final String symptom = bug == BrokenOsq.Bug.PUBLISH_BEFORE_PREV ? MODEL_LIVELOCK : INVALID_RESULTS;
        final LincheckAssertionError e = assertThrows(LincheckAssertionError.class, () -> options().check(subject),
                () -> "Lincheck did not find " + bug);
        final String msg = String.valueOf(e.getMessage());
        assertTrue(msg.contains(symptom), () -> "Lincheck failed on " + bug + ", but not with its symptom '" + symptom +
                "':\n" + (msg.length() > 6_000 ? msg.substring(0, 6_000) : msg));
        System.out.println(bug + " found: " + msg.lines().filter(l -> l.contains(symptom)).findFirst().orElse("?"));
    }
}
