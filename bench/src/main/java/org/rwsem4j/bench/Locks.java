package org.rwsem4j.bench;

import java.util.List;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.concurrent.locks.StampedLock;

import org.rwsem4j.Rwsem;
import org.rwsem4j.Variant;

/**
 * Builds the lock named by a benchmark's {@code impl} parameter: a peer ({@code mutex}, {@code rrwl},
 * {@code rrwl-fair}, {@code stamped}) or any variant spec, optionally suffixed {@code @heap} for the on-heap lock
 * word ({@code Rwsem.builder().variant(spec).onHeap()}).
 */
final class Locks
{
    static final String MUTEX = "mutex";
    static final String RRWL = "rrwl";
    static final String RRWL_FAIR = "rrwl-fair";
    static final String STAMPED = "stamped";
    /** The JDK locks every run measures beside the variants. */
    static final List<String> PEERS = List.of(MUTEX, RRWL, RRWL_FAIR, STAMPED);
    static final String ON_HEAP_SUFFIX = "@heap";

    private Locks()
    {
    }

    /**
     * @param impl a peer name or a variant spec (optionally with {@code @heap})
     * @return a new, unlocked lock
     * @throws IllegalArgumentException for an unknown peer or a bad spec
     */
    static ReadWriteLock create(final String impl)
    {
        switch (impl)
        {
            case MUTEX:
                return new MutexAsReadWriteLock(new ReentrantLock());
            case RRWL:
                return new ReentrantReadWriteLock(false);
            case RRWL_FAIR:
                return new ReentrantReadWriteLock(true);
            case STAMPED:
                return new StampedAsReadWriteLock(new StampedLock());
            default:
                if (impl.endsWith(ON_HEAP_SUFFIX))
                {
                    final String spec = impl.substring(0, impl.length() - ON_HEAP_SUFFIX.length());
                    return Rwsem.builder().variant(spec).onHeap().build();
                }
                return Rwsem.of(impl);
        }
    }

    /**
     * @param impl a benchmark impl name
     * @return whether it is a JDK peer rather than a variant
     */
    static boolean isPeer(final String impl)
    {
        return PEERS.contains(impl);
    }

    /**
     * Checks an impl name without building a lock (for argument parsing).
     *
     * @param impl the name
     * @throws IllegalArgumentException if it is neither a peer nor a valid spec
     */
    static void validate(final String impl)
    {
        if (isPeer(impl))
        {
            return;
        }
        final String spec = impl.endsWith(ON_HEAP_SUFFIX) ?
            impl.substring(0, impl.length() - ON_HEAP_SUFFIX.length()) : impl;
        Variant.parse(spec);
    }

    /** {@code mutex}: one ReentrantLock behind both sides, as the seed's mutex row. */
    private static final class MutexAsReadWriteLock implements ReadWriteLock
    {
        private final Lock lock;

        MutexAsReadWriteLock(final Lock lock)
        {
            this.lock = lock;
        }

        @Override
        public Lock readLock()
        {
            return lock;
        }

        @Override
        public Lock writeLock()
        {
            return lock;
        }
    }

    /** {@code StampedLock.asReadWriteLock()} with the views taken once. */
    private static final class StampedAsReadWriteLock implements ReadWriteLock
    {
        private final Lock read;
        private final Lock write;

        StampedAsReadWriteLock(final StampedLock lock)
        {
            final ReadWriteLock view = lock.asReadWriteLock();
            this.read = view.readLock();
            this.write = view.writeLock();
        }

        @Override
        public Lock readLock()
        {
            return read;
        }

        @Override
        public Lock writeLock()
        {
            return write;
        }
    }
}
