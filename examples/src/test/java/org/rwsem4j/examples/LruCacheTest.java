package org.rwsem4j.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.rwsem4j.Rwsem;

class LruCacheTest
{
    @Test
    void evictsTheLeastRecentlyUsedDownToSevenEighths()
    {
        final LruCache<Integer, String> cache = new LruCache<>(8);
        for (int k = 1; k <= 8; k++)
        {
            cache.put(k, "v" + k);
        }
        assertEquals(8, cache.size());
        assertEquals("v1", cache.get(1)); // 1 is now the most recently used
        cache.put(9, "v9");                // overflow: the two oldest (2, 3) go
        assertEquals(7, cache.size());
        assertEquals(2, cache.evictions());
        assertEquals("v1", cache.get(1));
        assertNull(cache.get(2));
        assertNull(cache.get(3));
        assertEquals("v4", cache.get(4));
        assertEquals("v9", cache.get(9));
    }

    @Test
    void computeIfAbsentLoadsOnceAndCountsHitsAndMisses()
    {
        final Rwsem lock = Rwsem.builder().variant("base").onHeap().build();
        final LruCache<String, Integer> cache = new LruCache<>(4, lock);
        final int[] loads = new int[1];
        assertEquals(3, cache.computeIfAbsent("abc", k -> ++loads[0] > 0 ? k.length() : -1));
        assertEquals(3, cache.computeIfAbsent("abc", k -> ++loads[0] > 0 ? k.length() : -1));
        assertEquals(1, loads[0]);
        assertEquals(1, cache.hits());
        assertEquals(1, cache.misses());
        assertTrue(cache.invalidate("abc"));
        assertFalse(cache.invalidate("abc"));
        assertNull(cache.get("abc"));
        assertSame(lock, cache.lock());
        assertFalse(lock.isWriteLocked());
        assertEquals(0, lock.getReadLockCount());
    }
}
