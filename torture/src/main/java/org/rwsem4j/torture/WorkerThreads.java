package org.rwsem4j.torture;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * Makes the workers' threads: platform daemons, or virtual threads on JDK 21+. The module is compiled for 17, so
 * {@code Thread.ofVirtual()} and its builder are resolved once, by reflection, into method handles; they are used only
 * when the threads are made, never in a worker's loop.
 */
final class WorkerThreads
{
    /** The first JDK with virtual threads. */
    static final int VIRTUAL_THREADS_JDK = 21;

    private static final MethodHandle OF_VIRTUAL;
    private static final MethodHandle NAME;
    private static final MethodHandle UNSTARTED;

    static
    {
        MethodHandle ofVirtual = null;
        MethodHandle name = null;
        MethodHandle unstarted = null;
        try
        {
            final Class<?> builder = Class.forName("java.lang.Thread$Builder");
            final MethodHandles.Lookup lookup = MethodHandles.publicLookup();
            ofVirtual = lookup.findStatic(Thread.class, "ofVirtual",
                MethodType.methodType(Class.forName("java.lang.Thread$Builder$OfVirtual")));
            name = lookup.findVirtual(builder, "name", MethodType.methodType(builder, String.class));
            unstarted = lookup.findVirtual(builder, "unstarted", MethodType.methodType(Thread.class, Runnable.class));
        }
        catch (final ReflectiveOperationException ex)
        {
            ofVirtual = null; // JDK 17: no virtual threads
        }
        OF_VIRTUAL = ofVirtual;
        NAME = name;
        UNSTARTED = unstarted;
    }

    private WorkerThreads()
    {
    }

    /** @return whether this JVM has virtual threads */
    static boolean virtualAvailable()
    {
        return OF_VIRTUAL != null;
    }

    /** @return the message for a JVM without virtual threads */
    static String virtualUnavailableMessage()
    {
        return "--virtual-threads needs JDK " + VIRTUAL_THREADS_JDK + " or later; this is JDK " +
            Runtime.version().feature();
    }

    /**
     * @param task    the worker
     * @param name    the thread's name
     * @param virtual a virtual thread (JDK 21+) instead of a platform daemon
     * @return the thread, not started
     * @throws IllegalStateException when a virtual thread is asked for on a JDK without them
     */
    static Thread unstarted(final Runnable task, final String name, final boolean virtual)
    {
        if (!virtual)
        {
            final Thread t = new Thread(task, name);
            t.setDaemon(true);
            return t;
        }
        if (OF_VIRTUAL == null)
        {
            throw new IllegalStateException(virtualUnavailableMessage());
        }
        try
        {
            final Object builder = NAME.invoke(OF_VIRTUAL.invoke(), name);
            return (Thread)UNSTARTED.invoke(builder, task);
        }
        catch (final RuntimeException | Error ex)
        {
            throw ex;
        }
        catch (final Throwable ex)
        {
            throw new IllegalStateException("cannot make a virtual thread: " + ex, ex);
        }
    }
}
