package org.rwsem4j.torture;

import java.util.ArrayList;
import java.util.List;

import org.rwsem4j.Variant;

/** The parsed command line of {@link Race}. */
final class RaceArgs
{
    int threads = 10_000;
    int ops = 100;
    int reps = 5;
    int csSpins = 20;
    int parkEvery;
    final List<String> locks = new ArrayList<>(List.of(Peer.RRWL, "recommended", "all"));

    static RaceArgs parse(final String[] args) throws UsageException
    {
        final RaceArgs a = new RaceArgs();
        for (int i = 0; i < args.length; i += 2)
        {
            final String option = args[i];
            if (i + 1 >= args.length)
            {
                throw new UsageException(option.startsWith("--") ? "option " + option + " needs a value" :
                    "unexpected argument '" + option + "'");
            }
            final String value = args[i + 1];
            switch (option)
            {
                case "--threads":
                    a.threads = number(option, value, 2, 100_000);
                    break;
                case "--ops":
                    a.ops = number(option, value, 1, 10_000_000);
                    break;
                case "--reps":
                    a.reps = number(option, value, 1, 1_000);
                    break;
                case "--cs-spins":
                    a.csSpins = number(option, value, 0, 1_000_000);
                    break;
                case "--park-every":
                    a.parkEvery = number(option, value, 0, Integer.MAX_VALUE);
                    break;
                case "--locks":
                    a.locks.clear();
                    for (final String one : value.split(",", -1))
                    {
                        a.locks.add(spec(one.trim()));
                    }
                    break;
                default:
                    throw new UsageException("unknown option '" + option + "' (use --threads, --ops, --reps, " +
                        "--locks, --cs-spins, --park-every)");
            }
        }
        return a;
    }

    private static String spec(final String name) throws UsageException
    {
        if (name.equals(Peer.RRWL))
        {
            return name;
        }
        try
        {
            Variant.parse(name);
            return name; // the name as given: a preset stays readable in the table
        }
        catch (final IllegalArgumentException ex)
        {
            throw new UsageException("bad --locks entry '" + name + "': " + ex.getMessage() + "; or " + Peer.RRWL);
        }
    }

    private static int number(final String option, final String text, final int min, final int max)
        throws UsageException
    {
        try
        {
            final int v = Integer.parseInt(text.trim());
            if (v >= min && v <= max)
            {
                return v;
            }
        }
        catch (final NumberFormatException ex)
        {
            // reported below
        }
        throw new UsageException("bad number for " + option + ": '" + text + "' (" + min + ".." + max + ")");
    }
}
