package org.rwsem4j;

import java.util.ArrayList;
import java.util.List;


/**
 * The wait list: a doubly linked FIFO of {@link RwsemWaiter}s. Every method runs under the engine's wait lock, except
 * {@link #sizeRacy()}, a monitoring read.
 */
final class WaitQueue
{
    /** Volatile for {@link #headRacy()}; written under the wait lock only. */
    private volatile RwsemWaiter head;
    private RwsemWaiter tail;
    private volatile int size;

    RwsemWaiter head()
    {
        return head;
    }

    /** {@return the head, read without the wait lock: it may be stale by the time the caller looks at it} */
    RwsemWaiter headRacy()
    {
        return head;
    }

    boolean isEmpty()
    {
        return head == null;
    }

    int size()
    {
        return size;
    }

    int sizeRacy()
    {
        return size;
    }

    /**
     * Queues {@code w} just before {@code at} (a queued waiter), or at the tail if {@code at} is null.
     *
     * @param at the waiter to queue ahead of, or null
     * @param w the new waiter
     */
    void addBefore(final RwsemWaiter at, final RwsemWaiter w)
    {
        if (at == null)
        {
            add(w);
            return;
        }
        w.prev = at.prev;
        w.next = at;
        if (at.prev == null)
        {
            head = w;
        }
        else
        {
            at.prev.next = w;
        }
        at.prev = w;
        w.queued = true;
        size = size + 1;
    }

    void add(final RwsemWaiter w)
    {
        w.prev = tail;
        w.next = null;
        if (tail == null)
        {
            head = w;
        }
        else
        {
            tail.next = w;
        }
        tail = w;
        w.queued = true;
        size = size + 1;
    }

    void remove(final RwsemWaiter w)
    {
        if (!w.queued)
        {
            return;
        }
        if (w.prev == null)
        {
            head = w.next;
        }
        else
        {
            w.prev.next = w.next;
        }
        if (w.next == null)
        {
            tail = w.prev;
        }
        else
        {
            w.next.prev = w.prev;
        }
        w.prev = null;
        w.next = null;
        w.queued = false;
        size = size - 1;
    }

    List<String> describe()
    {
        final List<String> out = new ArrayList<>();
        for (RwsemWaiter w = head; w != null; w = w.next)
        {
            out.add(w.toString());
        }
        return out;
    }
}
