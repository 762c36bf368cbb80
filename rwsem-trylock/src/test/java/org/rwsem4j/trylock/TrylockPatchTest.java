package org.rwsem4j.trylock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.rwsem4j.spi.LockWord;
import org.rwsem4j.Rwsem;
import org.rwsem4j.slot.SlotSource;
import org.rwsem4j.testkit.BusyWriter;
import org.rwsem4j.testkit.Contention;

class TrylockPatchTest
{
    /** An on-heap word that counts what the read trylock does to it. */
    static final class CountingSource implements SlotSource
    {
        final SlotSource inner = SlotSource.onHeap();
        int loads;
        int cas;

        @Override
        public LockWord allocate(final Object lock)
        {
            final LockWord w = inner.allocate(lock);
            return new LockWord()
            {
                @Override
                public long getVolatile()
                {
                    loads++;
                    return w.getVolatile();
                }

                @Override
                public long getAndAdd(final long delta)
                {
                    return w.getAndAdd(delta);
                }

                @Override
                public long compareAndExchange(final long expected, final long update)
                {
                    cas++;
                    return w.compareAndExchange(expected, update);
                }

                @Override
                public void initialise(final long value)
                {
                    w.initialise(value);
                }
            };
        }

        @Override
        public boolean isOffHeap()
        {
            return false;
        }
    }

    @Test
    void noLoadBeforeTheFirstCasOnAnUnlockedLock()
    {
        final CountingSource src = new CountingSource();
        final Rwsem lock = Rwsem.builder().variant("trylock").slotSource(src).build();
        src.loads = 0;
        src.cas = 0;
        assertTrue(lock.readLock().tryLock());
        assertEquals(0, src.loads, "trylock loaded the word before its CAS");
        assertEquals(1, src.cas);
        lock.readLock().unlock();
    }

    @Test
    void withoutThePatchTheTrylockLoadsFirst()
    {
        final CountingSource src = new CountingSource();
        final Rwsem lock = Rwsem.builder().variant("base").slotSource(src).build();
        src.loads = 0;
        src.cas = 0;
        assertTrue(lock.readLock().tryLock());
        assertEquals(1, src.loads);
        assertEquals(1, src.cas);
        lock.readLock().unlock();
    }

    @Test
    void retriesOnTheWitnessWhileReadersHoldAndFailsOnWriterOrWaiters()
    {
        final CountingSource src = new CountingSource();
        final Rwsem lock = Rwsem.builder().variant("trylock").slotSource(src).build();
        lock.readLock().lock();
        src.cas = 0;
        assertTrue(lock.readLock().tryLock(), "joins a reader-held lock");
        assertEquals(2, src.cas, "first CAS guesses unlocked, second uses the witness");
        lock.readLock().unlock();
        lock.readLock().unlock();

        try (BusyWriter w = BusyWriter.hold(lock))
        {
            assertFalse(lock.readLock().tryLock(), "fails while a writer holds");
        }
        assertTrue(lock.state().isQuiescent(), lock.state()::toString);
    }

    @Test
    void contendedRunEndsQuiescent()
    {
        final Rwsem lock = Rwsem.of("trylock");
        assertTrue(Contention.run(lock, 4, 2, Duration.ofMillis(500), 10) > 0);
        assertTrue(lock.state().isQuiescent(), lock.state()::toString);
    }
}
