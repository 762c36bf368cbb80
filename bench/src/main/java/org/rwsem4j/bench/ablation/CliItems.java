package org.rwsem4j.bench.ablation;

import java.util.ArrayList;
import java.util.List;

import org.rwsem4j.bench.Locks;
import org.rwsem4j.cli.UsageException;

/** The comma-separated option values the ablation's commands share: item lists, and variant specs checked early. */
final class CliItems
{
    private CliItems()
    {
    }

    /**
     * @param text   the option's value
     * @param option the option's name, for the message
     * @return its items, trimmed
     * @throws UsageException if an item is empty
     */
    static List<String> list(final String text, final String option) throws UsageException
    {
        final List<String> items = new ArrayList<>();
        for (final String s : text.split(",", -1))
        {
            if (s.isBlank())
            {
                throw new UsageException(option + ": empty item in '" + text + "'");
            }
            items.add(s.trim());
        }
        return items;
    }

    /**
     * @param text     the option's value
     * @param option   the option's name, for the message
     * @param peerHint what the message says after "is a peer; " when an item names a JDK peer
     * @return the variant specs, each checked ({@link Locks#validate})
     * @throws UsageException if an item is empty, a peer, or a spec that does not resolve
     */
    static List<String> variantSpecs(final String text, final String option, final String peerHint)
        throws UsageException
    {
        final List<String> specs = new ArrayList<>();
        for (final String v : list(text, option))
        {
            if (Locks.isPeer(v))
            {
                throw new UsageException(option + ": '" + v + "' is a peer; " + peerHint);
            }
            try
            {
                Locks.validate(v);
            }
            catch (final IllegalArgumentException | IllegalStateException e)
            {
                throw new UsageException(option + ": bad spec '" + v + "': " + e.getMessage());
            }
            specs.add(v);
        }
        return specs;
    }
}
