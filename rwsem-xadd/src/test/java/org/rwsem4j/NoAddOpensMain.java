package org.rwsem4j;

import java.util.concurrent.TimeUnit;

/**
 * Run in a child JVM by {@link MissingAddOpensTest}, usually without {@code --add-opens}: tries the off-heap lock
 * twice and the on-heap lock once, and prints one line per attempt.
 */
public final class NoAddOpensMain
{
    private NoAddOpensMain()
    {
    }

    public static void main(final String[] args) throws Exception
    {
        for (int attempt = 1; attempt <= 2; attempt++)
        {
            try
            {
                final Rwsem lock = Rwsem.of("base");
                lock.writeLock().lock();
                lock.writeLock().unlock();
                System.out.println("attempt " + attempt + ": OK " + lock.variant());
            }
            catch (final Throwable t)
            {
                System.out.println("attempt " + attempt + ": " + t.getClass().getName() + ": " + oneLine(t));
            }
        }
        try
        {
            final Rwsem lock = Rwsem.builder().onHeap().build();
            lock.readLock().lock();
            lock.readLock().unlock();
            lock.writeLock().lock();
            // A contended (slow-path) acquisition too, so the on-heap event counters are used.
            final boolean[] got = new boolean[1];
            final Thread t = new Thread(() ->
            {
                try
                {
                    got[0] = lock.readLock().tryLock(1, TimeUnit.MILLISECONDS);
                }
                catch (final InterruptedException ex)
                {
                    Thread.currentThread().interrupt();
                }
            });
            t.start();
            t.join(30_000);
            lock.writeLock().unlock();
            System.out.println("on-heap: OK variant=" + lock.variant() + " contendedGot=" + got[0] +
                " rlock=" + lock.events().get(LockEvent.RLOCK) + " quiescent=" + lock.state().isQuiescent());
        }
        catch (final Throwable t)
        {
            System.out.println("on-heap: " + t.getClass().getName() + ": " + oneLine(t));
        }
    }

    private static String oneLine(final Throwable t)
    {
        return String.valueOf(t.getMessage()).replace('\n', ' ');
    }
}
