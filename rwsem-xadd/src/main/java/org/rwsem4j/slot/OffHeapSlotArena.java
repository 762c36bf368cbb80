package org.rwsem4j.slot;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import org.rwsem4j.spi.LockWord;
import org.rwsem4j.spi.LockWordBits;

/**
 * The default {@link SlotSource}: lock words in 128-byte slots carved from 64 KiB direct-memory chunks that are
 * aligned to 128 bytes, so every word sits alone in two cache lines.
 *
 * <pre>
 *  chunk ({@link SlotChunk}: CHUNK_BYTES, 128-byte aligned)
 * +----------------------------+----------------------------+-----+----------+
 * | group 0 ({@link SlotGroup})       | group 1                    | ... | group 31 |
 * | slot 0 | slot 1 | .. | s15 | slot 0 | ..                |     |          |
 * +----------------------------+----------------------------+-----+----------+
 *  state:   one 64-bit word: bit i set while group i is out; bit 63 RETIRED
 *  tickets: the ticket ({@link SlotTicket}, a phantom reference to the group) of each group out
 * </pre>
 *
 * Building a lock takes the next slot of the arena's current group: one atomic add and a release store, no lock, no
 * reference object. Every {@link #GROUP_SLOTS}th lock finds the group spent and claims a new one from the cursor
 * chunk, or from the queue of chunks that got room back, by a CAS on the chunk's state; only adding a chunk takes the
 * arena's monitor. A group is reclaimed as a whole: its words hold it, its ticket is enqueued once no word does, and
 * one daemon thread ({@link SlotReclaimer}, {@code rwsem4j-slot-reclaimer}) clears its bit.
 *
 * <p>The footprint follows the live groups and what the GC has not collected yet, as the heap's does: a slot comes
 * back only after a GC finds its group dead, so a program that makes and drops locks holds the slots of the locks
 * made since the last GC, and the arena keeps the chunks a GC emptied for the locks of the next cycle (fresh direct
 * memory costs a page fault per 32 slots, which dominated a build). It gives back, at each GC (the reclaimer's
 * sweep), the empty chunks no group was claimed from for {@link #IDLE_SWEEPS} GCs, keeping one spare. A long-lived
 * lock keeps the other {@code GROUP_SLOTS - 1} slots of its group (2 KiB in all): locks built together usually die
 * together (the generational hypothesis, which bump allocation relies on too), and a ticket per lock, the price of
 * finer reclamation, cost about 1 us per lock built and dropped in the GC's reference processing.
 *
 * <p><b>Algorithmic notes.</b>
 * <ul>
 * <li><b>Taking a slot.</b> {@link SlotGroup#take} is an atomic add on the group's count: each caller gets its own
 * index, and one that gets an index past the end installs a fresh group by CAS on {@link #current}. A thread that
 * loses that CAS gives its fresh group back at once (nobody took a slot of it) and takes from the winner's.
 * <li><b>Claiming a group.</b> A chunk's state is one word, changed only by CAS: a claimer sets a clear group bit, the
 * reclaimer clears the bit of the group it returns, so a failed CAS just re-reads and a bit is set by exactly one
 * thread: no group is handed out twice.
 * <li><b>No chunk with room is lost.</b> A chunk with room is the cursor, or queued in {@link #roomy}: a new chunk
 * becomes the cursor; the cursor is replaced only once full (or by a claimer that then requeues the replaced chunk if
 * it has room); a release that takes a chunk from full to not full queues it. A chunk queued twice, or full by the
 * time it is polled, is skipped.
 * <li><b>The current group is held weakly.</b> The arena keeps {@link #current} through a weak reference, so a group
 * is never kept by the arena alone: once the locks built from it are gone the GC clears the reference, the ticket is
 * enqueued and the slots nobody took come back with the rest. A thread that reads it gets a strong reference first.
 * <li><b>Retire against claim.</b> Retiring is a CAS of the state from 0 to {@link SlotChunk#RETIRED}: it fails while
 * any group is out, and once it succeeds no claim can succeed (claims refuse a retired state), so no slot of a
 * retired chunk is ever handed out. A claimer holding a retired chunk (as the cursor or from the queue) only reads its
 * state, a heap field, and moves on; the sweep clears the cursor and the queue of retired chunks, so nothing keeps
 * their memory.
 * <li><b>Publish before enqueue.</b> A group's ticket goes into its chunk's {@code tickets} (release store) before
 * {@link SlotChunk#tryClaimGroup} returns the group, which it keeps reachable until then, so the GC cannot enqueue a
 * ticket the chunk does not hold yet. The reclaimer clears {@code tickets[i]} by CAS from that very ticket; if it finds
 * another there it keeps the group (a leak, never a double hand-out).
 * <li><b>Zeroing.</b> A slot is zeroed by a release store when a word is made over it
 * ({@link OffHeapLockWord#initialiseFresh}). The CASes of the group's claim order that after every access of the
 * slot's previous owner, which happened before that lock, its word and so its group became unreachable.
 * <li><b>What the engine must guarantee.</b> A slot returns once its word is unreachable (and the rest of its group's),
 * and the JIT may treat an object as unreachable after its last use, even inside its own method. Every access to the
 * word must therefore happen while the word is reachable: the engine, which holds the word, keeps itself reachable
 * ({@code Reference.reachabilityFence(this)} on each normal exit of each operation, which keeps it live at every word
 * access before, slow-path calls included), unlock paths especially, or a thread finishing an unlock of a
 * just-dropped lock could write into a slot already handed to a new lock. A chunk's memory is kept by the chunk, and
 * the chunk by every group of it, so the memory outlives any word still held; retiring needs an empty state, so it
 * never frees a slot in use.
 * </ul>
 */
final class OffHeapSlotArena implements SlotSource
{
    static final int SLOT_BYTES = 128;
    static final int CHUNK_BYTES = 64 * 1024;
    static final int SLOTS_PER_CHUNK = CHUNK_BYTES / SLOT_BYTES;
    /**
     * Slots per {@link SlotGroup}, the unit of reclamation: a power of two from 16 to 512 (a chunk holds at most 63
     * groups). 16 bounds what a long-lived lock can keep to 2 KiB; larger groups build locks slightly faster.
     */
    static final int GROUP_SLOTS = 16;

    /**
     * Sweeps (GCs) a chunk stays empty and unclaimed before the arena gives it back: more than one, so the chunks a
     * shorter GC cycle left unused are still there for the next, longer one (the young generation's size varies).
     */
    static final int IDLE_SWEEPS = 4;

    /** How long a build waits for a dead lock's group when the JDK refuses a new chunk's direct memory. */
    private static final long RETURN_WAIT_NANOS = TimeUnit.SECONDS.toNanos(2);

    private static final VarHandle CURRENT;
    private static final VarHandle CURSOR;
    private static final WeakReference<SlotGroup> NO_GROUP = new WeakReference<>(null);

    static
    {
        try
        {
            final MethodHandles.Lookup lookup = MethodHandles.lookup();
            CURRENT = lookup.findVarHandle(OffHeapSlotArena.class, "current", WeakReference.class);
            CURSOR = lookup.findVarHandle(OffHeapSlotArena.class, "cursor", SlotChunk.class);
        }
        catch (final ReflectiveOperationException e)
        {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The arena every off-heap lock takes its slot from (after {@link #NO_GROUP}, which its constructor reads). */
    static final OffHeapSlotArena INSTANCE = new OffHeapSlotArena();

    /** Guards {@link #chunks}, adding a chunk and the sweep; never taken by a build that finds a slot. */
    private final Object resize = new Object();
    /** Every linked chunk (guarded by {@link #resize}). */
    private final ArrayList<SlotChunk> chunks = new ArrayList<>();
    /** Chunks that had a group come back while full: where claimers look once {@link #cursor} is full. */
    private final ConcurrentLinkedQueue<SlotChunk> roomy = new ConcurrentLinkedQueue<>();
    /** The chunk claimers try first: the one last found with room. */
    @SuppressWarnings("unused") // accessed through CURSOR
    private volatile SlotChunk cursor;
    /** The group new locks take their slots from, held weakly (the notes say why). */
    @SuppressWarnings("unused") // accessed through CURRENT
    private volatile WeakReference<SlotGroup> current = NO_GROUP;
    /** Sweeps so far: one per GC ({@link SlotReclaimer.GcTick}). */
    private volatile int sweeps;
    /** This arena's GC sentinel, re-armed by each sweep; dies with the arena. */
    @SuppressWarnings("unused")
    private SlotReclaimer.GcTick tick = new SlotReclaimer.GcTick(this);

    /** The shared arena is {@link #INSTANCE}; tests make their own. */
    OffHeapSlotArena()
    {
    }

    @SuppressWarnings("unchecked")
    private WeakReference<SlotGroup> lvCurrent()
    {
        return (WeakReference<SlotGroup>)CURRENT.getVolatile(this);
    }

    private boolean casCurrent(final WeakReference<SlotGroup> expected, final WeakReference<SlotGroup> update)
    {
        return CURRENT.compareAndSet(this, expected, update);
    }

    private SlotChunk lvCursor()
    {
        return (SlotChunk)CURSOR.getVolatile(this);
    }

    /**
     * Repeatedly: take a slot of the current group; if it is spent (or gone), claim a fresh group and install it in
     * place of the one seen, or, if another thread installed one first, give the fresh group back and use that one.
     *
     * @param lock unused: the word's group, which the lock holds through the word, bounds the slot's life
     */
    @Override
    public LockWord allocate(final Object lock)
    {
        WeakReference<SlotGroup> seen = lvCurrent();
        SlotGroup group = seen.get();
        for (;;)
        {
            if (group != null)
            {
                final long address = group.take();
                if (address != SlotGroup.NONE)
                {
                    final OffHeapLockWord word = new OffHeapLockWord(group, address);
                    word.initialiseFresh(LockWordBits.UNLOCKED);
                    return word;
                }
            }
            final SlotGroup fresh = claimGroup();
            final WeakReference<SlotGroup> installed = new WeakReference<>(fresh);
            if (casCurrent(seen, installed))
            {
                seen = installed;
                group = fresh;
            }
            else
            {
                returned(fresh.chunk, fresh.chunk.giveBack(fresh));
                seen = lvCurrent();
                group = seen.get();
            }
        }
    }

    /**
     * A group from a chunk that has room, else from a new chunk. When the JDK refuses a new chunk's direct memory
     * ({@code -XX:MaxDirectMemorySize}) it has run a GC before giving up, and the groups that GC found dead are on
     * their way back through the reclaimer: wait for one (up to {@link #RETURN_WAIT_NANOS}) rather than fail a lock's
     * construction while the arena holds dead locks' slots.
     */
    private SlotGroup claimGroup()
    {
        final SlotGroup group = claimFromLinkedChunk();
        if (group != null)
        {
            return group;
        }
        try
        {
            return addChunk(lvCursor());
        }
        catch (final OutOfMemoryError refused)
        {
            final long deadline = System.nanoTime() + RETURN_WAIT_NANOS;
            do
            {
                LockSupport.parkNanos(1_000_000);
                final SlotGroup returned = claimFromLinkedChunk();
                if (returned != null)
                {
                    return returned;
                }
            }
            while (System.nanoTime() - deadline < 0);
            throw refused;
        }
    }

    /**
     * Repeatedly: claim a group of the cursor chunk; if it is full, take the next chunk that got room back and make
     * it the cursor.
     *
     * @return the group, or {@code null} if no linked chunk has room
     */
    private SlotGroup claimFromLinkedChunk()
    {
        final SlotChunk full = lvCursor();
        if (full != null)
        {
            final SlotGroup group = full.tryClaimGroup();
            if (group != null)
            {
                return group;
            }
        }
        for (SlotChunk chunk = roomy.poll(); chunk != null; chunk = roomy.poll())
        {
            final SlotGroup group = chunk.tryClaimGroup();
            if (group != null)
            {
                moveCursor(full, chunk);
                return group;
            }
        }
        return null;
    }

    /**
     * Makes {@code chunk} the cursor in place of {@code full}. If another thread moved the cursor meanwhile, the chunk
     * replaced may still have room and be nowhere else: it goes back on the queue.
     */
    private void moveCursor(final SlotChunk full, final SlotChunk chunk)
    {
        final SlotChunk replaced = (SlotChunk)CURSOR.getAndSet(this, chunk);
        if (replaced != null && replaced != full && replaced != chunk && replaced.hasRoom())
        {
            roomy.offer(replaced);
        }
    }

    /** Adds a chunk, claims its first group for the caller and makes it the cursor. */
    private SlotGroup addChunk(final SlotChunk full)
    {
        synchronized (resize)
        {
            final SlotChunk chunk = new SlotChunk(this);
            SlotReclaimer.ensureStarted();
            final SlotGroup group = chunk.tryClaimGroup();
            chunks.add(chunk);
            moveCursor(full, chunk);
            return group;
        }
    }

    /** Called by the reclaimer: returns the group of {@code ticket}. */
    void release(final SlotTicket ticket)
    {
        returned(ticket.chunk, ticket.chunk.release(ticket));
    }

    /** After a group came back to {@code chunk}: a chunk that was full has room again, so it is queued. */
    private void returned(final SlotChunk chunk, final boolean wasFull)
    {
        if (wasFull)
        {
            roomy.offer(chunk);
        }
    }

    /** The number of sweeps so far. */
    int sweeps()
    {
        return sweeps;
    }

    /**
     * Called by the reclaimer once per GC: gives back (retires and unlinks) every empty chunk no group was claimed
     * from for the last {@link #IDLE_SWEEPS} sweeps, except one, the spare. So a program that makes and drops locks
     * reuses the chunks the last GC emptied, without asking the OS for memory, and the memory goes back
     * {@code IDLE_SWEEPS} GCs after the locks stop coming.
     */
    void sweep()
    {
        synchronized (resize)
        {
            final int now = ++sweeps;
            boolean spare = false;
            int kept = 0;
            for (final SlotChunk chunk : chunks)
            {
                boolean retire = false;
                if (chunk.isEmpty())
                {
                    if (!spare)
                    {
                        spare = true;
                    }
                    else if (chunk.idleFor(IDLE_SWEEPS, now))
                    {
                        retire = chunk.tryRetire();
                    }
                }
                if (retire)
                {
                    CURSOR.compareAndSet(this, chunk, null);
                }
                else
                {
                    chunks.set(kept++, chunk);
                }
            }
            chunks.subList(kept, chunks.size()).clear();
            // A retired chunk may still be queued (a claimer can requeue it just before it empties): drop it, so
            // nothing keeps its memory.
            roomy.removeIf(SlotChunk::isRetired);
            tick = new SlotReclaimer.GcTick(this);
        }
    }

    /** Direct memory the arena holds, in bytes: its linked chunks (a retired chunk's memory goes at a later GC). */
    long reservedBytes()
    {
        synchronized (resize)
        {
            return (long)chunks.size() * CHUNK_BYTES;
        }
    }

    /**
     * Slots held by groups that are out: the slots of live locks, rounded up to whole groups (a sum over the chunks:
     * exact only when nothing moves).
     */
    long liveSlots()
    {
        long groups = 0;
        synchronized (resize)
        {
            for (final SlotChunk chunk : chunks)
            {
                groups += chunk.groupsOut();
            }
        }
        return groups * GROUP_SLOTS;
    }

    /** The linked chunk holding {@code address}, or {@code null}: for tests. */
    SlotChunk chunkOf(final long address)
    {
        synchronized (resize)
        {
            for (final SlotChunk chunk : chunks)
            {
                if (chunk.contains(address))
                {
                    return chunk;
                }
            }
        }
        return null;
    }

    @Override
    public boolean isOffHeap()
    {
        return true;
    }

    @Override
    public String toString()
    {
        return "off-heap";
    }
}
