package org.rwsem4j.osq;

/**
 * The optimistic spin queue: a cancellable MCS queue (the kernel's {@code osq_lock}) that elects one spinner, the
 * head, to spin on a contended lock while every other would-be spinner spins on a flag in its own {@link Node}.
 *
 * <p>The algorithm is written once, here, over the queue's only shared word, the tail, which each subclass keeps in
 * its own layout: {@link Osq} between two cache lines of padding on each side, {@link CompactOsq} alone in its object
 * (the kernel does not pad the {@code optimistic_spin_queue} it embeds in an rwsem). The subclasses are final and
 * live in this package, so a caller holds this type and may be given either.
 *
 * <p>Typical use by a lock's slow path:
 * <pre>{@code
 * Node node = AbstractOsq.newNode();
 * if (osq.lock(node, giveUp)) {          // I am the head: the only thread spinning on the owner
 *     try { ... spin on the lock word ... } finally { osq.unlock(node); }
 * }                                      // else: gave up; the node is fully unqueued, go and sleep
 * }</pre>
 *
 * <p>The OSQ protects nothing but the right to spin; it is not reentrant and has no owner check. Only the thread
 * whose {@code lock} returned true may call {@code unlock}, once, with the same node.
 */
public abstract class AbstractOsq
{

    /*
     * Algorithmic notes
     *
     * Layout. The only shared word of the OSQ is `tail` (null = empty). Everything else lives in the nodes, one
     * fresh node per attempt: {next, prev, locked, owner}. A node is
     *   QUEUED  from the moment its owner swaps it into `tail`,
     *   HEAD    once that swap returned null, or once its predecessor set `locked` (the handoff),
     *   WAITING while queued behind a non-null predecessor with `locked` still false,
     *   LEAVING while its owner runs the three unqueue steps below, and
     *   GONE    when lock() returned false or unlock() returned: nothing live points at it any more.
     * Departed nodes are never reused, so a stale reference to one (which a neighbour may still hold in a local
     * variable) can at worst fail a CAS or read null; the kernel gets the same guarantee from per-CPU nodes that
     * always exist, we get it from the garbage collector (no ABA).
     *
     * Who writes what.
     *   tail         swapped in by every joiner (xchgTail); CASed back by the last node when it unlocks
     *                (-> null) or unqueues (-> its prev).
     *   node.prev    written by its owner before it publishes itself in prev.next, and afterwards only by an
     *                unqueuing predecessor in step C (which gives it a new predecessor).
     *   prev.next    set to the successor by the successor itself (publish), cleared by the successor in step A,
     *                swapped out (xchgNext) by its own owner in unlock/osqWaitNext, and re-set in step C by an
     *                unqueuing successor.
     *   node.locked  set once, by whichever node currently precedes it, in unlock: the handoff.
     *
     * Join (osqLock). node.prev = prev is written BEFORE prev.next = node is published (both release stores).
     * An unqueuing prev that finds us through prev.next (with a volatile xchg) will then write node.prev in its
     * step C, and our earlier store can no longer land on top of it. This is the kernel's 2017 "osq_lock queue
     * corruption" fix (smp_wmb between the two stores); here the release store provides the order.
     *
     * Wait. A WAITING node spins with Thread.onSpinWait() on its own `locked` flag and polls GiveUp once per
     * iteration. Only the head ever touches the protected resource, and that is the caller's business.
     *
     * Unqueue, when GiveUp says so:
     *   A. Detach from prev: CAS prev.next from node to null. If it fails, either prev handed us the OSQ
     *      (locked is now set: return true, we are the head) or prev itself is leaving and will give us a new
     *      prev in its step C: re-read node.prev and retry. Until step A succeeds our predecessor may still hand
     *      over, which is why a failed CAS must check `locked` before retrying. After step A prev.next is null,
     *      so prev can no longer hand over to us, nor find us as its successor in its own unqueue.
     *   B. Stabilise next (osqWaitNext): if we are the tail, CAS tail from node back to prev and we are done (no
     *      successor). Otherwise a successor exists or is about to publish itself in node.next; take it with
     *      xchgNext(null). The swap (not a plain read) matters: once node.next is null, a successor running its
     *      own step A can no longer detach from us (its CAS fails) and keeps re-reading its prev, waiting for us.
     *   C. Unlink: next.prev = prev, then prev.next = next. Safe because both neighbours are parked on us: prev
     *      has next == null since step A, so it cannot hand over or unqueue past us (its osqWaitNext is waiting
     *      for a new next or for tail to come back), and next cannot detach from us because node.next is null
     *      since step B. Order matters here too: prev.next = next publishes next to prev, which may at once
     *      hand over to it, or leave and rewrite next.prev in its own step C; writing next.prev first (release
     *      store before release store) keeps our store from landing on top of that one, as in Join.
     *
     * Leave (osqUnlock). Fast path: CAS tail from node to null (no successor). Otherwise take node.next with
     * xchgNext(null) and set its `locked`; if it is still null a successor is joining or unqueuing, so wait for
     * it with osqWaitNext(node, null), which either finds it or sees tail come back to node and empties the queue.
     *
     * Memory order pairing.
     *   xchgTail (join) is both acquire (pairs with the release of a previous head's CAS of tail to null) and
     *     release (publishes the node's initial state to whoever reads tail next).
     *   soPrev(node.prev) -> soNext(prev.next = node) pairs with the volatile xchgNext / casNext / lvNext that
     *     reads prev.next, so a neighbour that found us sees our prev and anything we wrote before.
     *   soLocked (handoff) pairs with laLocked in the waiter: the new head sees everything the previous head
     *     did before unlock.
     *   casTail / xchgNext in osqWaitNext are volatile: B's "am I the tail, else take next" is decided on a
     *     single total order of those words.
     */

    /** Only this package's layouts extend it. */
    AbstractOsq()
    {
    }

    /** {@return the tail node, or null when the queue is empty: a volatile load} */
    abstract Node lvTail();

    /**
     * Volatile get-and-set of the tail: acquire for an uncontended lock after an unlock, release to publish the new
     * node.
     *
     * @param n the joining node
     * @return the previous tail, or null if the queue was empty
     */
    abstract Node xchgTail(Node n);

    /**
     * Volatile compare-and-set of the tail.
     *
     * @param expect the tail the caller believes is there
     * @param update the new tail, or null to empty the queue
     * @return whether the tail was {@code expect} and is now {@code update}
     */
    abstract boolean casTail(Node expect, Node update);

    /**
     * A fresh node for one attempt (never per CPU, never reused across attempts); owned by the calling thread.
     *
     * @return a new node, not in any queue
     */
    public static Node newNode()
    {
        return new Node();
    }

    /**
     * Joins the queue and waits to become its head ({@code osq_lock}).
     *
     * @param node   a fresh node from {@link #newNode()}
     * @param giveUp polled while waiting behind another node; {@code true} makes this call unqueue
     * @return {@code true} once {@code node} is the head (the caller must later {@link #unlock} it), {@code false}
     *         if {@code giveUp} said so and the node has been fully unqueued
     */
    public boolean lock(final Node node, final GiveUp giveUp)
    {
        return osqLock(node, giveUp);
    }

    /**
     * Hands the OSQ to the successor, or empties it ({@code osq_unlock}). Only the head calls it, once.
     *
     * @param node the caller's node, for which {@link #lock} returned {@code true}
     */
    public void unlock(final Node node)
    {
        osqUnlock(node);
    }

    /**
     * {@code osq_is_locked}: the queue is not empty. The rwsem reads it as "there is an optimistic spinner".
     *
     * @return {@code true} if some node is queued
     */
    public boolean isLocked()
    {
        return lvTail() != null;
    }

    /**
     * Diagnostics: the name of the thread owning the tail node, or null if the queue is empty.
     *
     * @return the tail node's owner thread's name, or {@code null} if the queue is empty
     */
    public String describeTail()
    {
        final Node t = lvTail();
        return t == null ? null : t.owner.getName();
    }

    @Override
    public String toString()
    {
        final String t = describeTail();
        final String kind = getClass().getSimpleName();
        return t == null ? kind + "[empty]" : kind + "[tail=" + t + "]";
    }

    private boolean osqLock(final Node node, final GiveUp giveUp)
    {
        assert node.lvNext() == null && node.lvPrev() == null && !node.laLocked() : "node reused: " + node;
        final Node prev = xchgTail(node);
        if (prev == null)
        {
            return true;
        }
        node.soPrev(prev);      // before publishing: see the notes ("Join")
        prev.soNext(node);

        for (;;)
        {
            if (node.laLocked())
            {
                return true;
            }
            final boolean stop;
            try
            {
                stop = giveUp.giveUp();
            }
            catch (final Throwable t)
            {
                if (unqueue(node, prev))
                {
                    osqUnlock(node);    // handed over while we were leaving: pass it on, then report
                }
                throw t;
            }
            if (stop)
            {
                return unqueue(node, prev);
            }
            Thread.onSpinWait();
        }
    }

    /** Steps A, B, C. Returns true if the OSQ was handed to {@code node} before it could detach. */
    private boolean unqueue(final Node node, final Node firstPrev)
    {
        Node prev = firstPrev;
        // A: detach from prev.
        for (;;)
        {
            if (prev.lvNext() == node && prev.casNext(node, null))
            {
                break;
            }
            if (node.laLocked())
            {
                return true;
            }
            Thread.onSpinWait();
            prev = node.lvPrev();   // prev may have unqueued and given us a new one (its step C)
        }
        // B: stabilise next.
        final Node next = osqWaitNext(node, prev);
        if (next == null)
        {
            return false;
        }
        // C: unlink.
        next.soPrev(prev);
        prev.soNext(next);
        return false;
    }

    /**
     * Waits until {@code node} either is the tail, and then moves the tail back to {@code prev} (null = empty the
     * queue) and returns null, or has a successor, which it detaches from {@code node} and returns.
     */
    private Node osqWaitNext(final Node node, final Node prev)
    {
        for (;;)
        {
            if (lvTail() == node && casTail(node, prev))
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
            Thread.onSpinWait();
        }
    }

    private void osqUnlock(final Node node)
    {
        if (casTail(node, null))
        {
            return;
        }
        Node next = node.xchgNext(null);
        if (next == null)
        {
            next = osqWaitNext(node, null);
        }
        if (next != null)
        {
            next.soLocked();
        }
    }
}
