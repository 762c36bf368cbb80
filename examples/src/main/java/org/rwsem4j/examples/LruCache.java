package org.rwsem4j.examples;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.function.Function;

import org.rwsem4j.Rwsem;

/**
 * A bounded cache with (approximate) least-recently-used eviction, guarded by one read-write lock (an rwsem4j lock,
 * or any other {@link ReadWriteLock}, which is how the demo compares them): lookups share the read lock, inserts and
 * evictions take the write lock.
 *
 * <p>Recency without writes on the read path: every insert advances an epoch counter, and a hit stamps its entry
 * with the current epoch (a plain volatile store to the entry, nothing shared is written). When the cache overflows,
 * the writer evicts the entries with the oldest stamps, down to 7/8 of the capacity, so the sort is amortised over
 * many inserts. Entries touched within the same epoch tie, which is what makes it approximate.
 *
 * @param <K> key type
 * @param <V> value type
 */
public final class LruCache<K, V>
{
    private final Lock readLock;
    private final Lock writeLock;
    private final ReadWriteLock lock;
    private final int capacity;
    private final int lowWater;
    private final Map<K, Entry<V>> map = new HashMap<>(); // guarded by lock
    private final AtomicLong epoch = new AtomicLong();   // advanced by writers only
    private final LongAdder hits = new LongAdder();
    private final LongAdder misses = new LongAdder();
    private final LongAdder evictions = new LongAdder();

    private static final class Entry<V>
    {
        final V value;
        volatile long lastUsed;

        Entry(final V value, final long epoch)
        {
            this.value = value;
            this.lastUsed = epoch;
        }
    }

    /**
     * A cache guarded by {@code Rwsem.of("recommended")}.
     *
     * @param capacity maximum number of entries
     */
    public LruCache(final int capacity)
    {
        this(capacity, Rwsem.of("recommended"));
    }

    /**
     * @param capacity maximum number of entries
     * @param lock the lock that guards it: an rwsem4j lock in any variant, or another read-write lock
     */
    public LruCache(final int capacity, final ReadWriteLock lock)
    {
        if (capacity < 1)
        {
            throw new IllegalArgumentException("capacity must be positive, was " + capacity);
        }
        this.capacity = capacity;
        this.lowWater = capacity - Math.max(1, capacity / 8);
        this.lock = lock;
        this.readLock = lock.readLock();
        this.writeLock = lock.writeLock();
    }

    /**
     * @param key the key
     * @return the cached value, or {@code null}
     */
    public V get(final K key)
    {
        readLock.lock();
        try
        {
            final Entry<V> e = map.get(key);
            if (e == null)
            {
                misses.increment();
                return null;
            }
            return hit(e);
        }
        finally
        {
            readLock.unlock();
        }
    }

    /**
     * Returns the cached value, loading and inserting it on a miss. The loader runs under the write lock, once per
     * missing key even when many threads miss it at once: keep it cheap.
     *
     * @param key the key
     * @param loader computes the value of a missing key
     * @return the value
     */
    public V computeIfAbsent(final K key, final Function<? super K, ? extends V> loader)
    {
        readLock.lock();
        try
        {
            final Entry<V> e = map.get(key);
            if (e != null)
            {
                return hit(e);
            }
        }
        finally
        {
            readLock.unlock();
        }
        writeLock.lock();
        try
        {
            final Entry<V> e = map.get(key); // another thread may have loaded it while we had no lock
            if (e != null)
            {
                return hit(e);
            }
            misses.increment();
            final V value = loader.apply(key);
            insert(key, value);
            return value;
        }
        finally
        {
            writeLock.unlock();
        }
    }

    /**
     * @param key the key
     * @param value the value to cache, replacing any
     */
    public void put(final K key, final V value)
    {
        writeLock.lock();
        try
        {
            insert(key, value);
        }
        finally
        {
            writeLock.unlock();
        }
    }

    /**
     * @param key the key to drop
     * @return whether it was cached
     */
    public boolean invalidate(final K key)
    {
        writeLock.lock();
        try
        {
            return map.remove(key) != null;
        }
        finally
        {
            writeLock.unlock();
        }
    }

    /** @return the number of cached entries */
    public int size()
    {
        readLock.lock();
        try
        {
            return map.size();
        }
        finally
        {
            readLock.unlock();
        }
    }

    /** @return the maximum number of entries */
    public int capacity()
    {
        return capacity;
    }

    /** @return lookups that found their key */
    public long hits()
    {
        return hits.sum();
    }

    /** @return lookups that did not (for computeIfAbsent: loads) */
    public long misses()
    {
        return misses.sum();
    }

    /** @return entries evicted to stay within capacity */
    public long evictions()
    {
        return evictions.sum();
    }

    /** @return the lock, for monitoring */
    public ReadWriteLock lock()
    {
        return lock;
    }

    private V hit(final Entry<V> e)
    {
        e.lastUsed = epoch.get();
        hits.increment();
        return e.value;
    }

    /** Caller holds the write lock. */
    private void insert(final K key, final V value)
    {
        map.put(key, new Entry<>(value, epoch.incrementAndGet()));
        if (map.size() > capacity)
        {
            evictOldest(map.size() - lowWater);
        }
    }

    /** Caller holds the write lock. */
    private void evictOldest(final int n)
    {
        final List<Map.Entry<K, Entry<V>>> all = new ArrayList<>(map.entrySet());
        all.sort((a, b) -> Long.compare(a.getValue().lastUsed, b.getValue().lastUsed));
        for (int i = 0; i < n; i++)
        {
            map.remove(all.get(i).getKey());
        }
        evictions.add(n);
    }
}
