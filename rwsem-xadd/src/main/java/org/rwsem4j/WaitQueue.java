package org.rwsem4j;

import java.util.ArrayList;
import java.util.List;

/**
 * The wait list: a doubly linked FIFO of {@link Waiter}s. Every method runs under the engine's wait lock, except
 * {@link #sizeRacy()}, a monitoring read.
 */
final class WaitQueue
{
    /** Volatile for {@link #headRacy()}; written under the wait lock only. */
    private volatile Waiter head;
    private Waiter tail;
    private volatile int size;

    Waiter head()
    {
        return head;
    }

    /** {@return the head, read without the wait lock: it may be stale by the time the caller looks at it} */
    Waiter headRacy()
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

    void add(final Waiter w)
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

    void remove(final Waiter w)
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
        for (Waiter w = head; w != null; w = w.next)
        {
            out.add(w.toString());
        }
        return out;
    }
}
