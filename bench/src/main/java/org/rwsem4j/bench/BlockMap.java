package org.rwsem4j.bench;

import java.util.HashMap;

/**
 * A page-cache stand-in: a bounded map from block number to a cached page, with FIFO eviction. A read that hits
 * verifies the page; a miss fills it (which needs the write lock, as a page-cache insert needs exclusive access to
 * the index); a write gets or inserts the page and stamps a new version into all of its words. Pages are plain
 * objects: the lock under test is the only thing that orders them, and a torn page throws.
 */
final class BlockMap
{
    private static final int WORDS = 8;

    private final HashMap<Integer, long[]> pages;
    private final int[] fifo;
    private final int capacity;
    private int fifoHead;
    private int size;

    BlockMap(final int capacity)
    {
        this.capacity = capacity;
        this.pages = new HashMap<>(capacity * 2);
        this.fifo = new int[capacity];
    }

    /**
     * A cached read (caller holds the read lock).
     *
     * @param block the block
     * @return the page's version, or -1 on a miss
     */
    long read(final int block)
    {
        final long[] page = pages.get(block);
        if (page == null)
        {
            return -1;
        }
        final long v = page[0];
        for (int i = 1; i < WORDS; i++)
        {
            if (page[i] != v)
            {
                throw new IllegalStateException("torn page: the lock under test does not exclude");
            }
        }
        return v;
    }

    /**
     * Fills a missing page (caller holds the write lock).
     *
     * @param block the block
     */
    void fill(final int block)
    {
        if (!pages.containsKey(block))
        {
            insert(block);
        }
    }

    /**
     * A write (caller holds the write lock): get or insert the page, then stamp a new version.
     *
     * @param block the block
     */
    void write(final int block)
    {
        long[] page = pages.get(block);
        if (page == null)
        {
            page = insert(block);
        }
        final long v = page[0] + 1;
        for (int i = 0; i < WORDS; i++)
        {
            page[i] = v;
        }
    }

    private long[] insert(final int block)
    {
        if (size == capacity)
        {
            pages.remove(fifo[fifoHead]);
            size--;
        }
        final long[] page = new long[WORDS];
        pages.put(block, page);
        fifo[fifoHead] = block;
        fifoHead = (fifoHead + 1) % capacity;
        size++;
        return page;
    }
}
