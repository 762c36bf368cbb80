package org.rwsem4j;

import java.util.concurrent.locks.AbstractOwnableSynchronizer;

/**
 * The lock's internal synchronizer. Waiters park on it ({@code LockSupport.park(sync)}), so thread dumps show
 * "parking to wait for ... (a org.rwsem4j.RwsemSync)"; and it records the writing owner as an ownable synchronizer,
 * so {@code jstack -l} lists the write lock under "Locked ownable synchronizers" and
 * {@code ThreadMXBean.findDeadlockedThreads()} sees write-lock deadlocks. Read holds are not recorded (as with
 * {@code ReentrantReadWriteLock}). The owner field is a plain field of {@link AbstractOwnableSynchronizer}: one plain
 * store on write acquire and one on write release; only monitoring reads it.
 */
final class RwsemSync extends AbstractOwnableSynchronizer
{
    private static final long serialVersionUID = 1L;

    private final transient Engine engine;

    RwsemSync(final Engine engine)
    {
        this.engine = engine;
    }

    void writer(final Thread owner)
    {
        setExclusiveOwnerThread(owner);
    }

    @Override
    public String toString()
    {
        return engine.toString();
    }
}
