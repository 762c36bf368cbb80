package org.rwsem4j.micrometer;

import java.util.Map;
import java.util.WeakHashMap;

import org.rwsem4j.Rwsem;

/**
 * The {@code lock} tag's value: the lock's own name, or for an unnamed lock {@code unnamed-<n>}, where {@code n}
 * numbers the unnamed locks in the order they were first bound in this JVM (from 1). The generated name is kept per
 * lock identity in a weak map, so it is the same for every binder of that lock for the lock's life, distinct between
 * locks, and it does not keep the lock alive.
 */
final class LockNames
{
    static final String UNNAMED_PREFIX = "unnamed-";

    private static final Map<Rwsem, String> GENERATED = new WeakHashMap<>();
    private static long lastNumber;

    private LockNames()
    {
    }

    static String of(final Rwsem lock)
    {
        final String own = lock.name();
        return own != null ? own : generated(lock);
    }

    // Rwsem keeps Object's identity equals and hashCode, so the weak map is keyed by identity.
    private static synchronized String generated(final Rwsem lock)
    {
        return GENERATED.computeIfAbsent(lock, ignored -> UNNAMED_PREFIX + (++lastNumber));
    }
}
