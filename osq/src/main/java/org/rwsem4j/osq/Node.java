package org.rwsem4j.osq;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * One spinner's place in an {@link AbstractOsq}: the kernel's {@code optimistic_spin_node}.
 *
 * <p>A node serves exactly one {@link AbstractOsq#lock} attempt (and the matching {@link AbstractOsq#unlock} if
 * the attempt succeeded); get a fresh one from {@link AbstractOsq#newNode()} for every attempt. Never keep one per
 * thread or reuse it: a departed neighbour may still hold a reference to it and act on it later (see the notes in
 * {@link AbstractOsq}).
 *
 * <p>The fields are package-private for {@link AbstractOsq} and its tests, but are only ever accessed through the
 * accessors below, whose prefixes name the memory order: {@code lv} volatile load, {@code la} acquire load,
 * {@code so} release ("ordered") store, {@code cas} volatile compare-and-set, {@code xchg} volatile get-and-set.
 */
public final class Node
{

    private static final VarHandle NEXT;
    private static final VarHandle PREV;
    private static final VarHandle LOCKED;

    static
    {
        try
        {
            final MethodHandles.Lookup l = MethodHandles.lookup();
            NEXT = l.findVarHandle(Node.class, "next", Node.class);
            PREV = l.findVarHandle(Node.class, "prev", Node.class);
            LOCKED = l.findVarHandle(Node.class, "locked", boolean.class);
        }
        catch (final ReflectiveOperationException e)
        {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Successor, or null. Written by the successor (publish), by this node's owner (clear) and by unqueuers. */
    Node next;
    /** Predecessor while queued. Written by this node's owner before publishing, then by an unqueuing prev. */
    Node prev;
    /** Set once, by the predecessor handing over the OSQ; this node's owner spins on it. */
    boolean locked;
    /** The thread making this attempt; diagnostics only. */
    final Thread owner;

    Node()
    {
        this.owner = Thread.currentThread();
    }

    Node lvNext()
    {
        return (Node)NEXT.getVolatile(this);
    }

    void soNext(final Node n)
    {
        NEXT.setRelease(this, n);
    }

    boolean casNext(final Node expect, final Node update)
    {
        return NEXT.compareAndSet(this, expect, update);
    }

    Node xchgNext(final Node n)
    {
        return (Node)NEXT.getAndSet(this, n);
    }

    Node lvPrev()
    {
        return (Node)PREV.getVolatile(this);
    }

    void soPrev(final Node p)
    {
        PREV.setRelease(this, p);
    }

    boolean laLocked()
    {
        return (boolean)LOCKED.getAcquire(this);
    }

    void soLocked()
    {
        LOCKED.setRelease(this, true);
    }

    @Override
    public String toString()
    {
        return "Node[" + owner.getName() + (laLocked() ? ", locked]" : "]");
    }
}
