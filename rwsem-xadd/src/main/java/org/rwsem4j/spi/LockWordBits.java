package org.rwsem4j.spi;

/**
 * The layout of the 64-bit lock word (the kernel's count since 5.3, 64489e78004c), shared by every variant.
 *
 * <h2>Guide to the count field</h2>
 * <pre>
 *  63   62 ........................... 8  7 .. 5   4       3         2         1         0
 * +----+------------------------------+--------+-------+---------+---------+---------+---------+
 * | RF |   reader count (one          |reserved| READ_ | WRITER_ | HANDOFF | WAITERS | WRITER  |
 * |    |   READER_BIAS per active or  |        | BIASED| WAKING  |         |         |         |
 * |    |   attempting reader)         |        |       |         |         |         |         |
 * +----+------------------------------+--------+-------+---------+---------+---------+---------+
 * </pre>
 * <ul>
 *   <li>{@link #WRITER_LOCKED}: a writer holds the lock. Set only by a CAS that saw no lock bits.</li>
 *   <li>{@link #WAITERS}: the wait queue is non-empty and its head needs a wake. Changed only under the engine's wait
 *       lock, with an atomic RMW. Under the engine's platform adaptation W7 (see its notes) a wake that unparks the
 *       head writer swaps this bit for {@link #WRITER_WAKING} until that writer is back under the wait lock.</li>
 *   <li>{@link #WRITER_WAKING}: not from the kernel. The wait queue is non-empty and its head is a writer already
 *       woken, which will try the lock again before it sleeps: unlocks need not wake anyone. Fails the fast paths as
 *       WAITERS does, except a reader's that finds no other reader. Set in place of WAITERS, and changed, only under
 *       the wait lock; never set together with WAITERS.</li>
 *   <li>{@link #HANDOFF}: the lock must go to the queue head; no fast path, trylock, spinner or reader steal may take
 *       it. Changed only under the wait lock.</li>
 *   <li>{@link #READ_BIASED}: not from the kernel, only with a reader-bias hook ({@link DecisionPoint#READER_BIAS}).
 *       Readers may hold the lock through the table of visible readers without counting themselves. The places where
 *       this bit is set: a read unlock that found another reader counted, in a CAS of its own after its release
 *       that finds another reader still counted and no writer, waiter or handoff, once the inhibit window after the
 *       last revocation has passed. It is cleared only by the write owner, in the add that releases its write lock
 *       (an unlock or a downgrade) after its wait for the table found no biased reader of the lock. Fails no fast
 *       path; a write from 0 misses it and goes to the slow path.</li>
 *   <li>reader count: readers acquire with one fetch-add of {@link #READER_BIAS}; the bits include readers that
 *       are backing out, so a non-zero count is not proof of a reader holder.</li>
 *   <li>{@link #READ_FAIL} (bit 63, the sign bit): guard against reader overflow; every read attempt fails while
 *       it is set and no reader wake happens.</li>
 * </ul>
 * Only atomic read-modify-writes touch a live word: a plain store would erase concurrent reader adds and the
 * waiters bit. The one plain store is at construction.
 */
public final class LockWordBits
{
    /** A writer holds the lock. */
    public static final long WRITER_LOCKED = 1L;
    /** The wait queue is non-empty and its head may need a wake. */
    public static final long WAITERS = 1L << 1;
    /** The lock is reserved for the queue head. */
    public static final long HANDOFF = 1L << 2;
    /** The wait queue is non-empty and its head is a writer already woken (W7), in place of {@link #WAITERS}. */
    public static final long WRITER_WAKING = 1L << 3;
    /** Readers may hold the lock through the table of visible readers (a reader-bias hook only). */
    public static final long READ_BIASED = 1L << 4;
    /** Bit position of the reader count. */
    public static final int READER_SHIFT = 8;
    /** One reader. */
    public static final long READER_BIAS = 1L << READER_SHIFT;
    /** Reader-count overflow guard. */
    public static final long READ_FAIL = 1L << 63;
    /** Every reader bit, bit 63 included, as in the kernel. */
    public static final long READER_MASK = ~(READER_BIAS - 1);
    /** Any holder. */
    public static final long LOCK_MASK = WRITER_LOCKED | READER_MASK;
    /** A read fast path fails if any of these is set. */
    public static final long READ_FAILED_MASK = WRITER_LOCKED | WAITERS | HANDOFF | WRITER_WAKING | READ_FAIL;
    /** The unlocked value. */
    public static final long UNLOCKED = 0L;

    private LockWordBits()
    {
    }

    /**
     * Number of active or attempting readers in a count value.
     *
     * @param count a lock word value
     * @return the reader count
     */
    public static long readers(final long count)
    {
        return (count & ~READ_FAIL) >>> READER_SHIFT;
    }

    /**
     * Decodes a count value for diagnostics, e.g. {@code readers=2,waiters}.
     *
     * @param count a lock word value
     * @return a short human-readable form
     */
    public static String describe(final long count)
    {
        final StringBuilder sb = new StringBuilder();
        sb.append("readers=").append(readers(count));
        if ((count & WRITER_LOCKED) != 0)
        {
            sb.append(",writer");
        }
        if ((count & WAITERS) != 0)
        {
            sb.append(",waiters");
        }
        if ((count & HANDOFF) != 0)
        {
            sb.append(",handoff");
        }
        if ((count & WRITER_WAKING) != 0)
        {
            sb.append(",writer-waking");
        }
        if ((count & READ_BIASED) != 0)
        {
            sb.append(",biased");
        }
        if ((count & READ_FAIL) != 0)
        {
            sb.append(",readfail");
        }
        return sb.toString();
    }
}
