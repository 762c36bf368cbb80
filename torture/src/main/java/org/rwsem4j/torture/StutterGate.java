package org.rwsem4j.torture;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * locktorture's stutter: the monitor closes the gate, every worker stops at it between critical sections, and when
 * all have arrived (or a bound passes) the gate opens and all restart together, an idle-to-burst transition.
 */
final class StutterGate
{
    private volatile boolean closed;
    private final AtomicInteger waiting = new AtomicInteger();

    /** Called by a worker between critical sections. */
    void pass(final Worker w)
    {
        if (!closed)
        {
            return;
        }
        w.phase(Phase.PAUSED);
        waiting.incrementAndGet();
        try
        {
            while (closed)
            {
                Thread.interrupted(); // a stray interrupt must not turn this into a spin
                LockSupport.park(this);
            }
        }
        finally
        {
            waiting.decrementAndGet();
            w.phase(Phase.OUTSIDE);
        }
    }

    void close()
    {
        closed = true;
    }

    boolean isClosed()
    {
        return closed;
    }

    int waiting()
    {
        return waiting.get();
    }

    void open(final List<Worker> workers)
    {
        closed = false;
        for (final Worker w : workers)
        {
            LockSupport.unpark(w.thread);
        }
    }
}
