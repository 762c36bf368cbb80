package org.rwsem4j;

/**
 * Hook point {@link DecisionPoint#READER_STEAL}: what a reader that missed the fast path does first, still holding
 * the bias its fast path added, before any reader spin and before it queues. Consulted in
 * {@code Engine.rwsemDownReadSlowpath}, step "reader steal", with the count its fast path saw. The base does nothing;
 * kernel 5.11's reader lock stealing keeps the bias as its read lock when no writer and no handoff block it.
 */
@FunctionalInterface
public interface ReaderSteal
{
    /**
     * Tries to take the read lock at slow-path entry.
     *
     * @param path the engine's slow-path operations
     * @param reader this acquisition, holding its fast path's bias
     * @param count the count after the fast path's add
     * @return true if the reader now holds the read lock
     */
    boolean stealBeforeQueueing(SlowPath path, Waiter reader, long count);
}
