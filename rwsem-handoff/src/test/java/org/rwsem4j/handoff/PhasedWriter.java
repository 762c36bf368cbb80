package org.rwsem4j.handoff;

import java.util.concurrent.locks.LockSupport;

import org.rwsem4j.Rwsem;
import org.rwsem4j.testkit.Locker;

/**
 * A write-lock holder whose liveness the test chooses: it holds parked (a writer owner that is not running, so
 * arriving writers queue instead of spinning), then busy (RUNNABLE, so spinners spin on it), then it may downgrade,
 * and finally it releases what it holds.
 */
final class PhasedWriter
{
    private static final int PARKED = 0;
    private static final int BUSY = 1;
    private static final int DOWNGRADE = 2;
    private static final int RELEASE = 3;

    private final Rwsem lock;
    private final Locker locker;
    private volatile int command = PARKED;
    private volatile int phase = -1;

    private PhasedWriter(final Rwsem lock)
    {
        this.lock = lock;
        this.locker = Locker.start("phased-writer", this::run);
    }

    /**
     * Starts the holder and waits until it holds the write lock, parked.
     *
     * @param lock the lock
     * @return the holder
     */
    static PhasedWriter holdParked(final Rwsem lock)
    {
        final PhasedWriter w = new PhasedWriter(lock);
        w.awaitPhase(PARKED);
        Scenario.await(lock, "the holder to park", () -> w.locker.thread().getState() == Thread.State.WAITING);
        return w;
    }

    private void run()
    {
        lock.writeLock().lock();
        boolean reading = false;
        phase = PARKED;
        while (command == PARKED)
        {
            LockSupport.park(this);
        }
        phase = BUSY;
        for (int c = command; c != RELEASE; c = command)
        {
            if (c == DOWNGRADE && !reading)
            {
                lock.downgrade();
                reading = true;
                phase = DOWNGRADE;
            }
            Thread.onSpinWait();
        }
        if (reading)
        {
            lock.readLock().unlock();
        }
        else
        {
            lock.writeLock().unlock();
        }
    }

    private void awaitPhase(final int wanted)
    {
        Scenario.await(lock, "the holder to reach phase " + wanted, () -> phase == wanted);
    }

    /** Keeps holding, now RUNNABLE: spinners see a running writer owner. */
    void busy()
    {
        command = BUSY;
        LockSupport.unpark(locker.thread());
        awaitPhase(BUSY);
    }

    /** Turns the write hold into a read hold (the base leaves the owner NULL) and keeps holding. */
    void downgrade()
    {
        command = DOWNGRADE;
        awaitPhase(DOWNGRADE);
    }

    /** Releases what it holds and ends. */
    void release()
    {
        command = RELEASE;
        LockSupport.unpark(locker.thread());
        locker.join();
    }
}
