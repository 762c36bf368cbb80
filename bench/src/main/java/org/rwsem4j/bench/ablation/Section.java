package org.rwsem4j.bench.ablation;

import java.util.Locale;

import org.rwsem4j.cli.UsageException;

/** The parts of an ablation run, selectable with {@code --only}. */
public enum Section
{
    /** Seed 000's execution-time matrix. */
    LOCKTEST,
    /** Seed 004's read-trylock rate. */
    TRYLOCK,
    /** Uncontended read/write cost, off-heap and on-heap words, and two variants in one JVM. */
    UNCONTENDED,
    /** Dedicated readers and writers: per-thread ops and writer waits. */
    FAIRNESS,
    /** The region-tree and block-map workloads. */
    MACRO,
    /** Read scaling: one lock at 1, 2 and 10 threads, read-only to 100:1, and a read-mostly case over many locks. */
    READ_SCALING;

    /** @return the name {@code --only} takes: lower case, {@code -} for {@code _} (e.g. {@code read-scaling}) */
    String cliName()
    {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    static Section parse(final String text) throws UsageException
    {
        for (final Section s : values())
        {
            if (s.cliName().equals(text.trim()))
            {
                return s;
            }
        }
        throw new UsageException("unknown section '" + text + "' for --only; sections: " + names());
    }

    /** @return the sections' names, comma-separated, as {@code --only} takes them */
    public static String names()
    {
        final StringBuilder sb = new StringBuilder();
        for (final Section s : values())
        {
            sb.append(sb.length() == 0 ? "" : ",").append(s.cliName());
        }
        return sb.toString();
    }
}
