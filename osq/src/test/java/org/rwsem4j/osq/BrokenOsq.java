package org.rwsem4j.osq;

import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;

/**
 * Test-only copy of the {@link AbstractOsq} algorithm with one switchable, deliberate bug, for the negative controls: the
 * harnesses must report each {@link Bug} (except {@link Bug#NONE}, which shows the copy itself is faithful). It
 * uses the production {@link Node} and its memory-order accessors; only the algorithm is copied, and each mutation
 * is marked {@code // BUG}.
 *
 * <p>Broken queues livelock, so every internal spin loop also polls {@code abandon} and throws {@link Abandoned},
 * which lets a harness get its threads back. Production code has no such escape (and needs none).
 */
final class BrokenOsq implements QueueUnderTest
{

    enum Bug
    {
        /** The faithful copy. */
        NONE,
        /** A leaving waiter skips step A: its prev can still hand the OSQ to the departed node, which loses it. */
        SKIP_STEP_A,
        /** Step A treats a failed CAS as "detached" without checking for a handoff that happened meanwhile. */
        STEP_A_IGNORES_HANDOFF,
        /** unlock with a successor forgets to hand over: the successor spins on, and the tail is never cleared. */
        UNLOCK_FORGETS_HANDOFF,
        /** Joining reads tail and then stores it, instead of swapping: two joiners can both see "empty". */
        TAIL_CHECK_THEN_ACT,
        /** Join publishes prev.next before writing node.prev (the kernel's 2017 queue corruption, in Java). */
        PUBLISH_BEFORE_PREV,
    }

    /** Thrown out of a spin loop when the harness abandons a wedged queue. */
    static final class Abandoned extends RuntimeException
    {
        private static final long serialVersionUID = 1L;

        Abandoned(final String where)
        {
            super("abandoned while spinning in " + where, null, false, false);
        }
    }

    private final AtomicReference<Node> tail = new AtomicReference<>();
    private final Bug bug;
    private final BooleanSupplier abandon;

    BrokenOsq(final Bug bug, final BooleanSupplier abandon)
    {
        this.bug = bug;
        this.abandon = abandon;
    }

    BrokenOsq(final Bug bug)
    {
        this(bug, () -> false);
    }

    @Override
    public boolean isLocked()
    {
        return tail.get() != null;
    }

    @Override
    public String describeTail()
    {
        final Node t = tail.get();
        return t == null ? null : t.owner.getName();
    }

    @Override
    public String toString()
    {
        return "BrokenOsq[" + bug + "]";
    }

    private void checkAbandon(final String where)
    {
        if (abandon.getAsBoolean())
        {
            throw new Abandoned(where);
        }
    }

    @Override
    public boolean lock(final Node node, final GiveUp giveUp)
    {
        final Node prev;
        if (bug == Bug.TAIL_CHECK_THEN_ACT)
        {
            prev = tail.get();                          // BUG: read, then store
            tail.set(node);
        }
        else
        {
            prev = tail.getAndSet(node);
        }
        if (prev == null)
        {
            return true;
        }
        if (bug == Bug.PUBLISH_BEFORE_PREV)
        {
            prev.soNext(node);                          // BUG: published before node.prev is written
            node.soPrev(prev);
        }
        else
        {
            node.soPrev(prev);
            prev.soNext(node);
        }
        for (;;)
        {
            if (node.laLocked())
            {
                return true;
            }
            if (giveUp.giveUp())
            {
                return unqueue(node, prev);
            }
            Thread.onSpinWait();
        }
    }

    private boolean unqueue(final Node node, final Node firstPrev)
    {
        Node prev = firstPrev;
        if (bug != Bug.SKIP_STEP_A) // BUG (when skipped)
        {
            for (;;)
            {
                if (prev.lvNext() == node && prev.casNext(node, null))
                {
                    break;
                }
                if (bug == Bug.STEP_A_IGNORES_HANDOFF)
                {
                    break;                              // BUG: assumes detached, a handoff may be in flight
                }
                if (node.laLocked())
                {
                    return true;
                }
                checkAbandon("step A");
                Thread.onSpinWait();
                prev = node.lvPrev();
            }
        }
        final Node next = waitNext(node, prev);
        if (next == null)
        {
            return false;
        }
        next.soPrev(prev);
        prev.soNext(next);
        return false;
    }

    private Node waitNext(final Node node, final Node prev)
    {
        for (;;)
        {
            if (tail.get() == node && tail.compareAndSet(node, prev))
            {
                return null;
            }
            if (node.lvNext() != null)
            {
                final Node next = node.xchgNext(null);
                if (next != null)
                {
                    return next;
                }
            }
            checkAbandon("waitNext");
            Thread.onSpinWait();
        }
    }

    @Override
    public void unlock(final Node node)
    {
        if (tail.compareAndSet(node, null))
        {
            return;
        }
        if (bug == Bug.UNLOCK_FORGETS_HANDOFF)
        {
            return;                                     // BUG: successor never handed the OSQ
        }
        Node next = node.xchgNext(null);
        if (next == null)
        {
            next = waitNext(node, null);
        }
        if (next != null)
        {
            next.soLocked();
        }
    }
}
