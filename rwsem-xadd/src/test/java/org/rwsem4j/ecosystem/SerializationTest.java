package org.rwsem4j.ecosystem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.lang.reflect.RecordComponent;
import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.rwsem4j.Rwsem;
import org.rwsem4j.Tunables;

/** {@code Rwsem} is Serializable and deserializes unlocked, in the same variant, as ReentrantReadWriteLock does. */
class SerializationTest
{
    @SuppressWarnings("unchecked")
    static <T> T roundTrip(final T object) throws Exception
    {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes))
        {
            out.writeObject(object);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray())))
        {
            return (T)in.readObject();
        }
    }

    @Test
    void aWriteHeldLockDeserializesUnlocked() throws Exception
    {
        final Rwsem lock = Rwsem.of("base");
        lock.writeLock().lock();
        try
        {
            final Rwsem copy = roundTrip(lock);
            assertNotSame(lock, copy);
            assertEquals(lock.variant(), copy.variant());
            assertFalse(copy.isWriteLocked());
            assertEquals(0, copy.getReadLockCount());
            assertFalse(copy.hasQueuedThreads());
            assertTrue(copy.writeLock().tryLock(), "the copy is a separate, free lock");
            copy.writeLock().unlock();
            assertTrue(lock.isWriteLockedByCurrentThread(), "serializing did not touch the original");
        }
        finally
        {
            lock.writeLock().unlock();
        }
    }

    @Test
    void aReadHeldLockDeserializesUnlocked() throws Exception
    {
        final Rwsem lock = Rwsem.builder().variant("xadd").onHeap().spinBudget(Duration.ofNanos(7_000)).build();
        lock.readLock().lock();
        lock.readLock().lock();
        try
        {
            final Rwsem copy = roundTrip(lock);
            assertEquals("base", copy.variant());
            assertEquals(lock.variant(), copy.variant());
            assertEquals(0, copy.getReadLockCount());
            assertEquals(7_000, copy.tunables().spinBudgetNanos(), "tunables travel with the lock");
            assertTrue(copy.writeLock().tryLock());
            copy.writeLock().unlock();
            assertEquals(2, lock.getReadLockCount());
        }
        finally
        {
            lock.readLock().unlock();
            lock.readLock().unlock();
        }
    }

    @Test
    void thePaddingAndAdaptationOptionsTravelWithTheLock() throws Exception
    {
        final Rwsem lock = Rwsem.builder().variant("base").padded(true).platformAdaptations(false).build();
        final Rwsem copy = roundTrip(lock);
        assertTrue(copy.tunables().padded(), "padded(true) lost in the round trip");
        assertFalse(copy.tunables().platformAdaptations(), "platformAdaptations(false) lost in the round trip");
        final Rwsem plain = roundTrip(Rwsem.of("base"));
        assertFalse(plain.tunables().padded());
        assertTrue(plain.tunables().platformAdaptations());
    }

    /**
     * Every tunable but the clock travels with the lock. The lock below varies each of them from its default (checked
     * over the record's components, so a tunable added later without a value here fails), and the copy must have each
     * one: a tunable the serialized form forgot would come back as its default.
     */
    @Test
    void everyTunableButTheClockTravelsWithTheLock() throws Exception
    {
        final Rwsem lock = Rwsem.builder().variant("base").onHeap()
            .spinBudget(Duration.ofNanos(Tunables.DEFAULT_SPIN_BUDGET_NANOS + 1))
            .handoffTimeout(Duration.ofNanos(Tunables.DEFAULT_HANDOFF_TIMEOUT_NANOS + 1))
            .readerSpinThreshold(Tunables.ReaderSpinThreshold.TIME)
            .readerSpinCount(Tunables.DEFAULT_READER_SPIN_COUNT + 1)
            .nullOwnerRetries(Tunables.DEFAULT_NULL_OWNER_RETRIES + 1)
            .platformAdaptations(false)
            .padded(true)
            .build();
        final Tunables defaults = Rwsem.builder().variant("base").onHeap().build().tunables();
        final Tunables copy = roundTrip(lock).tunables();
        for (final RecordComponent c : Tunables.class.getRecordComponents())
        {
            if (c.getName().equals("clock"))
            {
                continue;
            }
            final Object varied = c.getAccessor().invoke(lock.tunables());
            assertNotEquals(c.getAccessor().invoke(defaults), varied, c.getName() + " is not varied here");
            assertEquals(varied, c.getAccessor().invoke(copy), c.getName() + " lost in the round trip");
        }
    }

    /** A structure that holds its lock as a field, as ReentrantReadWriteLock users do. */
    static final class Box implements Serializable
    {
        private static final long serialVersionUID = 1L;
        final Rwsem lock = Rwsem.builder().variant("base").onHeap().build();
        int value;
    }

    @Test
    void aStructureWithItsLockRoundTrips() throws Exception
    {
        final Box box = new Box();
        box.lock.writeLock().lock();
        box.value = 42;
        final Box copy = roundTrip(box);
        box.lock.writeLock().unlock();
        assertEquals(42, copy.value);
        assertFalse(copy.lock.isWriteLocked());
        copy.lock.writeLock().lock();
        copy.lock.writeLock().unlock();
    }
}
