package org.rwsem4j.bench;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

import org.junit.jupiter.api.Test;
import org.rwsem4j.testkit.NoExclusionLock;

/**
 * Negative controls of the torn-data checks of the application benchmarks' data structures: {@link RegionTree}
 * (find_vma under mmap_sem) and {@link BlockMap} (a page cache), driven with the benchmarks' critical sections under
 * a lock that does nothing, must throw their own "torn" error; under a real lock the same run is clean. One writer
 * (so the structure itself is only ever changed by one thread) and three readers; the run ends at the first torn
 * read, or after {@link #OPS} operations per reader.
 */
class TornDataControlTest
{
    static final int OPS = 20_000_000;
    /** Operations per reader under a real lock. */
    static final int CLEAN_OPS = 200_000;

    /** One reader's or the writer's operation. */
    private interface Op
    {
        void run(ReadWriteLock lock, XorShift random);
    }

    /** Runs one writer and three readers; returns the first failure (null if clean). */
    private static Throwable drive(final ReadWriteLock lock, final Op writer, final Op reader) throws Exception
    {
        return drive(lock, writer, reader, lock instanceof NoExclusionLock ? OPS : CLEAN_OPS);
    }

    private static Throwable drive(final ReadWriteLock lock, final Op writer, final Op reader, final long ops)
        throws Exception
    {
        final ExecutorService pool = Executors.newFixedThreadPool(4, r ->
        {
            final Thread t = new Thread(r, "torn-data");
            t.setDaemon(true);
            return t;
        });
        final AtomicBoolean stop = new AtomicBoolean();
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        try
        {
            final List<Future<?>> done = new ArrayList<>();
            done.add(pool.submit(() -> loop(lock, writer, 1, stop, failure, Long.MAX_VALUE)));
            for (int i = 0; i < 3; i++)
            {
                final int seed = i + 2;
                done.add(pool.submit(() -> loop(lock, reader, seed, stop, failure, ops)));
            }
            for (int i = 1; i < done.size(); i++)
            {
                done.get(i).get(120, TimeUnit.SECONDS);
            }
            stop.set(true);
            done.get(0).get(120, TimeUnit.SECONDS);
        }
        finally
        {
            stop.set(true);
            pool.shutdownNow();
        }
        return failure.get();
    }

    private static void loop(final ReadWriteLock lock, final Op op, final int seed, final AtomicBoolean stop,
        final AtomicReference<Throwable> failure, final long ops)
    {
        final XorShift random = new XorShift(seed);
        try
        {
            for (long i = 0; i < ops && !stop.get(); i++)
            {
                op.run(lock, random);
            }
        }
        catch (final Throwable t)
        {
            failure.compareAndSet(null, t);
            stop.set(true);
        }
    }

    private static Throwable regionTree(final ReadWriteLock lock) throws Exception
    {
        final RegionTree tree = new RegionTree(4096, 42);
        return drive(lock, (l, random) ->
        {
            l.writeLock().lock();
            try
            {
                tree.toggle(random.nextInt(tree.slots()));
            }
            finally
            {
                l.writeLock().unlock();
            }
        }, (l, random) ->
        {
            final long address = (random.nextLong() >>> 1) % (tree.slots() * RegionTree.SLOT_SIZE);
            l.readLock().lock();
            try
            {
                tree.find(address);
            }
            finally
            {
                l.readLock().unlock();
            }
        });
    }

    private static Throwable blockMap(final ReadWriteLock lock) throws Exception
    {
        final int blocks = 64;
        final BlockMap map = new BlockMap(blocks / 4);
        return drive(lock, (l, random) ->
        {
            l.writeLock().lock();
            try
            {
                map.write(random.nextInt(blocks));
            }
            finally
            {
                l.writeLock().unlock();
            }
        }, (l, random) ->
        {
            l.readLock().lock();
            try
            {
                map.read(random.nextInt(blocks));
            }
            finally
            {
                l.readLock().unlock();
            }
        });
    }

    private static void assertTorn(final Throwable failure, final String symptom)
    {
        assertTrue(failure instanceof IllegalStateException && String.valueOf(failure.getMessage()).startsWith(symptom),
            () -> "expected '" + symptom + "', got " + failure);
        System.out.println("[expected] " + failure.getMessage());
    }

    @Test
    void regionTreeCatchesALockThatDoesNothing() throws Exception
    {
        assertTorn(regionTree(new NoExclusionLock()), "torn region");
    }

    @Test
    void blockMapCatchesALockThatDoesNothing() throws Exception
    {
        assertTorn(blockMap(new NoExclusionLock()), "torn page");
    }

    @Test
    void bothAreCleanUnderARealLock() throws Exception
    {
        assertTrue(regionTree(new ReentrantReadWriteLock()) == null);
        assertTrue(blockMap(new ReentrantReadWriteLock()) == null);
    }
}
