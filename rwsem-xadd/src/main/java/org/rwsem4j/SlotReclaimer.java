package org.rwsem4j;

import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The thread that returns the slots of dropped locks: it blocks on the queue every arena word is registered with
 * ({@link #QUEUE}) and hands each word the GC enqueues to its arena ({@link OffHeapSlotArena#release}). One daemon
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
                reclaim(QUEUE.remove());
            }
            catch (final Throwable t)
            {
                // Interrupts and failures alike: keep running, or no slot would ever come back.
            }
        }
    }

    /** Returns the slot of an enqueued arena word. */
    static void reclaim(final Reference<?> ref)
    {
        final OffHeapLockWord word = (OffHeapLockWord)ref;
        final SlotChunk chunk = word.chunk();
        if (chunk != null)
        {
            chunk.arena.release(chunk, word);
        }
    }
}
