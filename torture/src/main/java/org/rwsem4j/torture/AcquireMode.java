package org.rwsem4j.torture;

/** How a worker asks for the lock; each attempt picks one of the run's modes by weight. */
public enum AcquireMode
{
    /** {@code lock()}: waits uninterruptibly (an interrupt must neither fail it nor make it spin). */
    LOCK("lock", 35),
    /** {@code lockInterruptibly()}: an interrupt makes it leave the queue. */
    LOCK_INTERRUPTIBLY("interruptibly", 25),
    /** {@code tryLock()}: no wait; fails while waiters are queued. */
    TRY_LOCK("try", 15),
    /** {@code tryLock(time, unit)} with a log-uniform timeout of 1 us to 5 ms. */
    TRY_LOCK_TIMED("timed", 25);

    private final String cliName;
    private final int weight;

    AcquireMode(final String cliName, final int weight)
    {
        this.cliName = cliName;
        this.weight = weight;
    }

    /** {@return the name the CLI's {@code --modes} uses} */
    public String cliName()
    {
        return cliName;
    }

    /** @return the relative share of attempts when every mode is enabled */
    int weight()
    {
        return weight;
    }

    static AcquireMode byCliName(final String name)
    {
        for (final AcquireMode m : values())
        {
            if (m.cliName.equals(name))
            {
                return m;
            }
        }
        return null;
    }
}
