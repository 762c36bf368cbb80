package org.rwsem4j.stat;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import org.rwsem4j.Rwsem;
import org.rwsem4j.stats.StatsFile;

/**
 * Run in a child JVM by {@link CrossProcessStatTest}: builds a named lock that publishes its counters and its lock
 * word in {@code args[0]} (a 512-counter {@link StatsFile}), prints {@code READY}, and keeps the lock contended by
 * readers and writers until its stdin closes or {@code args[1]} seconds pass.
 */
public final class ContendedChild
{
    private ContendedChild()
    {
    }

    public static void main(final String[] args) throws Exception
    {
        final Path path = Paths.get(args[0]);
        final long limitNanos = TimeUnit.SECONDS.toNanos(args.length > 1 ? Long.parseLong(args[1]) : 60);
        final StatsFile file = StatsFile.create(path, 512);
        final Rwsem lock = Rwsem.builder().variant("base").name("child-lock").stats(file).publishLockWord().build();
        final long deadline = System.nanoTime() + limitNanos;
        final Thread stdin = new Thread(() ->
        {
            try
            {
                while (System.in.read() >= 0)
                {
                    // drain until the parent closes our stdin
                }
            }
            catch (final java.io.IOException ignored)
            {
                // parent gone
            }
        }, "stdin-watch");
        stdin.setDaemon(true);
        stdin.start();
        final List<Thread> workers = new ArrayList<>();
        for (int i = 0; i < 4; i++)
        {
            final boolean writer = i % 2 == 0;
            final Thread t = new Thread(() ->
            {
                while (stdin.isAlive() && System.nanoTime() < deadline)
                {
                    if (writer)
                    {
                        lock.writeLock().lock();
                        try
                        {
                            LockSupport.parkNanos(50_000);
                        }
                        finally
                        {
                            lock.writeLock().unlock();
                        }
                    }
                    else
                    {
                        lock.readLock().lock();
                        try
                        {
                            LockSupport.parkNanos(20_000);
                        }
                        finally
                        {
                            lock.readLock().unlock();
                        }
                    }
                }
            }, (writer ? "writer-" : "reader-") + i);
            t.start();
            workers.add(t);
        }
        System.out.println("READY " + ProcessHandle.current().pid());
        System.out.flush();
        for (final Thread t : workers)
        {
            t.join();
        }
        System.out.println("DONE " + lock.events());
    }
}
