package org.rwsem4j.spi;

/**
 * Decision point {@link DecisionPoint#READ_TRYLOCK}: how {@code down_read_trylock} tries. It must add exactly one
 * {@link LockWordBits#READER_BIAS} on success and nothing on failure (a trylock has no back-out step), and must fail
 * while any bit of {@link LockWordBits#READ_FAILED_MASK} is set: waiters queued included, so a trylock never barges
 * past the queue.
 */
@FunctionalInterface
public interface ReadTrylock
{
    /**
     * One read trylock.
     *
     * @param word the lock word
     * @return true if this call added a reader
     */
    boolean tryReadLock(LockWord word);
}
