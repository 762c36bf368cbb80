package org.rwsem4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.lang.ref.Reference;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The lock-free slot arena, each on an arena of its own: no slot is handed out twice while threads allocate and
 * release at once, dropped locks give their chunks back (one spare kept) through the reclaimer thread, and a retired
 * chunk never serves another slot. Words made for a {@code null} lock are never enqueued, so the tests that release
 * by hand own every release.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class OffHeapSlotArenaTest
{
    private static final int THREADS = 4;
    private static final int SLOTS = OffHeapSlotArena.SLOTS_PER_CHUNK;

    /** Runs {@code body(thread)} on {@link #THREADS} threads at once; rethrows the first failure. */
    private static void onThreads(final ThreadBody body) throws InterruptedException
    {
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < THREADS; t++)
        {
            final int id = t;
            threads.add(new Thread(() ->
            {
                try
                {
                    body.run(id);
                }
                catch (final Throwable e)
                {
                    failure.compareAndSet(null, e);
                }
            }, "arena-test-" + t));
        }
        threads.forEach(Thread::start);
        for (final Thread thread : threads)
        {
            thread.join();
        }
        if (failure.get() != null)
        {
            throw new AssertionError(failure.get());
        }
    }

    /** One thread's share of a test. */
    private interface ThreadBody
    {
        void run(int thread) throws Exception;
    }

    private static void gcUntil(final BooleanSupplier done, final String what)
    {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        int gcs = 0;
        while (!done.getAsBoolean())
        {
            if (System.nanoTime() - deadline > 0)
            {
                fail(what + " after " + (gcs + 4) / 5 + " GCs");
            }
            if (gcs++ % 5 == 0)
            {
                System.gc();
            }
            LockSupport.parkNanos(10_000_000);
        }
    }

    private static OffHeapLockWord allocate(final OffHeapSlotArena arena, final Object lock)
    {
        return (OffHeapLockWord)arena.allocate(lock);
    }

    private static void release(final OffHeapSlotArena arena, final OffHeapLockWord word)
    {
        arena.release(word.chunk(), word);
    }

    @Test
    void concurrentAllocateAndReleaseNeverHandOutASlotTwice() throws InterruptedException
    {
        final OffHeapSlotArena arena = new OffHeapSlotArena();
        final Set<Long> held = ConcurrentHashMap.newKeySet();
        onThreads(thread ->
        {
            final OffHeapLockWord[] mine = new OffHeapLockWord[3 * SLOTS / 2];
            for (int round = 0; round < 300; round++)
            {
                final int n = 1 + ThreadLocalRandom.current().nextInt(mine.length);
                for (int i = 0; i < n; i++)
                {
                    mine[i] = allocate(arena, null);
                    assertEquals(LockWordBits.UNLOCKED, mine[i].getVolatile(), "a slot is handed out zeroed");
                    assertTrue(held.add(mine[i].address()), "slot handed out twice: " + mine[i]);
                    mine[i].initialise(marker(thread, round, i));
                }
                Thread.yield();
                for (int i = 0; i < n; i++)
                {
                    assertEquals(marker(thread, round, i), mine[i].getVolatile(), "another owner wrote " + mine[i]);
                    held.remove(mine[i].address());
                    release(arena, mine[i]);
                    mine[i] = null;
                }
            }
        });
        assertEquals(0, arena.liveSlots(), "every slot returned");
        assertTrue(arena.reservedBytes() <= OffHeapSlotArena.CHUNK_BYTES, "one spare chunk kept at most: " +
            arena.reservedBytes() + " B");
    }

    private static long marker(final int thread, final int round, final int i)
    {
        return ((long)thread << 48) | ((long)round << 24) | i;
    }

    @Test
    void droppedLocksGiveTheirChunksBack()
    {
        final OffHeapSlotArena arena = new OffHeapSlotArena();
        final int chunks = 40;
        Object[] locks = new Object[chunks * SLOTS];
        final List<WeakReference<SlotChunk>> made = new ArrayList<>();
        for (int i = 0; i < locks.length; i++)
        {
            locks[i] = new Object();
            final OffHeapLockWord word = allocate(arena, locks[i]);
            if (i % SLOTS == 0)
            {
                made.add(new WeakReference<>(word.chunk()));
            }
        }
        assertEquals(locks.length, arena.liveSlots());
        assertEquals((long)chunks * OffHeapSlotArena.CHUNK_BYTES, arena.reservedBytes(), "chunks filled in turn");
        Reference.reachabilityFence(locks);
        locks = null;

        gcUntil(() -> arena.liveSlots() == 0, "the reclaimer did not return the dropped locks' slots");
        gcUntil(() -> arena.reservedBytes() <= OffHeapSlotArena.CHUNK_BYTES,
            "the arena kept " + arena.reservedBytes() + " B of chunks for no live lock");
        // Nothing keeps a retired chunk (and so its direct memory) reachable: the words, the arena let go of it.
        gcUntil(() -> made.stream().filter(w -> w.get() != null).count() <= 1,
            "retired chunks are still reachable, so their memory is never freed");
    }

    @Test
    void aRetiredChunkRefusesReservations()
    {
        final OffHeapSlotArena arena = new OffHeapSlotArena();
        final OffHeapLockWord[] words = new OffHeapLockWord[2 * SLOTS];
        for (int i = 0; i < words.length; i++)
        {
            words[i] = allocate(arena, null);
        }
        final SlotChunk first = words[0].chunk();
        final SlotChunk second = words[SLOTS].chunk();
        for (final OffHeapLockWord word : words)
        {
            release(arena, word);
        }
        // The first chunk emptied while the second was full: it stayed, the spare. The second then emptied beside it.
        assertTrue(!first.isRetired() && second.isRetired(), "the second chunk to empty is retired");
        assertEquals(null, arena.chunkOf(words[SLOTS].address()), "a retired chunk is unlinked");
        assertTrue(!second.tryReserve(), "a retired chunk took a reservation");
        assertTrue(second.isRetired(), "a retired chunk stays retired");
        for (int i = 0; i < 2 * SLOTS; i++)
        {
            assertTrue(!second.contains(allocate(arena, null).address()), "a slot of the retired chunk");
        }
    }

    @Test
    void aChunkWithAReservationIsNotRetired()
    {
        final OffHeapSlotArena arena = new OffHeapSlotArena();
        final OffHeapLockWord word = allocate(arena, null);
        final SlotChunk chunk = word.chunk();
        assertTrue(!chunk.tryRetire(), "a chunk with a slot in use was retired");
        release(arena, word);
        assertTrue(chunk.tryReserve(), "a reservation on the empty spare");
        assertTrue(!chunk.tryRetire(), "a chunk with a reservation pending was retired");
    }

    @Test
    void aRetiredChunkIsNeverHandedOut() throws InterruptedException
    {
        final OffHeapSlotArena arena = new OffHeapSlotArena();
        onThreads(thread ->
        {
            final OffHeapLockWord[] mine = new OffHeapLockWord[2 * SLOTS];
            for (int round = 0; round < 400; round++)
            {
                // Bursts that cross chunk boundaries, so chunks empty and retire while others reserve.
                final int n = 1 + ThreadLocalRandom.current().nextInt(mine.length);
                for (int i = 0; i < n; i++)
                {
                    mine[i] = allocate(arena, null);
                    final SlotChunk chunk = mine[i].chunk();
                    assertTrue(!chunk.isRetired() && chunk.liveCount() > 0,
                        "a slot of a retired chunk was handed out: " + mine[i]);
                    assertSame(chunk, arena.chunkOf(mine[i].address()), "a slot of an unlinked chunk: " + mine[i]);
                }
                for (int i = 0; i < n; i++)
                {
                    release(arena, mine[i]);
                    mine[i] = null;
                }
            }
        });
        assertEquals(0, arena.liveSlots());
    }
}
