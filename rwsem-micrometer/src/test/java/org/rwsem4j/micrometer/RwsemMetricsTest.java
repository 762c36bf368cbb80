package org.rwsem4j.micrometer;

import java.lang.ref.Reference;
import java.lang.ref.WeakReference;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.rwsem4j.LockEvent;
import org.rwsem4j.LockEvents;
import org.rwsem4j.Rwsem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RwsemMetricsTest
{
    private static final int GC_ROUNDS = 100;

    private static Rwsem named(final String name)
    {
        // no stats file: the tests need no counters file in the temporary directory
        return Rwsem.builder().variant("base").name(name).stats(null).onHeap().build();
    }

    @Test
    void everyMeterIsPresentWithTheLocksTagsAndTheExtraOnes()
    {
        final MeterRegistry registry = new SimpleMeterRegistry();
        final Rwsem lock = named("db");
        new RwsemMetrics(lock, Tags.of("service", "orders")).bindTo(registry);

        final Set<String> events = registry.find(RwsemMetrics.EVENTS).functionCounters().stream()
            .map(c -> c.getId().getTag(RwsemMetrics.EVENT_TAG)).collect(Collectors.toSet());
        assertEquals(Arrays.stream(LockEvent.values()).map(LockEvent::kernelName).collect(Collectors.toSet()), events);
        assertEquals(LockEvent.values().length + 3, registry.getMeters().size());
        for (final Meter m : registry.getMeters())
        {
            assertEquals("db", m.getId().getTag(RwsemMetrics.LOCK_TAG), m.getId().toString());
            assertEquals("base", m.getId().getTag(RwsemMetrics.VARIANT_TAG), m.getId().toString());
            assertEquals("orders", m.getId().getTag("service"), m.getId().toString());
        }
        registry.get(RwsemMetrics.QUEUE_LENGTH).gauge();
        registry.get(RwsemMetrics.READERS).gauge();
        registry.get(RwsemMetrics.WRITE_LOCKED).gauge();
    }

    @Test
    void theLocksOwnTagsWinOverExtraTagsOfTheSameKey()
    {
        final MeterRegistry registry = new SimpleMeterRegistry();
        new RwsemMetrics(named("db"), Tags.of(RwsemMetrics.LOCK_TAG, "other")).bindTo(registry);

        assertEquals("db", registry.get(RwsemMetrics.WRITE_LOCKED).gauge().getId().getTag(RwsemMetrics.LOCK_TAG));
    }

    @Test
    void anUnnamedLockGetsAGeneratedNameStableForItsLifeAndDistinctBetweenLocks()
    {
        final Rwsem a = Rwsem.builder().variant("base").onHeap().build();
        final Rwsem b = Rwsem.builder().variant("base").onHeap().build();
        assertNull(a.name());

        final String nameOfA = new RwsemMetrics(a).lockName();
        assertTrue(nameOfA.startsWith(LockNames.UNNAMED_PREFIX), nameOfA);
        assertEquals(nameOfA, new RwsemMetrics(a).lockName());
        assertNotEquals(nameOfA, new RwsemMetrics(b).lockName());
        assertEquals("db", new RwsemMetrics(named("db")).lockName());

        final MeterRegistry registry = new SimpleMeterRegistry();
        new RwsemMetrics(a).bindTo(registry);
        assertEquals(nameOfA, registry.get(RwsemMetrics.WRITE_LOCKED).gauge().getId().getTag(RwsemMetrics.LOCK_TAG));
    }

    @Test
    void gaugesReadTheLiveState() throws InterruptedException
    {
        final MeterRegistry registry = new SimpleMeterRegistry();
        final Rwsem lock = named("live");
        new RwsemMetrics(lock).bindTo(registry);
        final Gauge writeLocked = registry.get(RwsemMetrics.WRITE_LOCKED).gauge();
        final Gauge queueLength = registry.get(RwsemMetrics.QUEUE_LENGTH).gauge();
        final Gauge readers = registry.get(RwsemMetrics.READERS).gauge();
        assertEquals(0.0, writeLocked.value());

        final CountDownLatch holding = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        lock.writeLock().lock();
        final Thread reader;
        try
        {
            assertEquals(1.0, writeLocked.value());
            reader = Contention.start("reader", failure, () ->
            {
                lock.readLock().lock();
                try
                {
                    holding.countDown();
                    assertTrue(release.await(Contention.LIMIT_NANOS, TimeUnit.NANOSECONDS), "never released");
                }
                finally
                {
                    lock.readLock().unlock();
                }
            });
            Contention.awaitQueueLength(lock, 1);
            assertEquals(1.0, queueLength.value());
            assertEquals(1.0, writeLocked.value());
        }
        finally
        {
            lock.writeLock().unlock();
        }
        assertTrue(holding.await(Contention.LIMIT_NANOS, TimeUnit.NANOSECONDS), "the reader never got the lock");
        assertEquals(0.0, writeLocked.value());
        assertEquals(1.0, readers.value());
        lock.readLock().lock();
        assertEquals(2.0, readers.value());
        lock.readLock().unlock();
        release.countDown();
        Contention.join(reader);
        assertNull(failure.get());
        assertEquals(0.0, readers.value());
        assertEquals(0.0, queueLength.value());
    }

    @Test
    void countersMoveUnderContentionAndEachReadsItsOwnEvent() throws InterruptedException
    {
        final MeterRegistry registry = new SimpleMeterRegistry();
        final Rwsem lock = named("orders");
        new RwsemMetrics(lock).bindTo(registry);
        for (final LockEvent e : LockEvent.values())
        {
            assertEquals(0.0, CounterCheck.counter(registry, "orders", e).count(), e.kernelName());
        }

        for (int round = 1; round <= 3; round++)
        {
            Contention.round(lock, round, 2 * round);
        }

        final LockEvents events = lock.events();
        assertEquals(Map.of(), CounterCheck.mismatches(registry, "orders", events));
        // the events this contention must cause: blocked writers and readers, timed attempts that gave up
        for (final LockEvent e : new LockEvent[] {LockEvent.WLOCK, LockEvent.RLOCK, LockEvent.SLEEP_READER,
            LockEvent.RLOCK_FAIL, LockEvent.WLOCK_FAIL})
        {
            assertTrue(CounterCheck.counter(registry, "orders", e).count() > 0, e.kernelName());
        }
        System.out.println("lock events after 3 contended rounds:\n" + events);
        System.out.println("scrape of the SimpleMeterRegistry:\n" +
            ((SimpleMeterRegistry)registry).getMetersAsString());
    }

    @Test
    void negativeControlTheCounterCheckCatchesABinderThatReadsTheWrongEvent() throws InterruptedException
    {
        final MeterRegistry registry = new SimpleMeterRegistry();
        final Rwsem lock = named("wrong");
        new WrongEventBinder(lock, "wrong").bindTo(registry);
        for (int round = 1; round <= 3; round++)
        {
            Contention.round(lock, round, 2 * round);
        }

        final LockEvents events = lock.events();
        final Map<LockEvent, Double> wrong = CounterCheck.mismatches(registry, "wrong", events);
        assertFalse(wrong.isEmpty(), "the check missed a binder that reads each event's neighbour: " + events);
        // the seeded bug's own symptom: each flagged counter reads the next event's count
        wrong.forEach((e, read) ->
            assertEquals((double)events.get(WrongEventBinder.next(e)), read, e.kernelName()));
    }

    @Test
    void aDroppedLockCanBeCollectedWhileItsMetersAndBinderLive() throws InterruptedException
    {
        final MeterRegistry registry = new SimpleMeterRegistry();
        final RwsemMetrics[] binders = new RwsemMetrics[2];
        final WeakReference<Rwsem> offHeapUnnamed = bindContendedLock(registry, Rwsem.builder().variant("base"), 0,
            binders);
        final WeakReference<Rwsem> onHeapNamed = bindContendedLock(registry,
            Rwsem.builder().variant("base").name("dropped").stats(null).onHeap(), 1, binders);
        final FunctionCounter wlock = CounterCheck.counter(registry, "dropped", LockEvent.WLOCK);
        final double last = wlock.count();
        assertTrue(last > 0);

        assertTrue(collected(offHeapUnnamed), "an unnamed off-heap lock with meters and a binder was never collected");
        assertTrue(collected(onHeapNamed), "a named on-heap lock with meters and a binder was never collected");
        Reference.reachabilityFence(binders);
        // what a collected lock's meters read: counters keep their last value, gauges NaN
        assertEquals(last, wlock.count());
        assertTrue(Double.isNaN(registry.get(RwsemMetrics.QUEUE_LENGTH).tag(RwsemMetrics.LOCK_TAG, "dropped")
            .gauge().value()));
    }

    @Test
    void negativeControlACollectionCheckSeesALockPinnedByAStrongGauge() throws InterruptedException
    {
        final MeterRegistry registry = new SimpleMeterRegistry();
        final WeakReference<Rwsem> pinned = bindStrongGauge(registry);

        // the seeded bug's own symptom: the lock outlives every collection, and its gauge still reads it
        assertFalse(collected(pinned), "a lock held by a strong gauge was collected");
        assertEquals(1.0, registry.get("pinned.write.locked").gauge().value());
        pinned.get().writeLock().unlock();
    }

    /** A gauge built with {@code strongReference(true)}, as a binder must not: it holds the lock for good. */
    private static WeakReference<Rwsem> bindStrongGauge(final MeterRegistry registry)
    {
        final Rwsem lock = named("pinned");
        Gauge.builder("pinned.write.locked", lock, l -> l.isWriteLocked() ? 1 : 0).strongReference(true)
            .register(registry);
        lock.writeLock().lock();
        return new WeakReference<>(lock);
    }

    private static WeakReference<Rwsem> bindContendedLock(final MeterRegistry registry,
        final org.rwsem4j.RwsemBuilder builder, final int slot, final RwsemMetrics[] binders)
        throws InterruptedException
    {
        final Rwsem lock = builder.build();
        binders[slot] = new RwsemMetrics(lock);
        binders[slot].bindTo(registry);
        Contention.round(lock, 1, 1);
        assertEquals(Map.of(), CounterCheck.mismatches(registry, binders[slot].lockName(), lock.events()));
        return new WeakReference<>(lock);
    }

    /**
     * Full collections until the lock is gone, at most {@link #GC_ROUNDS}: a strongly reachable lock survives them
     * all, a weakly reachable one goes at the first (the pause only lets the collector's threads catch up).
     */
    private static boolean collected(final WeakReference<Rwsem> ref) throws InterruptedException
    {
        for (int i = 0; i < GC_ROUNDS && ref.get() != null; i++)
        {
            System.gc();
            Thread.sleep(10);
        }
        return ref.get() == null;
    }
}
