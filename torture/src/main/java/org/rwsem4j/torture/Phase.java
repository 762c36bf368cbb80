package org.rwsem4j.torture;

/** Where a worker is, published with opaque stores (no fence inside the critical section) for the watchdog. */
final class Phase
{
    static final int STARTING = 0;
    /** Between critical sections. */
    static final int OUTSIDE = 1;
    /** Inside lock(), lockInterruptibly() or tryLock(...). */
    static final int WAITING = 2;
    static final int HOLDING_READ = 3;
    static final int HOLDING_WRITE = 4;
    /** Held at the stutter gate. */
    static final int PAUSED = 5;
    static final int DONE = 6;

    private Phase()
    {
    }

    static String name(final int phase)
    {
        switch (phase)
        {
            case STARTING:
                return "STARTING";
            case OUTSIDE:
                return "OUTSIDE";
            case WAITING:
                return "WAITING";
            case HOLDING_READ:
                return "HOLDING_READ";
            case HOLDING_WRITE:
                return "HOLDING_WRITE";
            case PAUSED:
                return "PAUSED";
            case DONE:
                return "DONE";
            default:
                return "?" + phase;
        }
    }
}
