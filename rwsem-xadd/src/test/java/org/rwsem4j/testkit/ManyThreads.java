package org.rwsem4j.testkit;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.Lock;

import org.rwsem4j.Rwsem;

/** Starts the threads of a many-thread scenario: virtual threads where the JDK has them (21+), else small stacks. */
public final class ManyThreads
{
    private static final MethodHandle START_VIRTUAL = startVirtualThread();

    private ManyThreads()
    {
    }

    /**
     * Starts one thread of the scenario.
     *
     * @param body what it runs
     * @param name its name, if it is a platform thread
     * @return the started thread
     * @throws Throwable what starting a virtual thread threw
     */
    public static Thread start(final Runnable body, final String name) throws Throwable
    {
        if (START_VIRTUAL != null)
        {
            return (Thread)START_VIRTUAL.invoke(body);
        }
        final Thread t = new Thread(null, body, name, 256 * 1024);
        t.setDaemon(true);
        t.start();
        return t;
    }

    /**
     * A reader's body: it takes the read lock, counts itself {@code inside}, and keeps the lock until {@code out}
     * opens.
     *
     * @param lock the lock
     * @param inside counted down once the read lock is held
     * @param out what the reader waits for before it unlocks
     * @return the body
     */
    public static Runnable heldRead(final Rwsem lock, final CountDownLatch inside, final CountDownLatch out)
    {
        return held(lock.readLock(), inside, out);
    }

    /**
     * A holder's body: it takes {@code l}, counts itself {@code inside}, and keeps it until {@code out} opens.
     *
     * @param l the read or the write lock
     * @param inside counted down once {@code l} is held
     * @param out what the holder waits for before it unlocks
     * @return the body
     */
    public static Runnable held(final Lock l, final CountDownLatch inside, final CountDownLatch out)
    {
        return () ->
        {
            l.lock();
            try
            {
                inside.countDown();
                out.await();
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
            }
            finally
            {
                l.unlock();
            }
        };
    }

    /** {@return whether {@link #start} starts virtual threads} */
    public static boolean virtual()
    {
        return START_VIRTUAL != null;
    }

    /** {@code Thread.startVirtualThread(Runnable)}, or null on JDK 17. */
    private static MethodHandle startVirtualThread()
    {
        try
        {
            return MethodHandles.publicLookup().findStatic(Thread.class, "startVirtualThread",
                MethodType.methodType(Thread.class, Runnable.class));
        }
        catch (final NoSuchMethodException | IllegalAccessException ex)
        {
            return null;
        }
    }
}
