package org.rwsem4j.stat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.rwsem4j.LockEvent;
import org.rwsem4j.Rwsem;
import org.rwsem4j.stats.StatsFile;
import org.rwsem4j.stats.StatsReader;

/** Counters of named locks that are collected are freed: a small file never fills up with dead locks. */
class CollectedLockCountersTest
{
    private static final int CAPACITY = 512;
    /** Counters one lock takes: one per event, plus its published word. */
    private static final int PER_LOCK = LockEvent.values().length + 1;

    @TempDir
    Path dir;

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void manyShortLivedNamedLocksNeverFillTheFile() throws Exception
    {
        final StatsFile file = StatsFile.create(dir.resolve("small.stats"), CAPACITY);
        final int fit = CAPACITY / PER_LOCK;
        assertTrue(fit < 50, "the file must be too small for the loop without freeing: " + fit);
        final StatsReader reader = StatsReader.open(file.path());
        for (int i = 0; i < 10 * fit; i++)
        {
            if (file.available() < PER_LOCK)
            {
                // Only collection can make room: ask for it, boundedly.
                assertTrue(awaitGc(() -> file.available() >= PER_LOCK),
                    "counters of dropped locks were not freed: available " + file.available() + " after " + i);
            }
            useAndDrop(file, i); // a full file no longer throws (the lock would go unpublished): the check above fails
        }
        assertTrue(awaitGc(() -> file.available() == CAPACITY),
            "available() did not return to capacity: " + file.available() + " of " + CAPACITY);
        assertEquals(CAPACITY, file.available());
        assertTrue(reader.snapshot().isEmpty(), "dead locks still listed: " + reader.snapshot().keySet());
    }

    @Test
    void aLiveLockKeepsItsCounters() throws Exception
    {
        final StatsFile file = StatsFile.create(dir.resolve("live.stats"), CAPACITY);
        final Rwsem live = Rwsem.builder().variant("base").name("kept").stats(file).build();
        for (int i = 0; i < 5; i++) // a few GC rounds: the reachable lock must survive them
        {
            System.gc();
            Thread.sleep(20);
        }
        assertEquals(CAPACITY - LockEvent.values().length, file.available());
        assertTrue(StatsReader.open(file.path()).snapshot().keySet().stream()
            .anyMatch(k -> k.startsWith("kept [base]")));
        live.writeLock().lock();
        live.writeLock().unlock();
    }

    /** In its own frame, so no stack slot keeps the lock reachable afterwards. */
    private static void useAndDrop(final StatsFile file, final int i)
    {
        final Rwsem lock = Rwsem.builder().variant("base").name("temp-" + i).stats(file).publishLockWord().build();
        lock.writeLock().lock();
        lock.writeLock().unlock();
        lock.readLock().lock();
        lock.readLock().unlock();
    }

    private static boolean awaitGc(final BooleanSupplier done) throws InterruptedException
    {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!done.getAsBoolean())
        {
            if (System.nanoTime() > deadline)
            {
                return false;
            }
            System.gc();
            Thread.sleep(20);
        }
        return true;
    }
}
