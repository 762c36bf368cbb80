package org.rwsem4j.readerbias;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.rwsem4j.readerbias.ReaderBiasPatchTest.biasedReader;
import static org.rwsem4j.readerbias.ReaderBiasPatchTest.inAThreadWhoseFirstEntryIs;
import static org.rwsem4j.readerbias.ReaderBiasPatchTest.lock;
import static org.rwsem4j.readerbias.ReaderBiasPatchTest.tag;
import static org.rwsem4j.readerbias.ReaderBiasPatchTest.taken;

import org.junit.jupiter.api.Test;
import org.rwsem4j.LockEvent;
import org.rwsem4j.Rwsem;
import org.rwsem4j.testkit.Holder;

/**
 * A reader crowded out of its column by an older thread moves one column on, and never while its unlock could then
 * miss a read it holds (VisibleReaders' notes, "Moving"). Negative controls, run by hand: without the move the first
 * test's reader stays in the owner's column; without the scan of the old column the second test's unlock of its
 * first lock finds no entry and throws.
 */
class MovingTest
{
    private static final VisibleReaders TABLE = VisibleReaders.INSTANCE;

    @Test
    void aReaderCrowdedByAnOlderThreadOfItsColumnMovesOneColumnOn() throws Throwable
    {
        for (int attempt = 0; attempt < 100; attempt++) // until the owner holds its first entry and the next is free
        {
            final Rwsem lock = lock();
            final long id = tag(lock);
            final Holder owner = biasedReader(lock);
            final int entry = TABLE.lockField(ThreadTag.of(owner.thread()), id);
            final int next = TABLE.nextField(entry);
            if (!TABLE.holds(entry, id, ThreadTag.of(owner.thread())) || taken(next))
            {
                owner.release();
                continue;
            }
            inAThreadWhoseFirstEntryIs(id, entry, () ->
            {
                final long me = ThreadTag.of(Thread.currentThread());
                lock.readLock().lock(); // its first entry is held by the owner, made before it: it moves
                assertEquals(next, TABLE.lockField(me, id), "it moved one column on");
                assertTrue(TABLE.holds(next, id, me), "its read is in its new first entry");
                assertEquals(2, lock.state().biasedReaders(), lock.state()::toString);
                lock.readLock().unlock();
                assertTrue(TABLE.holds(entry, id, ThreadTag.of(owner.thread())), "the owner's entry is untouched");
                assertEquals(1, lock.state().biasedReaders(), "its unlock found its entry");
                final long alias = me + VisibleReaders.MOVES;
                assertEquals((int)alias, TABLE.column(alias), "a thread of the same slot does not read its move");
            });
            assertEquals(0, lock.events().get(LockEvent.BIAS_FALLBACK), lock.events()::toString);
            owner.release();
            assertTrue(lock.state().isQuiescent(), lock.state()::toString);
            return;
        }
        fail("no owner held its first entry with the next free");
    }

    @Test
    void aReaderThatHoldsAReadInItsColumnDoesNotMove() throws Throwable
    {
        for (int attempt = 0; attempt < 100; attempt++)
        {
            final Rwsem crowded = lock();
            final Rwsem held = lock();
            final long crowdedId = tag(crowded);
            final long heldId = tag(held);
            if (TABLE.windowStart(crowdedId) == TABLE.windowStart(heldId))
            {
                continue; // the held read must lie in another window of the same column
            }
            final Holder owner = biasedReader(crowded);
            final int entry = TABLE.lockField(ThreadTag.of(owner.thread()), crowdedId);
            final int heldEntry = entry - TABLE.windowStart(crowdedId) + TABLE.windowStart(heldId);
            if (!TABLE.holds(entry, crowdedId, ThreadTag.of(owner.thread())) || taken(TABLE.nextField(entry)) ||
                taken(heldEntry))
            {
                owner.release();
                continue;
            }
            inAThreadWhoseFirstEntryIs(crowdedId, entry, () ->
            {
                final long me = ThreadTag.of(Thread.currentThread());
                final int column = TABLE.column(me) & VisibleReaders.WINDOW - 1;
                held.readLock().lock(); // biased, in its column of the other window
                assertEquals(1, held.state().biasedReaders(), held.state()::toString);
                crowded.readLock().lock(); // crowded by the owner, but a move would hide the held read from its unlock
                assertEquals(column, TABLE.column(me) & VisibleReaders.WINDOW - 1, "it did not move");
                crowded.readLock().unlock();
                held.readLock().unlock(); // found where it was taken: no throw, nothing left
                assertEquals(0, held.state().biasedReaders(), held.state()::toString);
                assertEquals(0, held.state().readers(), held.state()::toString);
            });
            owner.release();
            assertTrue(crowded.state().isQuiescent(), crowded.state()::toString);
            assertTrue(held.state().isQuiescent(), held.state()::toString);
            return;
        }
        fail("no pair of locks in different windows with free entries");
    }
}
