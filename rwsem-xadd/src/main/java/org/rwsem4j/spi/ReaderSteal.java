package org.rwsem4j.spi;

/**
 * Hook point {@link DecisionPoint#READER_STEAL}: what a reader that missed the fast path does first, still holding
 * the bias its fast path added, before any reader spin and before it queues. Consulted in
 * {@code Engine.readerStealBeforeQueueing}, first thing in the read slow path, with the count its fast path saw and
 * before the acquisition allocates anything (a reader that steals costs no waiter, no JFR event and no clock read;
 * under steady contention with a writer queued, nearly every read is such a steal). The base does nothing;
 * kernel 5.11's reader lock stealing keeps the bias as its read lock when no writer and no handoff block it.
 */
@FunctionalInterface
public interface ReaderSteal
{
    /**
     * Tries to take the read lock at slow-path entry.
     *
     * @param path the engine's slow-path operations
     * @param count the count after the fast path's add
     * @return true if the reader now holds the read lock
     */
    boolean stealBeforeQueueing(SlowPath path, long count);
}
