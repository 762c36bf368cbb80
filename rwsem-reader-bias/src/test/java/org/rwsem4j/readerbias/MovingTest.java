package org.rwsem4j.readerbias;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.rwsem4j.readerbias.ReaderBiasPatchTest.lock;
import static org.rwsem4j.readerbias.ReaderBiasPatchTest.tag;
import static org.rwsem4j.readerbias.ReaderBiasPatchTest.taken;

import java.lang.ref.WeakReference;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.rwsem4j.LockEvent;
import org.rwsem4j.Rwsem;
import org.rwsem4j.testkit.Holder;
import org.rwsem4j.testkit.Locker;

/**
 * A reader crowded out of its column by an older thread of that column moves one column on: at most
 * {@link VisibleReaders#MOVES_PER_THREAD} times, never while its unlock could then miss a read it holds, and never over
 * a live thread's move (VisibleReaders' notes, "Moving"). Negative controls, run by hand: without the move the first
 * test fails (the reader stays in the owner's column); without the scan of the old column the second does (the reader
 * moves, and the unlock of its other read would miss it); with a fourth move allowed the third does; without the
 * liveness check the fourth does (the alias overwrites the live thread's move). The gate's bits: without the mover's
 * own bit every test fails; a recompute that keeps only the mover's bit fails the fifth (the live mover loses its bit),
 * and one that skips the liveness check fails it too (the ended mover's bit stays).
 */
class MovingTest
{
    private static final VisibleReaders TABLE = VisibleReaders.INSTANCE;
    private static final int COLUMNS = VisibleReaders.WINDOW - 1;

    @Test
    void aReaderCrowdedByAnOlderThreadOfItsColumnMovesOneColumnOn() throws Throwable
    {
        for (int attempt = 0; attempt < 100; attempt++) // until the owner holds its first entry and the next is free
        {
            final Rwsem lock = lock();
            final long id = tag(lock);
            final Holder owner = holderAt(lock, anyFreeFirstEntry(id));
            final int entry = TABLE.lockField(ThreadTag.of(owner.thread()), id);
            final int next = TABLE.nextField(entry);
            if (taken(next))
            {
                owner.release();
                continue;
            }
            inAThreadThatMayMove(id, entry, () ->
            {
                final long me = ThreadTag.of(Thread.currentThread());
                lock.readLock().lock(); // its first entry is held by the owner, made before it: it moves
                assertEquals(next, TABLE.lockField(me, id), "it moved one column on");
                assertTrue(TABLE.holds(next, id, me), "its read is in its new first entry");
                assertEquals(2, lock.state().biasedReaders(), lock.state()::toString);
                lock.readLock().unlock();
                assertTrue(TABLE.holds(entry, id, ThreadTag.of(owner.thread())), "the owner's entry is untouched");
                assertEquals(1, lock.state().biasedReaders(), "its unlock found its entry");
            });
            assertEquals(0, lock.events().get(LockEvent.BIAS_FALLBACK), lock.events()::toString);
            owner.release();
            assertTrue(lock.state().isQuiescent(), lock.state()::toString);
            return;
        }
        fail("no owner held its first entry with the next free");
    }

    @Test
    void aReaderThatHoldsAReadInItsColumnDoesNotMoveUntilItLetsItGo() throws Throwable
    {
        for (int attempt = 0; attempt < 100; attempt++)
        {
            final Rwsem crowded = lock();
            final Rwsem held = lock();
            final long crowdedId = tag(crowded);
            final long heldId = tag(held);
            if (TABLE.windowStart(crowdedId) == TABLE.windowStart(heldId))
            {
                continue; // the held read must lie in another window, in the same column
            }
            final Holder owner = holderAt(crowded, anyFreeFirstEntry(crowdedId));
            final int entry = TABLE.lockField(ThreadTag.of(owner.thread()), crowdedId);
            final int heldEntry = entry - TABLE.windowStart(crowdedId) + TABLE.windowStart(heldId);
            if (taken(TABLE.nextField(entry)) || taken(heldEntry))
            {
                owner.release();
                continue;
            }
            inAThreadThatMayMove(crowdedId, entry, () ->
            {
                final long me = ThreadTag.of(Thread.currentThread());
                final int column = TABLE.column(me) & COLUMNS;
                held.readLock().lock(); // biased, in its column of the other window
                assertEquals(1, held.state().biasedReaders(), held.state()::toString);
                crowded.readLock().lock(); // crowded by the owner, but a move would hide the held read from its unlock
                assertEquals(column, TABLE.column(me) & COLUMNS, "it did not move");
                crowded.readLock().unlock();
                held.readLock().unlock(); // found where it was taken: no throw, nothing left
                assertEquals(0, held.state().biasedReaders(), held.state()::toString);
                assertEquals(0, held.state().readers(), held.state()::toString);
                crowded.readLock().lock(); // nothing held now: the same crowding moves it
                assertEquals(column + 1 & COLUMNS, TABLE.column(me) & COLUMNS, "it moved once it held nothing");
                crowded.readLock().unlock();
            });
            owner.release();
            assertTrue(crowded.state().isQuiescent(), crowded.state()::toString);
            assertTrue(held.state().isQuiescent(), held.state()::toString);
            return;
        }
        fail("no pair of locks in different windows with free entries");
    }

    @Test
    void aReaderMovesAtMostMovesPerThreadTimes() throws Throwable
    {
        final int crowding = VisibleReaders.MOVES_PER_THREAD + 1;
        for (int attempt = 0; attempt < 100; attempt++)
        {
            final Rwsem lock = lock();
            final long id = tag(lock);
            final int first = anyFreeFirstEntry(id);
            final List<Holder> owners = new ArrayList<>();
            int field = first;
            for (int i = 0; i < crowding && !taken(field); i++, field = TABLE.nextField(field))
            {
                owners.add(holderAt(lock, field)); // an owner in each of the columns it will be crowded out of
            }
            if (owners.size() < crowding)
            {
                owners.forEach(Holder::release);
                continue;
            }
            final int last = field; // one column past the owners
            inAThreadThatMayMove(id, first, () ->
            {
                final long me = ThreadTag.of(Thread.currentThread());
                for (int i = 0; i < crowding; i++)
                {
                    lock.readLock().lock(); // crowded each time, in the column it moved to the time before
                    lock.readLock().unlock();
                }
                assertEquals(moveOn(first, VisibleReaders.MOVES_PER_THREAD), TABLE.lockField(me, id),
                    "it stopped after its last move");
                assertTrue(TABLE.lockField(me, id) != last, "it did not move past the last owner");
            });
            owners.forEach(Holder::release);
            assertTrue(lock.state().isQuiescent(), lock.state()::toString);
            return;
        }
        fail("no run of free entries for the owners");
    }

    @Test
    void aThreadThatSharesALiveMoversSlotDoesNotMove() throws Throwable
    {
        movedIn("mover", (lock, entry, mover) -> // it moved, and stays alive below
        {
            final long id = tag(lock);
            final int moved = TABLE.column(mover) & COLUMNS;
            aliasOf(mover, () ->
            {
                final long me = ThreadTag.of(Thread.currentThread());
                lock.readLock().lock(); // crowded in the same column, but the slot holds a live thread's move
                lock.readLock().unlock();
                assertEquals(entry, TABLE.lockField(me, id), "the alias did not move");
            }).join();
            assertEquals(moved, TABLE.column(mover) & COLUMNS, "the live mover's move is intact");
            lock.readLock().lock(); // and its reads are where its move says
            assertTrue(TABLE.holds(TABLE.nextField(entry), id, mover), lock.state()::toString);
            lock.readLock().unlock();
        });
    }

    @Test
    void theGateKeepsTheBitsOfLiveMoversAndDropsThoseOfEndedOnes() throws Throwable
    {
        final long[] ended = new long[1];
        final Thread[] endedThread = new Thread[1];
        movedIn("ended", (lock, entry, thread) ->
        {
            ended[0] = thread;
            endedThread[0] = Thread.currentThread();
        });
        endedThread[0].join(); // ended, not only done with its body, before the next move recomputes the gate
        movedIn("live", (lock, entry, live) ->
        {
            assertTrue(gateHas(live), "a mover's bit is set once it has moved");
            movedIn("later", (other, at, later) -> // another thread moves, while this one lives: the gate is recomputed
            {
                assertTrue(gateHas(later), "the later mover's bit");
                assertTrue(gateHas(live), "the live mover keeps its bit when another thread moves");
                assertEquals((int)live + 1 & COLUMNS, TABLE.column(live) & COLUMNS, "and reads its move");
                if (!otherMoverOfBit(ended[0]))
                {
                    assertTrue(!gateHas(ended[0]), "an ended mover's bit dropped at the next move");
                }
            });
        });
    }

    /** {@return the field {@code steps} columns on from {@code field}, in its window} */
    private static int moveOn(final int field, final int steps)
    {
        int f = field;
        for (int i = 0; i < steps; i++)
        {
            f = TABLE.nextField(f);
        }
        return f;
    }

    /** {@return a free entry of the lock tagged {@code id}'s window: a first entry for a thread of its column} */
    private static int anyFreeFirstEntry(final long id)
    {
        final int start = TABLE.windowStart(id);
        int field = start;
        for (int i = 0; i < VisibleReaders.WINDOW; i++, field = TABLE.nextField(field))
        {
            if (!taken(field))
            {
                return field;
            }
        }
        return fail("every entry of the window is taken");
    }

    /** {@return a reader thread that holds a biased read of {@code lock} in {@code field}, its first entry} */
    private static Holder holderAt(final Rwsem lock, final int field) throws InterruptedException
    {
        final long id = tag(lock);
        for (int i = 0; i < 1000; i++)
        {
            final Holder h = Holder.reader(lock, "owner-" + i);
            assertTrue(h.awaitIn());
            final long thread = ThreadTag.of(h.thread());
            if (TABLE.lockField(thread, id) == field && TABLE.holds(field, id, thread))
            {
                return h;
            }
            h.release();
        }
        return fail("no reader thread's first entry was " + field);
    }

    /**
     * Runs {@code body} in a thread whose first entry for {@code id} is at {@code field} and whose slot for a move is
     * free or was a thread's that has ended, from as many threads as it takes.
     */
    private static void inAThreadThatMayMove(final long id, final int field, final Runnable body)
    {
        final AtomicBoolean found = new AtomicBoolean();
        for (int tries = 0; tries < 100_000 && !found.get(); tries++)
        {
            Locker.start("mover-" + field + "-" + tries, () ->
            {
                final long me = ThreadTag.of(Thread.currentThread());
                if (TABLE.lockField(me, id) == field && slotFree(me))
                {
                    found.set(true);
                    body.run();
                }
            }).join();
        }
        assertTrue(found.get(), "no thread's first entry was " + field);
    }

    /** {@return a started thread running {@code body} whose tag shares {@code mover}'s slot for a move} */
    private static Locker aliasOf(final long mover, final Runnable body)
    {
        for (int i = 0; i < 100 * VisibleReaders.MOVES; i++)
        {
            final Thread probe = new Thread("id"); // takes the next id; never started
            if ((ThreadTag.of(probe) + 1 - mover) % VisibleReaders.MOVES == 0)
            {
                final Locker alias = Locker.start("alias", body);
                assertEquals(0, (ThreadTag.of(alias.thread()) - mover) % VisibleReaders.MOVES, "an id came between");
                return alias;
            }
        }
        return fail("no alias of " + mover);
    }

    /** {@return whether the slot for a move of the thread tagged {@code thread} is free, its own, or an ended one's} */
    private static boolean slotFree(final long thread)
    {
        try
        {
            final Field moves = VisibleReaders.class.getDeclaredField("moves");
            moves.setAccessible(true);
            final Field movers = VisibleReaders.class.getDeclaredField("MOVERS");
            movers.setAccessible(true);
            final int slot = (int)thread & VisibleReaders.MOVES - 1;
            final long move = ((long[])moves.get(TABLE))[slot];
            final WeakReference<?> mover = ((WeakReference<?>[])movers.get(null))[slot];
            final Object t = mover == null ? null : mover.get();
            return move == 0 || move >>> VisibleReaders.TAG_SHIFT == thread || !(t instanceof Thread x && x.isAlive());
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new AssertionError(ex);
        }
    }

    /**
     * Runs {@code body} in a thread that has just moved, crowded out of its first entry of a fresh lock by an older
     * thread of that column, given the lock, that entry and its tag; the lock is left quiescent.
     */
    private static void movedIn(final String name, final MoverBody body) throws Throwable
    {
        for (int attempt = 0; attempt < 100; attempt++)
        {
            final Rwsem lock = lock();
            final long id = tag(lock);
            final Holder owner = holderAt(lock, anyFreeFirstEntry(id));
            final int entry = TABLE.lockField(ThreadTag.of(owner.thread()), id);
            if (taken(TABLE.nextField(entry)))
            {
                owner.release();
                continue;
            }
            final AtomicReference<Throwable> failure = new AtomicReference<>();
            inAThreadThatMayMove(id, entry, () ->
            {
                final long me = ThreadTag.of(Thread.currentThread());
                lock.readLock().lock(); // crowded: it moves
                lock.readLock().unlock();
                assertEquals(TABLE.nextField(entry), TABLE.lockField(me, id), name + " moved");
                try
                {
                    body.run(lock, entry, me);
                }
                catch (final Throwable ex)
                {
                    failure.set(ex);
                }
            });
            owner.release();
            if (failure.get() != null)
            {
                throw failure.get();
            }
            assertTrue(lock.state().isQuiescent(), lock.state()::toString);
            return;
        }
        fail("no owner held its first entry with the next free");
    }

    /** {@return whether the gate's bit of the thread tagged {@code thread} is set} */
    private static boolean gateHas(final long thread)
    {
        return (((long)field("moving").get(TABLE)) & 1L << thread) != 0;
    }

    /**
     * {@return whether a thread other than {@code thread} that shares its gate's bit has a move recorded, live or not}
     * (one that ended after the recompute may have left its bit set)
     */
    private static boolean otherMoverOfBit(final long thread)
    {
        final long[] moves = (long[])field("moves").get(TABLE);
        for (final long move : moves)
        {
            final long mover = move >>> VisibleReaders.TAG_SHIFT;
            if (move != 0 && mover != thread && (mover & 63) == (thread & 63))
            {
                return true;
            }
        }
        return false;
    }

    /** A field of {@link VisibleReaders}, made accessible, whose {@code get} throws no checked exception. */
    private static Getter field(final String name)
    {
        try
        {
            final Field f = VisibleReaders.class.getDeclaredField(name);
            f.setAccessible(true);
            return target ->
            {
                try
                {
                    return f.get(target);
                }
                catch (final IllegalAccessException ex)
                {
                    throw new AssertionError(ex);
                }
            };
        }
        catch (final NoSuchFieldException ex)
        {
            throw new AssertionError(ex);
        }
    }

    /** What {@link #movedIn} runs in the thread that moved: the lock, the entry it was crowded out of, its tag. */
    private interface MoverBody
    {
        void run(Rwsem lock, int entry, long thread) throws Throwable;
    }

    /** A reflective read. */
    private interface Getter
    {
        Object get(Object target);
    }
}
