package org.rwsem4j.spi;

/**
 * Hook point {@link DecisionPoint#READER_SPIN}: what a reader that missed the fast path does before it queues.
 * Consulted in {@code Engine.rwsemDownReadSlowpath}, step "reader spin", with the count its fast path saw. The base
 * does nothing (readers queue); seed 000 spins.
 */
@FunctionalInterface
public interface ReaderSpin
{
    /**
     * Tries to take the read lock before queueing.
     *
     * @param path the engine's slow-path operations
     * @param reader this acquisition (it still holds the bias its fast path added, unless the hook gave it back)
     * @param count the count after the fast path's add
     * @return true if the reader now holds the read lock
     */
    boolean spinBeforeQueueing(SlowPath path, Waiter reader, long count);
}
