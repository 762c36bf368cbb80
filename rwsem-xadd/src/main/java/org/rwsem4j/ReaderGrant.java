package org.rwsem4j;

/**
 * Decision point {@link DecisionPoint#READER_COLLECT}: how the readers at the head of the queue are collected and
 * granted at a wake. The base makes two passes over the shared list (count, add the grant, then unlink and
 * publish); seed 003 makes one.
 */
@FunctionalInterface
public interface ReaderGrant
{
    /**
     * Grants the readers at the head of the queue (the head is known to be a reader).
     *
     * @param batch the engine's operations for this wake
     */
    void grantReaders(WakeBatch batch);
}
