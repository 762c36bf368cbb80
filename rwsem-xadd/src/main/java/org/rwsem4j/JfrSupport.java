package org.rwsem4j;

/**
 * Keeps JFR off the first contended acquisition. The first {@code jdk.jfr.Event} a JVM instantiates builds JFR's
 * metadata, which is slow; done inside a lock's slow path, that stalls the first contended waiter
 * for that long. So the first lock built starts a daemon thread that instantiates {@link ContendedEvent} once, off
 * every lock path. Set {@code -Drwsem4j.jfr=false} to never touch JFR at all.
 */
final class JfrSupport
{
    /** Whether slow paths create {@link ContendedEvent}s. */
    static final boolean ENABLED = !"false".equals(System.getProperty("rwsem4j.jfr"));

    private JfrSupport()
    {
    }

    static
    {
        if (ENABLED)
        {
            final Thread warmUp = new Thread(() -> new ContendedEvent().begin(), "rwsem4j-jfr-warm-up");
            warmUp.setDaemon(true);
            warmUp.start();
        }
    }

    /**
     * The begun event of one slow-path acquisition; null when JFR is off or the event cannot be allocated
     * ({@link FaultPoint#JFR_EVENT}): a lock never fails because of its statistics.
     *
     * @return the event, or null
     */
    static ContendedEvent beginContendedEvent()
    {
        if (!ENABLED)
        {
            return null;
        }
        try
        {
            Faults.reach(FaultPoint.JFR_EVENT);
            final ContendedEvent event = new ContendedEvent();
            event.begin();
            return event;
        }
        catch (final OutOfMemoryError ex)
        {
            return null;
        }
    }

    /** Touching this class is enough to start the warm-up, once. */
    static void init()
    {
    }
}
