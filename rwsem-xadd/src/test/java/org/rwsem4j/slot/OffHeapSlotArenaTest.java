package org.rwsem4j.slot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.lang.ref.Reference;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.HashSet;
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

import org.rwsem4j.spi.LockWordBits;

/**
 * The lock-free slot arena, each test on an arena of its own: no slot is handed out twice while threads build and
 * drop words and the GC reclaims their groups, dropped words give their chunks back (one spare kept), a retired chunk
 * never serves another slot, and a ticket released twice frees nothing the second time.
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

    private static OffHeapLockWord allocate(final OffHeapSlotArena arena)
    {
        return (OffHeapLockWord)arena.allocate(null);
    }

    private static SlotChunk chunkOf(final OffHeapLockWord word)
    {
        return word.group().chunk;
    }

    /**
     * Threads build bursts of words, check each is fresh and theirs alone, then drop them, while thread 0 runs the GC
     * every few rounds, so groups come back through the reclaimer and are handed out again under the others' feet.
     */
    @Test
    void concurrentBuildAndReclaimNeverHandOutASlotTwice() throws InterruptedException
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
                    mine[i] = allocate(arena);
                    assertEquals(LockWordBits.UNLOCKED, mine[i].getVolatile(), "a slot is handed out zeroed");
                    assertTrue(held.add(mine[i].address()), "slot handed out twice: " + mine[i]);
                    mine[i].initialise(marker(thread, round, i));
                }
                Thread.yield();
                for (int i = 0; i < n; i++)
                {
                    assertEquals(marker(thread, round, i), mine[i].getVolatile(), "another owner wrote " + mine[i]);
                    held.remove(mine[i].address());
                    mine[i] = null;
                }
                if (thread == 0 && round % 10 == 0)
                {
                    System.gc();
                }
            }
        });
        gcUntil(() -> arena.liveSlots() == 0, "the dropped words' groups did not all come back: " +
            arena.liveSlots() + " slots out");
        gcUntil(() -> arena.reservedBytes() <= OffHeapSlotArena.CHUNK_BYTES,
            "the arena kept " + arena.reservedBytes() + " B of chunks for no live word");
    }

    private static long marker(final int thread, final int round, final int i)
    {
        return ((long)thread << 48) | ((long)round << 24) | i;
    }

    @Test
    void droppedWordsGiveTheirChunksBack()
    {
        final OffHeapSlotArena arena = new OffHeapSlotArena();
        final int chunks = 40;
        OffHeapLockWord[] words = new OffHeapLockWord[chunks * SLOTS];
        final List<WeakReference<SlotChunk>> made = new ArrayList<>();
        for (int i = 0; i < words.length; i++)
        {
            words[i] = allocate(arena);
            if (i % SLOTS == 0)
            {
                made.add(new WeakReference<>(chunkOf(words[i])));
            }
        }
        assertEquals(words.length, arena.liveSlots());
        assertEquals((long)chunks * OffHeapSlotArena.CHUNK_BYTES, arena.reservedBytes(), "chunks filled in turn");
        Reference.reachabilityFence(words);
        words = null;

        // The arena holds its current group weakly: it too comes back once its words are gone.
        gcUntil(() -> arena.liveSlots() == 0, "the reclaimer did not return the dropped words' groups");
        gcUntil(() -> arena.reservedBytes() <= OffHeapSlotArena.CHUNK_BYTES,
            "the arena kept " + arena.reservedBytes() + " B of chunks for no live word");
        // Nothing keeps a retired chunk (and so its direct memory) reachable: the groups, the arena let go of it.
        gcUntil(() -> made.stream().filter(w -> w.get() != null).count() <= 1,
            "retired chunks are still reachable, so their memory is never freed");
    }

    /** A group that one word still holds stays out, with the rest of its slots; the others come back. */
    @Test
    void aLiveWordKeepsItsGroupAndOnlyItsGroup()
    {
        final OffHeapSlotArena arena = new OffHeapSlotArena();
        OffHeapLockWord[] words = new OffHeapLockWord[SLOTS];
        for (int i = 0; i < words.length; i++)
        {
            words[i] = allocate(arena);
        }
        final OffHeapLockWord survivor = words[OffHeapSlotArena.GROUP_SLOTS + 1];
        Reference.reachabilityFence(words);
        words = null;
        gcUntil(() -> arena.liveSlots() == OffHeapSlotArena.GROUP_SLOTS,
            "one live word should keep exactly its group: " + arena.liveSlots() + " slots out");
        assertSame(chunkOf(survivor), arena.chunkOf(survivor.address()), "the survivor's chunk stays linked");
        survivor.initialise(7);
        for (int i = 0; i < 2 * SLOTS; i++)
        {
            assertFalse(survivor.group().contains(allocate(arena).address()), "a slot of the survivor's group");
        }
        assertEquals(7, survivor.getVolatile(), "the survivor's slot was written by another word");
        Reference.reachabilityFence(survivor);
    }

    @Test
    void aRetiredChunkRefusesClaims()
    {
        final SlotChunk chunk = new SlotChunk(new OffHeapSlotArena());
        final SlotGroup group = chunk.tryClaimGroup();
        assertNotNull(group);
        assertFalse(chunk.tryRetire(), "a chunk with a group out was retired");
        chunk.giveBack(group);
        assertTrue(chunk.isEmpty(), "giving back its only group empties the chunk");
        assertTrue(chunk.tryRetire(), "an empty chunk retires");
        assertNull(chunk.tryClaimGroup(), "a retired chunk handed out a group");
        assertTrue(chunk.isRetired(), "a retired chunk stays retired");
    }

    @Test
    void aFullChunkRefusesClaimsAndEveryGroupIsDistinct()
    {
        final SlotChunk chunk = new SlotChunk(new OffHeapSlotArena());
        final Set<Integer> indices = new HashSet<>();
        final List<SlotGroup> out = new ArrayList<>();
        for (int i = 0; i < SlotChunk.GROUPS; i++)
        {
            final SlotGroup group = chunk.tryClaimGroup();
            assertNotNull(group, "group " + i + " of " + SlotChunk.GROUPS);
            assertTrue(indices.add(group.index), "group handed out twice: " + group.index);
            out.add(group);
        }
        assertNull(chunk.tryClaimGroup(), "a full chunk handed out a group");
        assertEquals(SlotChunk.GROUPS, chunk.groupsOut());
        Reference.reachabilityFence(out);
    }

    @Test
    void aTicketReleasedTwiceFreesNothingTheSecondTime()
    {
        final SlotChunk chunk = new SlotChunk(new OffHeapSlotArena());
        final SlotGroup first = chunk.tryClaimGroup();
        final SlotTicket stale = chunk.ticketOf(first);
        chunk.release(stale);
        assertTrue(chunk.isEmpty());
        final SlotGroup second = chunk.tryClaimGroup();
        assertEquals(first.index, second.index, "the freed group is the lowest clear bit");
        chunk.release(stale);
        assertEquals(1, chunk.groupsOut(), "a stale ticket released the second claim's group");
        Reference.reachabilityFence(second);
    }

    @Test
    void aRetiredChunkIsNeverHandedOut() throws InterruptedException
    {
        final OffHeapSlotArena arena = new OffHeapSlotArena();
        onThreads(thread ->
        {
            final OffHeapLockWord[] mine = new OffHeapLockWord[2 * SLOTS];
            for (int round = 0; round < 300; round++)
            {
                // Bursts that cross chunk boundaries, so chunks empty and retire (at the GCs) while others claim.
                final int n = 1 + ThreadLocalRandom.current().nextInt(mine.length);
                for (int i = 0; i < n; i++)
                {
                    mine[i] = allocate(arena);
                    final SlotChunk chunk = chunkOf(mine[i]);
                    assertTrue(!chunk.isRetired() && chunk.groupsOut() > 0,
                        "a slot of a retired chunk was handed out: " + mine[i]);
                    assertSame(chunk, arena.chunkOf(mine[i].address()), "a slot of an unlinked chunk: " + mine[i]);
                }
                for (int i = 0; i < n; i++)
                {
                    mine[i] = null;
                }
                if (thread == 0 && round % 10 == 0)
                {
                    System.gc();
                }
            }
        });
        gcUntil(() -> arena.liveSlots() == 0, "groups still out: " + arena.liveSlots() + " slots");
    }
}
