package org.rwsem4j.spi;

/**
 * Decision point {@link DecisionPoint#READER_BIAS}: reads that leave the count alone while the lock is read-biased
 * (BRAVO). A biased reader publishes itself in a table of visible readers shared by every lock and then re-reads the
 * word; a writer that finds {@link LockWordBits#READ_BIASED} after its acquisition waits until no entry of the table
 * names its lock. Resolved into a final field at construction: a variant without it pays a null check on the read
 * paths and nothing else.
 *
 * <p>The engine owns the bit: it arms it (at a read unlock that finds another reader counted, and after a revocation
 * only once the inhibit window has passed), clears it in the revoking writer's release, and runs the revoking writer's
 * wait. A revocation whose first look finds no biased reader is not timed and asks for no window: the next unlock that
 * would arm starts one of a microsecond or two. The hook owns the table: who is in it, and how an entry names its lock
 * and its thread.
 *
 * <p>Memory order: the reader's claim of its entry and its re-read of the word, and the writer's change of the word
 * and its scan of the table, are a Dekker pattern; both sides must use volatile (sequentially consistent) accesses,
 * so that either the reader sees the writer's bit or the writer sees the reader's entry.
 *
 * <p>A lock is named by its <b>tag</b>, a number the engine gives each lock with a reader bias when it makes the
 * lock: positive, and never given to another lock in the same JVM, so an entry left by a lock that was dropped never
 * names a live one. A number, not a reference, so that a reader stores no reference into the table: under G1 a
 * reference stored into an old object from another region runs the card-marking barrier, a StoreLoad fence, at every
 * store.
 */
public interface ReaderBias
{
    /** {@link #tryBiasedRead}: the calling thread holds a biased read. */
    int HELD = 1;
    /** {@link #tryBiasedRead}: the word is not armed (or a writer, waiter or handoff is in it): use the count. */
    int NOT_BIASED = 0;
    /** {@link #tryBiasedRead}: the lock is armed but the calling thread's entry is taken: use the count. */
    int COLLISION = -1;

    /**
     * The read fast path of an armed lock: claim the calling thread's entry for {@code lock}, then re-read the word,
     * and keep the entry only if the word still reads {@link LockWordBits#READ_BIASED} with no bit of
     * {@link LockWordBits#READ_FAILED_MASK}. Never changes the word.
     *
     * @param word the lock's word
     * @param lock the lock's tag (see the class notes)
     * @return {@link #HELD} if the calling thread now holds a biased read of {@code lock}; otherwise it must use the
     *     count: {@link #COLLISION} if its entry was taken, {@link #NOT_BIASED} if the word is not or no longer armed
     */
    int tryBiasedRead(LockWord word, long lock);

    /**
     * The read unlock: release the calling thread's entry for {@code lock} if it holds one. An entry filled by
     * another thread is never touched.
     *
     * @param lock the lock's tag
     * @return true if the calling thread held a biased read of {@code lock} and has released it
     */
    boolean tryBiasedUnlock(long lock);

    /**
     * A revoking writer's look at the table (volatile reads), at every entry a biased reader of {@code lock} may hold.
     * Every write to an armed lock makes one, before it reads any clock: it should cost a few loads.
     *
     * @param lock the lock's tag
     * @return whether any entry names {@code lock}
     */
    boolean visibleReaders(long lock);

    /**
     * For monitoring: the entries that name {@code lock} (a scan; racy).
     *
     * @param lock the lock's tag
     * @return how many biased reads of {@code lock} are held
     */
    int biasedReaders(long lock);

    /**
     * How long the bias stays off after a revocation that waited for a biased reader (BRAVO's slow-down guard).
     *
     * @param revocationNanos how long the revoking writer waited for the table
     * @return the inhibit window, in nanoseconds
     */
    long inhibitNanos(long revocationNanos);
}
