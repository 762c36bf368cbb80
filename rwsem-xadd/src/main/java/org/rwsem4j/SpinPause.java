package org.rwsem4j;

/**
 * A spinner's wait between two looks at the lock (platform adaptation W6, see the engine's notes): the JVM's
 * {@code cpu_relax()}, repeated. Its own class so that a model checker can treat the wait as what it is, time passing
 * with no shared access, and skip it.
 */
final class SpinPause
{
    private SpinPause()
    {
    }

    /**
     * Waits {@code onSpinWaits} times {@link Thread#onSpinWait()}.
     *
     * @param onSpinWaits how many
     */
    static void pause(final int onSpinWaits)
    {
        for (int k = onSpinWaits; k > 0; k--)
        {
            Thread.onSpinWait();
        }
    }
}
