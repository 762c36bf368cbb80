package org.rwsem4j.readerbias;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openjdk.jol.info.ClassLayout;
import org.openjdk.jol.info.GraphLayout;
import org.rwsem4j.LockEvent;
import org.rwsem4j.Rwsem;
import org.rwsem4j.testkit.BiasArming;

/**
 * What the patch and arming cost a lock's heap. A lock with the patch is made with its tag, a field of its engine, and
 * nothing else. The first arm makes the lock's bias state (its inhibit deadline, its counters) and nothing else: a lock
 * whose reads overlap but which was never contended does not carry the OSQ, the wait lock and the queue that a slow
 * path makes. A slow path's contended state then takes the bias state over: the counts and the revocation's state stay.
 */
@Timeout(60)
class ArmedFootprintTest
{
    /** An armed lock's growth: its bias state and its counters, whatever the layout well under this bound. */
    private static final long ARMED_TARGET = 128;
    /** What the patch may add to a fresh lock (the bound): its tag, in a field of the engine. */
    private static final long FRESH_TARGET = 16;
    /** Bytes at least between a padded engine's tag and its owner word: more than a cache line. */
    private static final long MIN_TAG_TO_OWNER = 112;

    @Test
    void aFreshLockGrowsByItsTagAlone()
    {
        final long with = perLock(Rwsem.builder().variant(ReaderBiasPatchTest.SPEC).onHeap().build(),
            Rwsem.builder().variant(ReaderBiasPatchTest.SPEC).onHeap().build());
        final long without = perLock(Rwsem.builder().variant("base").onHeap().build(),
            Rwsem.builder().variant("base").onHeap().build());
        final Rwsem one = Rwsem.builder().variant(ReaderBiasPatchTest.SPEC).onHeap().build();
        final Rwsem two = Rwsem.builder().variant(ReaderBiasPatchTest.SPEC).onHeap().build();
        final Rwsem base = Rwsem.builder().variant("base").onHeap().build();
        final Rwsem base2 = Rwsem.builder().variant("base").onHeap().build();
        final long objects = GraphLayout.parseInstance(one, two).totalCount() -
            GraphLayout.parseInstance(one).totalCount();
        final long baseObjects = GraphLayout.parseInstance(base, base2).totalCount() -
            GraphLayout.parseInstance(base).totalCount();
        System.out.printf("[layout] fresh, on-heap word: base %d B in %d objects, reader-bias %d B in %d%n", without,
            baseObjects, with, objects);
        assertTrue(with - without > 0 && with - without <= FRESH_TARGET, "the patch added " + (with - without) + " B");
        assertEquals(baseObjects, objects, "the tag is a field, not an object of its own");
    }

    /**
     * A padded lock keeps its tag in its first pad: the same size with the patch or without, and the tag a line and
     * more from the owner word, which writers store to.
     */
    @Test
    void aPaddedLockKeepsItsTagInItsFirstPad() throws ClassNotFoundException
    {
        final long padded = perLock(Rwsem.builder().variant(ReaderBiasPatchTest.SPEC).onHeap().padded(true).build(),
            Rwsem.builder().variant(ReaderBiasPatchTest.SPEC).onHeap().padded(true).build());
        final long paddedWithout = perLock(Rwsem.builder().variant("base").onHeap().padded(true).build(),
            Rwsem.builder().variant("base").onHeap().padded(true).build());
        final long tag = offset("tag");
        final long owner = offset("owner");
        System.out.printf("[layout] padded, on-heap word: base %d B, reader-bias %d B; tag at %d, owner at %d%n",
            paddedWithout, padded, tag, owner);
        assertEquals(paddedWithout, padded, "a padded lock keeps its tag in its first pad");
        assertTrue(owner - (tag + Long.BYTES) >= MIN_TAG_TO_OWNER, "tag at " + tag + ", owner at " + owner);
    }

    /** {@return the offset of the field {@code name} in the padded engine} */
    private static long offset(final String name) throws ClassNotFoundException
    {
        return ClassLayout.parseClass(Class.forName("org.rwsem4j.PaddedEngine")).fields().stream()
            .filter(f -> f.name().equals(name)).findFirst().orElseThrow().offset();
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
        assertFalse(lock.state().readBiased(), "the release cleared the bias: the revocation's state was kept");
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
