package org.rwsem4j.slot;

import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The thread that returns the slots of dropped locks: it blocks on the queue every group's ticket is registered with
 * ({@link #QUEUE}) and hands each ticket the GC enqueues to its arena ({@link OffHeapSlotArena#release}). One daemon
 * thread for the JVM, named {@value #NAME}, started with the first chunk; it survives anything a release throws.
 */
final class SlotReclaimer implements Runnable
{
    static final String NAME = "rwsem4j-slot-reclaimer";
    static final ReferenceQueue<Object> QUEUE = new ReferenceQueue<>();
    private static final AtomicBoolean STARTED = new AtomicBoolean();

    private SlotReclaimer()
    {
    }

    static void ensureStarted()
    {
        if (STARTED.get() || !STARTED.compareAndSet(false, true))
        {
            return;
        }
        try
        {
            final Thread thread = new Thread(null, new SlotReclaimer(), NAME, 0, false);
            thread.setDaemon(true);
            thread.setPriority(Thread.MAX_PRIORITY - 2); // as the JDK's common Cleaner thread
            thread.setContextClassLoader(null); // pins no application class loader
            thread.start();
        }
        catch (final Throwable t)
        {
            STARTED.set(false); // the next chunk tries again
            throw t;
        }
    }

    @Override
    public void run()
    {
        for (;;)
        {
            try
            {
                final Reference<?> ref = QUEUE.remove();
                if (ref instanceof GcTick)
                {
                    ((GcTick)ref).arena.sweep();
                }
                else
                {
                    reclaim(ref);
                }
            }
            catch (final Throwable t)
            {
                // Interrupts and failures alike: keep running, or no slot would ever come back.
            }
        }
    }

    /**
     * An arena's GC sentinel: a weak reference to an object nothing else holds, so the GC clears and enqueues it at
     * its next cycle, and the reclaimer then sweeps the arena, which arms a new one. The arena holds its tick, so a
     * dropped arena's tick is never enqueued.
     */
    static final class GcTick extends WeakReference<Object>
    {
        final OffHeapSlotArena arena;

        GcTick(final OffHeapSlotArena arena)
        {
            super(new Object(), QUEUE);
            this.arena = arena;
        }
    }

    /** Returns the slots of an enqueued group ticket. */
    static void reclaim(final Reference<?> ref)
    {
        final SlotTicket ticket = (SlotTicket)ref;
        ticket.chunk.arena.release(ticket);
    }
}
