package org.rwsem4j.stat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

import org.rwsem4j.LockEvent;
import org.rwsem4j.Rwsem;

/**
 * Run in a child JVM by {@link DefaultPlaceEndToEndTest}: prints {@code PID <pid>}, waits for a line on stdin (the
 * parent plants its symlinks meanwhile), then builds two named locks the way a service would
 * ({@code Rwsem.builder().variant("base").name(..).build()}, so in the process's default stats file), makes a reader
 * queue (and sleep) behind a writer on the first, prints {@code READY <rwsem_sleep_reader>} and waits for stdin to
 * close.
 */
public final class DefaultPlaceChild
{
    private DefaultPlaceChild()
    {
    }

    public static void main(final String[] args) throws Exception
    {
        final BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        System.out.println("PID " + ProcessHandle.current().pid());
        System.out.flush();
        if (in.readLine() == null)
        {
            return;
        }
        final Rwsem db = Rwsem.builder().variant("base").name("db").build();
        final Rwsem other = Rwsem.builder().variant("base").name("other").publishLockWord().build();
        db.writeLock().lock();
        final Thread reader = new Thread(() ->
        {
            db.readLock().lock();
            db.readLock().unlock();
        });
        reader.start();
        // The handshake is the counter itself: a queued reader may be granted in its pre-park spin, without ever
        // sleeping, so hasQueuedThreads() is not enough. Past the deadline READY 0 fails the parent on its own
        // symptom ("did not count its queued reader").
        final long deadline = System.nanoTime() + 30_000_000_000L;
        while (db.events().get(LockEvent.SLEEP_READER) == 0 && System.nanoTime() < deadline)
        {
            Thread.onSpinWait();
        }
        db.writeLock().unlock();
        reader.join();
        other.writeLock().lock();
        other.writeLock().unlock();
        System.out.println("READY " + db.events().get(LockEvent.SLEEP_READER));
        System.out.flush();
        while (in.readLine() != null)
        {
            // until the parent closes our stdin
        }
        System.out.println("DONE " + other.isWriteLocked());
    }
}
