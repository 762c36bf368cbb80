package org.rwsem4j.bench;

/** A tiny seeded generator for per-operation choices inside workers: no sharing, no allocation. */
final class XorShift
{
    private long state;

    XorShift(final long seed)
    {
        long s = seed * 0x9E3779B97F4A7C15L + 0x632BE59BD9B4E019L;
        s = (s ^ (s >>> 30)) * 0xBF58476D1CE4E5B9L;
        s = (s ^ (s >>> 27)) * 0x94D049BB133111EBL;
        this.state = (s ^ (s >>> 31)) | 1;
    }

    long nextLong()
    {
        long x = state;
        x ^= x << 13;
        x ^= x >>> 7;
        x ^= x << 17;
        state = x;
        return x;
    }

    /**
     * @param bound exclusive upper bound, positive
     * @return a value in {@code [0, bound)}
     */
    int nextInt(final int bound)
    {
        return (int)(((nextLong() >>> 32) * bound) >>> 32);
    }
}
