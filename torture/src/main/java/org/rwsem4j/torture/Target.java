package org.rwsem4j.torture;

import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReadWriteLock;

import org.rwsem4j.LockEvents;
import org.rwsem4j.Rwsem;
import org.rwsem4j.RwsemState;

/** The lock under test, with the extras only an {@link Rwsem} has (downgrade, state, events). */
final class Target
{
    final ReadWriteLock lock;
    final Lock read;
    final Lock write;
    /** Null unless the lock is an {@link Rwsem}. */
    final Rwsem rwsem;
    final String name;

    Target(final ReadWriteLock lock, final String name)
    {
        this.lock = lock;
        this.read = lock.readLock();
        this.write = lock.writeLock();
        this.rwsem = lock instanceof Rwsem ? (Rwsem)lock : null;
        this.name = name;
    }

    boolean canDowngrade()
    {
        return rwsem != null;
    }

    /** @return a diagnostic snapshot, or null for a lock that is not an Rwsem */
    RwsemState state()
    {
        return rwsem == null ? null : rwsem.state();
    }

    /** @return the slow-path event counters, or null for a lock that is not an Rwsem */
    LockEvents events()
    {
        return rwsem == null ? null : rwsem.events();
    }

    /** @return the state, formatted, or a note that there is none */
    String describeState()
    {
        if (rwsem == null)
        {
            return "(not an Rwsem: no lock state) " + lock;
        }
        try
        {
            return rwsem.state().toString();
        }
        catch (final RuntimeException ex)
        {
            return "(state() threw " + ex + ")";
        }
    }
}
