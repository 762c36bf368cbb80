package org.rwsem4j.torture;

/**
 * An oracle's side of the critical section. Each call is made by the worker holding the lock (or about to release
 * it), in this order: {@code readerEnter, body, readerExit} or {@code writerEnter, body, writerExit} or
 * {@code writerEnter, body, downgrade, [lock.downgrade()], body, readerExit}.
 */
interface Check
{
    void readerEnter(Worker w);

    void readerExit(Worker w);

    void writerEnter(Worker w);

    void writerExit(Worker w);

    /** The write lock is about to become a read lock ({@code Rwsem.downgrade()} follows at once). */
    void downgrade(Worker w);

    /**
     * After every worker has been joined (happens-before through {@code Thread.join}).
     *
     * @param writeAcquisitions the write acquisitions of the run (downgraded ones included)
     * @param violations where to record what is wrong
     */
    void afterJoin(long writeAcquisitions, Violations violations);

    static Check of(final Oracle oracle, final Violations violations)
    {
        return oracle == Oracle.EXCLUSION ? new OccupancyCheck(violations) : new DataCheck(violations);
    }
}
