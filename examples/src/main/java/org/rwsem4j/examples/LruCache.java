package org.rwsem4j.examples;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;

import org.rwsem4j.Guard;
import org.rwsem4j.Rwsem;

/**
 * A bounded cache with (approximate) least-recently-used eviction, guarded by one rwsem4j lock: lookups share the
 * read lock, inserts and evictions take the write lock.
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
    private final Rwsem lock;
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
     * @param lock the lock that guards it, in any variant
     */
    public LruCache(final int capacity, final Rwsem lock)
    {
        if (capacity < 1)
        {
            throw new IllegalArgumentException("capacity must be positive, was " + capacity);
        }
        this.capacity = capacity;
        this.lowWater = capacity - Math.max(1, capacity / 8);
        this.lock = lock;
    }

    /**
     * @param key the key
     * @return the cached value, or {@code null}
     */
    public V get(final K key)
    {
        try (Guard g = lock.readGuard())
        {
            final Entry<V> e = map.get(key);
            if (e == null)
            {
                misses.increment();
                return null;
            }
            return hit(e);
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
        try (Guard g = lock.readGuard())
        {
            final Entry<V> e = map.get(key);
            if (e != null)
            {
                return hit(e);
            }
        }
        try (Guard g = lock.writeGuard())
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
    }

    /**
     * @param key the key
     * @param value the value to cache, replacing any
     */
    public void put(final K key, final V value)
    {
        try (Guard g = lock.writeGuard())
        {
            insert(key, value);
        }
    }

    /**
     * @param key the key to drop
     * @return whether it was cached
     */
    public boolean invalidate(final K key)
    {
        try (Guard g = lock.writeGuard())
        {
            return map.remove(key) != null;
        }
    }

    /** @return the number of cached entries */
    public int size()
    {
        try (Guard g = lock.readGuard())
        {
            return map.size();
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
    public Rwsem lock()
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
