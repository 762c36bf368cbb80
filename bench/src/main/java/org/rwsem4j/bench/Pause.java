package org.rwsem4j.bench;

/** The seeds' load unit: one PAUSE instruction, here {@link Thread#onSpinWait()}. */
public final class Pause
{
    private Pause()
    {
    }

    /**
     * Spins {@code units} pause units.
     *
     * @param units how many
     */
    public static void spin(final int units)
    {
        for (int i = 0; i < units; i++)
        {
            Thread.onSpinWait();
        }
    }
}
