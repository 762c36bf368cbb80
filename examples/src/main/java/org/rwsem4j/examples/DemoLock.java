package org.rwsem4j.examples;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.concurrent.locks.StampedLock;
import java.util.function.Supplier;

import org.rwsem4j.Rwsem;

/**
 * One lock the demo runs the cache on: an rwsem4j variant or one of the JDK's locks, with what it is called and its
 * event counters (rwsem4j locks only).
 *
 * @param name what was asked for ({@code recommended}, {@code rrwl}, ...)
 * @param kind what it is: the rwsem4j variant's canonical form, or the JDK lock
 * @param lock the lock
 * @param events the lock's event counters so far by kernel name, empty for a lock that keeps none
 */
record DemoLock(String name, String kind, ReadWriteLock lock, Supplier<Map<String, Long>> events)
{
    /** The JDK locks the demo knows by name, for the usage line. */
    static final String JDK_LOCKS = "rrwl, stamped, mutex";

    /**
     * @param name {@code rrwl} (ReentrantReadWriteLock, nonfair), {@code stamped} (StampedLock.asReadWriteLock()),
     *             {@code mutex} (a ReentrantLock for both) or an rwsem4j variant spec
     * @return a new lock of that kind
     * @throws IllegalArgumentException for a name that is none of these (a bad spec's message lists the patches)
     */
    static DemoLock of(final String name)
    {
        switch (name)
        {
            case "rrwl":
                return jdk(name, "ReentrantReadWriteLock (nonfair)", new ReentrantReadWriteLock());
            case "stamped":
                return jdk(name, "StampedLock.asReadWriteLock()", new StampedLock().asReadWriteLock());
            case "mutex":
                return jdk(name, "ReentrantLock as both locks", new MutexReadWriteLock());
            default:
                final Rwsem rwsem = Rwsem.builder().variant(name).name("lru-cache").build();
                return new DemoLock(name, "rwsem4j " + rwsem.variant(), rwsem, () -> events(rwsem));
        }
    }

    private static DemoLock jdk(final String name, final String kind, final ReadWriteLock lock)
    {
        return new DemoLock(name, kind, lock, Map::of);
    }

    private static Map<String, Long> events(final Rwsem lock)
    {
        final Map<String, Long> out = new LinkedHashMap<>();
        lock.events().asMap().forEach((event, count) -> out.put(event.kernelName(), count));
        return out;
    }
}
