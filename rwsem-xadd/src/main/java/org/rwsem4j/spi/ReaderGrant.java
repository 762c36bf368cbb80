package org.rwsem4j.spi;

/**
 * Hook point {@link DecisionPoint#READER_COLLECT}: which queued readers are collected, and how, and granted at a
 * wake. The base makes two passes over the shared list (count, add the grant, then unlink and
 * publish); seed 003 makes one.
 */
@FunctionalInterface
public interface ReaderGrant
{
    /**
     * Grants queued readers (the head is known to be a reader): the base and seed 003 take the readers at the head,
     * wake-all-readers every reader up to {@link WakeBatch#limit()}.
     *
     * @param batch the engine's operations for this wake
     */
    void grantReaders(WakeBatch batch);
}
