package org.rwsem4j;

import java.util.concurrent.locks.AbstractOwnableSynchronizer;

/**
 * The object waiters park on ({@code LockSupport.park(blocker)}), so thread dumps show
 * "parking to wait for ... (a org.rwsem4j.RwsemSync)" and {@link #toString()} names the lock.
 */
final class RwsemSync extends AbstractOwnableSynchronizer
{
    private static final long serialVersionUID = 1L;

    private final transient Engine engine;

    RwsemSync(final Engine engine)
    {
        this.engine = engine;
    }

    @Override
    public String toString()
    {
        return engine.toString();
    }
}
