package org.rwsem4j.bench;

import java.lang.invoke.VarHandle;
import java.util.Map;
import java.util.TreeMap;

/**
 * An mmap_sem stand-in: an address space of {@code slots} fixed-size slots, each either unmapped or holding one
 * region, kept in a {@link TreeMap} by start address. {@link #find(long)} is {@code find_vma} (a floor lookup and a
 * range check); {@link #toggle(int)} maps or unmaps one slot. Not thread-safe: the lock under test guards it. Each
 * region carries a plain check word that a lookup verifies, and a plain marker is odd while a writer is inside,
 * which a lookup also checks, so a broken lock shows up as an exception (the check word alone never caught a lock
 * that does nothing: x86 publishes a new region whole).
 */
final class RegionTree
{
    static final long SLOT_SIZE = 1 << 16;

    private final TreeMap<Long, Region> regions = new TreeMap<>();
    private final int slots;
    /** Plain: odd while a writer is inside {@link #toggle(int)}. A reader that sees it odd met a writer. */
    private long writing;

    RegionTree(final int slots, final long seed)
    {
        this.slots = slots;
        final XorShift random = new XorShift(seed);
        for (int s = 0; s < slots; s++)
        {
            if (random.nextInt(2) == 0)
            {
                toggle(s);
            }
        }
    }

    int slots()
    {
        return slots;
    }

    /**
     * {@code find_vma}: the region containing {@code address}, verified.
     *
     * @param address an address in {@code [0, slots * SLOT_SIZE)}
     * @return the region's length, or 0 if the address is unmapped
     */
    long find(final long address)
    {
        if ((writing & 1) != 0)
        {
            throw new IllegalStateException("torn region: a writer is inside; the lock under test does not exclude");
        }
        final Map.Entry<Long, Region> e = regions.floorEntry(address);
        if (e == null)
        {
            return 0;
        }
        final Region r = e.getValue();
        if (r.check != (r.start ^ r.end))
        {
            throw new IllegalStateException("torn region: the lock under test does not exclude");
        }
        return address < r.end ? r.end - r.start : 0;
    }

    /**
     * {@code mmap} or {@code munmap} of one slot.
     *
     * @param slot which slot
     */
    void toggle(final int slot)
    {
        final long start = slot * SLOT_SIZE;
        final long w = writing + 1;
        writing = w;
        // Fences, not a lock: the odd marker is ordered before the tree's stores (and so is not merged with the even
        // one below), and every tree store before the even marker, on the compiler and on the CPU.
        VarHandle.storeStoreFence();
        if (regions.remove(start) == null)
        {
            final Region r = new Region();
            r.start = start;
            r.end = start + SLOT_SIZE / 2 + (slot % 7) * (SLOT_SIZE / 16);
            r.check = r.start ^ r.end;
            regions.put(start, r);
        }
        VarHandle.releaseFence();
        writing = w + 1;
    }

    /** One mapped interval [start, end). Plain fields: the lock orders them. */
    private static final class Region
    {
        long start;
        long end;
        long check;
    }
}
