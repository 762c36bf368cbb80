package org.rwsem4j.readerbias;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openjdk.jol.info.GraphLayout;
import org.rwsem4j.LockEvent;
import org.rwsem4j.Rwsem;
import org.rwsem4j.testkit.BiasArming;

/**
 * What arming costs a lock's heap. The first arm makes the lock's bias state (its tag, its inhibit deadline, its
 * counters) and nothing else: a lock whose reads overlap but which was never contended does not carry the OSQ, the
 * wait lock and the queue that a slow path makes. A slow path's contended state then takes the bias state over: the
 * tag and the counts stay.
 */
@Timeout(60)
class ArmedFootprintTest
{
    /** An armed lock's growth: its bias state and its counters, whatever the layout well under this bound. */
    private static final long ARMED_TARGET = 128;
    /** What the patch may add to a fresh lock (the bound): its tag, in a field of the engine. */
    private static final long FRESH_TARGET = 16;

    @Test
    void aFreshLockGrowsByItsTagAlone()
    {
        final long with = perLock(Rwsem.builder().variant(ReaderBiasPatchTest.SPEC).onHeap().build(),
            Rwsem.builder().variant(ReaderBiasPatchTest.SPEC).onHeap().build());
        final long without = perLock(Rwsem.builder().variant("base").onHeap().build(),
            Rwsem.builder().variant("base").onHeap().build());
        final long padded = perLock(Rwsem.builder().variant(ReaderBiasPatchTest.SPEC).onHeap().padded(true).build(),
            Rwsem.builder().variant(ReaderBiasPatchTest.SPEC).onHeap().padded(true).build());
        final long paddedWithout = perLock(Rwsem.builder().variant("base").onHeap().padded(true).build(),
            Rwsem.builder().variant("base").onHeap().padded(true).build());
        System.out.printf("[layout] fresh, on-heap word: base %d B, reader-bias %d B; padded %d B, %d B%n", without,
            with, paddedWithout, padded);
        assertTrue(with - without > 0 && with - without <= FRESH_TARGET, "the patch added " + (with - without) + " B");
        assertEquals(paddedWithout, padded, "a padded lock keeps its tag in its first pad");
    }

    @Test
    void anArmedLockThatWasNeverContendedCarriesItsBiasStateAlone()
    {
        final Rwsem a = Rwsem.builder().variant(ReaderBiasPatchTest.SPEC).onHeap().build();
        final Rwsem b = Rwsem.builder().variant(ReaderBiasPatchTest.SPEC).onHeap().build();
        final long fresh = perLock(a, b);
        BiasArming.armed(b);
        final long armed = perLock(a, b);
        final Set<String> grown = grownClasses(a, b);
        System.out.printf("[layout] reader-bias, on-heap word: %d B fresh, %d B armed (%+d B: %s)%n", fresh, armed,
            armed - fresh, grown);
        assertTrue(b.state().readBiased(), b.state()::toString);
        assertEquals(1, b.events().get(LockEvent.BIAS_ARM), b.events()::toString);
        assertTrue(armed - fresh <= ARMED_TARGET, "arming grew the lock by " + (armed - fresh) + " B: " + grown);
        assertTrue(grown.contains("BiasState"), grown::toString);
        assertFalse(grown.stream().anyMatch(c -> c.contains("Osq") || c.contains("WaitQueue")), grown::toString);
    }

    @Test
    void aSlowPathAfterTheArmTakesTheBiasStateOver() throws InterruptedException
    {
        final Rwsem lock = BiasArming.armed(Rwsem.builder().variant(ReaderBiasPatchTest.SPEC).onHeap().build());
        final long tag = ReaderBiasPatchTest.tag(lock);
        assertTrue(tag > 0, "the arm gave the lock its tag");
        lock.writeLock().lock(); // revokes: nobody reads
        final Thread reader = new Thread(() ->
        {
            try
            {
                assertFalse(lock.readLock().tryLock(1, TimeUnit.MICROSECONDS), "the write lock is held");
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
            }
        });
        reader.start();
        reader.join();
        lock.writeLock().unlock();
        assertTrue(lock.events().get(LockEvent.RLOCK) > 0, "the reader took the slow path: " + lock.events());
        assertEquals(tag, ReaderBiasPatchTest.tag(lock), "the contended state keeps the lock's tag");
        assertEquals(1, lock.events().get(LockEvent.BIAS_ARM), lock.events()::toString);
        assertEquals(1, lock.events().get(LockEvent.BIAS_REVOKE), lock.events()::toString);
        assertTrue(lock.state().isQuiescent(), lock.state()::toString);
    }

    /** {@return the bytes of the objects {@code b} owns: the graph of both locks less that of {@code a} alone} */
    private static long perLock(final Rwsem a, final Rwsem b)
    {
        return GraphLayout.parseInstance(a, b).totalSize() - GraphLayout.parseInstance(a).totalSize();
    }

    /** {@return the simple names of the classes of which {@code b} owns more objects than {@code a}} */
    private static Set<String> grownClasses(final Rwsem a, final Rwsem b)
    {
        final GraphLayout one = GraphLayout.parseInstance(a);
        final GraphLayout other = GraphLayout.parseInstance(b);
        final Set<String> grown = new TreeSet<>();
        for (final Class<?> c : other.getClasses())
        {
            if (other.getClassCounts().count(c) > one.getClassCounts().count(c))
            {
                grown.add(c.getSimpleName());
            }
        }
        return grown;
    }
}
