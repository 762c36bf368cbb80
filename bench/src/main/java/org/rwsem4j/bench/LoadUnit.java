package org.rwsem4j.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.openjdk.jmh.infra.Blackhole;

/**
 * The unit of the seed-000 critical-section load ({@link LockTestBenchmark}'s {@code load}). A critical section of
 * PAUSEs and one of plain ALU work stress a lock differently, so the cells can be measured in either:
 * <ul>
 *   <li>{@link #PAUSE}: {@link Thread#onSpinWait()}, the seeds' PAUSE instruction ({@link Pause});</li>
 *   <li>{@link #TOKENS}: JMH's {@link Blackhole#consumeCPU(long)}, whose tokens are a dependent chain of multiplies
 *       and adds: plain ALU work, where a PAUSE idles the pipeline.</li>
 * </ul>
 * {@link LoadCalibration} states each in ns.
 */
public enum LoadUnit
{
    /** {@link Thread#onSpinWait()} per unit: the seeds' unit and the default. */
    PAUSE("pause", "pause units", "pause units"),
    /** {@link Blackhole#consumeCPU(long)} tokens. */
    TOKENS("tokens", "consumeCPU tokens", "`Blackhole.consumeCPU` tokens");

    /** What {@code --unit} and the JMH parameter {@code unit} call it. */
    public final String cliName;
    /** How table titles name it (plain text: titles are also the charts' captions). */
    public final String title;
    /** How notes name it (Markdown). */
    public final String description;

    LoadUnit(final String cliName, final String title, final String description)
    {
        this.cliName = cliName;
        this.title = title;
        this.description = description;
    }

    /**
     * Spends {@code units} of this unit (the critical section's load).
     *
     * @param units how many
     */
    void spin(final int units)
    {
        if (this == TOKENS)
        {
            Blackhole.consumeCPU(units);
        }
        else
        {
            Pause.spin(units);
        }
    }

    /**
     * @param text a unit's name
     * @return the unit
     * @throws IllegalArgumentException if it names none (the message lists the valid names)
     */
    public static LoadUnit parse(final String text)
    {
        for (final LoadUnit u : values())
        {
            if (u.cliName.equals(text.trim().toLowerCase(Locale.ROOT)))
            {
                return u;
            }
        }
        throw new IllegalArgumentException("unknown load unit '" + text + "'; valid: " + names());
    }

    /** @return the valid names, comma separated */
    public static String names()
    {
        final List<String> out = new ArrayList<>();
        for (final LoadUnit u : values())
        {
            out.add(u.cliName);
        }
        return String.join(", ", out);
    }
}
